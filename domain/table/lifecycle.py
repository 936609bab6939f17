"""The table's lifecycle around any game: created, seats taken, started, played, finished.

`decide` handles the table's commands and hands every other one to the game's `decide`
while the table is playing; `evolve` counts versions and folds the game's events into its
state; `view` and `redact` are how a table leaves the server.
"""

from collections.abc import Iterable
from datetime import datetime
from functools import lru_cache
from typing import Any, NamedTuple, cast

import msgspec
from msgspec import UnsetType

from domain import clocks
from domain.chance import Chance, commitment, effective_seed
from domain.decider import AnyRules, CommandT, Context, EventT, OptionsT, Rules, StateT
from domain.errors import require
from domain.table import sandbox, starting
from domain.table.clock import acting_seats, claim_timeout, return_to_table, warn_seat
from domain.table.ending import Ending, Plan, closing
from domain.table.refusals import Refused
from domain.table.seating import require_seated
from domain.table.setup import check_size, size, split_setup, with_setup
from domain.table.vocabulary import (
    TABLE_COMMAND_TYPES,
    TABLE_EVENT_TYPES,
    AnyTable,
    CancelTable,
    CreateTable,
    ExpireTable,
    ForkTable,
    GameFinished,
    GameStarted,
    HandSeats,
    OpenRematch,
    RematchOpened,
    Seat,
    SeatsHanded,
    SeatTaken,
    SeedRevealed,
    StartGame,
    Table,
    TableCancelled,
    TableCommand,
    TableCreated,
    TableEvent,
    TableExpired,
    TableForked,
    TakeSeat,
    game_of,
    options_of,
)


class Decision(NamedTuple):
    """A command's events and the table they produced, folded once."""

    events: tuple[Any, ...]
    table: AnyTable


def decide(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    command: TableCommand | CommandT,
    ctx: Context,
) -> tuple[TableEvent | EventT, ...]:
    """The events a command produces, or a `DomainError` saying why it is refused."""
    return decided(rules, table, command, ctx).events


def decided(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    command: TableCommand | CommandT,
    ctx: Context,
) -> Decision:
    """The events a command produces and the table after them: the game's events are
    folded once, then the ending they call for (`domain.table.ending`) is added."""
    events, ending = _plan(rules, table, command, ctx)
    after = fold(rules, events, table)
    if ending is not None:
        ended = closing(rules, game_of(after), ending, ctx, table.sandbox is not None)
        events, after = (*events, *ended), fold(rules, ended, after)
    return Decision(events, after)


def _plan(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    command: TableCommand | CommandT,
    ctx: Context,
) -> Plan:
    if type(command) not in TABLE_COMMAND_TYPES:  # most commands are the game's
        return _play(rules, table, cast(CommandT, command), ctx)
    match command:
        case CreateTable():
            return _create(rules, table, command, ctx), None
        case TakeSeat():
            return starting.seat(rules, table, command, ctx)
        case StartGame():
            return starting.start(rules, table, ctx)
        case clocks.ClaimTimeout():
            return claim_timeout(rules, table, command, ctx)
        case clocks.WarnSeat():
            return warn_seat(rules, table, command, ctx), None
        case clocks.ReturnToTable():
            return return_to_table(rules, table, ctx), None
        case OpenRematch():
            return _open_rematch(table, command, ctx), None
        case CancelTable():
            return starting.cancel(table, ctx), None
        case HandSeats():
            return (sandbox.hand_seats(rules, table, command, ctx),), None
        case ForkTable():
            raise TypeError("a fork is decided against its source (domain.table.forking)")
        case ExpireTable():
            return starting.expire(table, command, ctx), None
    raise TypeError(f"{type(command).__name__} is a table command without a plan")


def evolve(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    event: TableEvent | EventT,
) -> Table[OptionsT, StateT]:
    """Apply one event; the table counts versions, the game folds its own events."""
    replace = msgspec.structs.replace
    if type(event) not in TABLE_EVENT_TYPES:  # most events are the game's: one replace
        # (the set tells what `isinstance` would, more cheaply; the cast, the type checker)
        game = rules.evolve(game_of(table), cast(EventT, event))
        return replace(table, game=game, version=table.version + 1)
    match event:
        case TableCreated():
            options, clock_options = created_options(rules, event)
            table = replace(
                table,
                kind=event.kind,
                options=options,
                commitment=event.commitment,
                status="open",
                setup=split_setup(event.options)[1],
                rematch_of=None if isinstance(event.rematch_of, UnsetType) else event.rematch_of,
            )
            if clock_options is not None:
                table = replace(table, clock=clocks.Clock(clock_options))
        case SeatTaken():
            seats = (*table.seats, Seat(event.name, event.bot, event.player))
            table = replace(table, seats=seats, entropies=(*table.entropies, event.entropy))
            table = replace(table, budgets=(*table.budgets, event.think))
        case GameStarted():
            game = rules.initial_state(options_of(table), event.seats)
            table = replace(table, status="playing", game=game)
            if table.clock is not None:
                table = replace(table, clock=clocks.started(table.clock.options, event.seats))
        case GameFinished():
            table = replace(table, status="finished", standings=event.standings)
        case SeedRevealed():
            table = replace(table, seed=event.seed)
        case (
            clocks.ClockRestarted()
            | clocks.SeatTimedOut()
            | clocks.SeatWarned()
            | clocks.SeatMarkedAbsent()
            | clocks.SeatMarkedPresent()
        ):
            table = replace(table, clock=clocks.evolve(_clock(table), event))
        case RematchOpened():
            table = replace(table, rematch=event.game_id)
        case TableCancelled():
            table = replace(table, status="cancelled")
        case TableForked():
            return sandbox.forked(rules, event)
        case SeatsHanded():
            table = sandbox.handed(table, event)
        case TableExpired():
            table = replace(table, status="expired")
    return replace(table, version=table.version + 1)


def decision_context(
    table: AnyTable,
    seat: int | None,
    now: datetime,
    secret: bytes,
    chance: type[Chance] = Chance,
) -> Context:
    """The context a command is decided in at this table: its chance comes from the secret
    mixed with the seats' entropy, labelled by the version it is decided at (`domain.chance`)."""
    return Context(seat, now, chance(_seeded(secret, table.entropies), table.version), secret)


@lru_cache(maxsize=1024)
def _seeded(secret: bytes, entropies: tuple[str, ...]) -> bytes:
    """The effective seed of a game, the same for every command once its seats are taken."""
    return effective_seed(secret, entropies)


def fold(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    events: Iterable[TableEvent | EventT],
    table: Table[OptionsT, StateT] | None = None,
) -> Table[OptionsT, StateT]:
    """The table after `events`, starting from `table` (or from nothing)."""
    state: Table[OptionsT, StateT] = table or Table()
    for event in events:
        state = evolve(rules, state, event)
    return state


def created_options(
    rules: Rules[OptionsT, CommandT, EventT, StateT], event: TableCreated
) -> tuple[OptionsT, clocks.ClockOptions | None]:
    """The game's own options of a table as created, and its clock's (None: no clock)."""
    game_options, clock_options = clocks.split_options(split_setup(event.options)[0])
    return msgspec.convert(game_options, rules.Options), clock_options


def created_seats(
    rules: Rules[OptionsT, CommandT, EventT, StateT], event: TableCreated
) -> tuple[int, int]:
    """The fewest seats a table as created starts with, and its size."""
    seat_range = rules.seat_range(created_options(rules, event)[0])
    return seat_range[0], size(split_setup(event.options)[1], seat_range)


def event_type(rules: AnyRules) -> Any:
    """The tagged union of every event a table of this kind can record (a type expression)."""
    return TableEvent | rules.Event


def command_type(rules: AnyRules) -> Any:
    """The tagged union of every command a seat may post to a table of this kind."""
    return StartGame | rules.Command | clocks.ReturnToTable | CancelTable | HandSeats


def _create(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    command: CreateTable,
    ctx: Context,
) -> tuple[TableEvent, ...]:
    require(table.status == "new", Refused("table_exists", "this table already exists"))
    rest, setup = split_setup(command.options)
    game_options, given_clock = clocks.split_options(rest)
    clock_options = clocks.with_grace(given_clock)
    untimed = f"{rules.title} has no turns, so its tables take no clock"
    require(clock_options is None or not rules.real_time, Refused("invalid_options", untimed))
    try:
        options = msgspec.convert(game_options, rules.Options)
    except msgspec.ValidationError as error:
        raise Refused("invalid_options", "invalid options: {}", error).error() from error
    check_size(setup, rules.seat_range(options))
    normalized = clocks.with_clock(msgspec.to_builtins(options), clock_options)
    recorded = with_setup(normalized, setup)
    sealed = commitment(ctx.seed)
    return (TableCreated(rules.kind, recorded, sealed, rematch_of=command.rematch_of),)


_GAME_OVER = Refused("game_over", "the game is over")
_NOT_STARTED = Refused("not_started", "the game has not started yet")


def _play(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    command: CommandT,
    ctx: Context,
) -> Plan:
    require(table.status != "finished", _GAME_OVER)
    require(table.status == "playing", _NOT_STARTED)
    require_seated(table, ctx)
    game = game_of(table)
    events = rules.decide(game, command, ctx)
    if table.clock is None:
        return events, Ending()
    seat = ctx.seat
    assert seat is not None
    back = (clocks.SeatMarkedPresent(seat),) if seat in table.clock.absent else ()
    restart = clocks.restarted(table.clock, ctx.now, acting_seats(rules, table), seat, {seat: 0})
    return (*back, *events), Ending(restart)


def _open_rematch(table: AnyTable, command: OpenRematch, ctx: Context) -> tuple[TableEvent, ...]:
    require(
        table.status == "finished", Refused("game_not_over", "a rematch follows a finished game")
    )
    require_seated(table, ctx)
    require(
        table.rematch is None, Refused("rematch_opened", f"the rematch is table {table.rematch}")
    )
    return (RematchOpened(command.game_id),)


def _clock(table: AnyTable) -> clocks.Clock:
    assert table.clock is not None, "only a table with a clock records its events"
    return table.clock

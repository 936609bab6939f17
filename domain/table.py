"""The table around every game: created, seats taken, started, played, finished.

Written once and composed with any `GameRules`: table commands are handled here, every
other command goes to the game's `decide` while the table is playing. When the game reaches
its end, the table appends the standings and reveals the secret seed in the same decision.
At a table with a clock (`domain.clocks`) every accepted command also restarts the clock,
and a seat out of time has its move made for it by the `random` bot (`claim_timeout`).
"""

import dataclasses
import unicodedata
from collections.abc import Iterable
from datetime import datetime
from functools import reduce
from typing import Any, Generic, Literal

import msgspec

from domain import clocks
from domain.bots import random_move
from domain.chance import ALGORITHM, Chance, commitment, effective_seed
from domain.decider import (
    REFEREE,
    AnyRules,
    CommandT,
    Context,
    EventT,
    OptionsT,
    Rules,
    Standing,
    StateT,
)
from domain.errors import DomainError, require

Status = Literal["new", "open", "playing", "finished"]
MAX_NAME = 40
MAX_ENTROPY = 256
"""The most characters of entropy a seat may bring."""
UNPRINTABLE = frozenset({"Cc", "Cs"})
"""Unicode categories no name or entropy may hold: control characters and lone surrogates."""


class CreateTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="create_table"):
    kind: str
    options: dict[str, Any] = {}


class TakeSeat(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="take_seat"):
    name: str
    entropy: str = ""
    bot: str | None = None
    player: str | None = None
    """The handle of the player taking the seat (proven by their token), if any."""


class StartGame(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="start_game"):
    pass


class OpenRematch(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="open_rematch"):
    """Link a finished table to the new table its seats may play again at."""

    game_id: str


class TableCreated(msgspec.Struct, frozen=True, tag="table.created"):
    kind: str
    options: dict[str, Any]
    commitment: str
    algorithm: str = ALGORITHM


class SeatTaken(msgspec.Struct, frozen=True, tag="table.seat_taken"):
    seat: int
    name: str
    entropy: str = ""
    bot: str | None = None
    player: str | None = None


class GameStarted(msgspec.Struct, frozen=True, tag="table.game_started"):
    seats: int
    started_at: str


class GameFinished(msgspec.Struct, frozen=True, tag="table.game_finished"):
    standings: tuple[Standing, ...]


class SeedRevealed(msgspec.Struct, frozen=True, tag="table.seed_revealed"):
    seed: str


class RematchOpened(msgspec.Struct, frozen=True, tag="table.rematch_opened"):
    """The finished table's seats may play again at table `game_id`."""

    game_id: str


TableEvent = (
    TableCreated
    | SeatTaken
    | GameStarted
    | GameFinished
    | SeedRevealed
    | RematchOpened
    | clocks.ClockEvent
)
TABLE_EVENTS = (
    TableCreated,
    SeatTaken,
    GameStarted,
    GameFinished,
    SeedRevealed,
    RematchOpened,
    clocks.ClockRestarted,
    clocks.SeatTimedOut,
    clocks.SeatMarkedAbsent,
    clocks.SeatMarkedPresent,
)


TableCommand = (
    CreateTable | TakeSeat | StartGame | OpenRematch | clocks.ClaimTimeout | clocks.ReturnToTable
)


class Seat(msgspec.Struct, frozen=True):
    name: str
    bot: str | None = None
    player: str | None = None


class Table(msgspec.Struct, Generic[OptionsT, StateT], frozen=True):
    """A table of one kind: its options and its game's state once started."""

    kind: str = ""
    options: OptionsT | None = None
    commitment: str = ""
    status: Status = "new"
    seats: tuple[Seat, ...] = ()
    entropies: tuple[str, ...] = ()
    game: StateT | None = None
    standings: tuple[Standing, ...] = ()
    seed: str = ""
    version: int = 0
    clock: clocks.Clock | None = None
    rematch: str | None = None


AnyTable = Table[Any, Any]
"""A table of any kind, as the service holds them."""


class TableView(msgspec.Struct, frozen=True):
    """The table as one viewer sees it; `game` is the game's own view, `legal_moves` the
    commands the viewer may send now, `rematch` the table its seats play again at."""

    kind: str
    status: Status
    version: int
    options: msgspec.Struct | None
    seats: tuple[Seat, ...]
    commitment: str
    you: int | None
    game: msgspec.Struct | None
    legal_moves: tuple[msgspec.Struct, ...]
    standings: tuple[Standing, ...] = ()
    seed: str = ""
    clock: clocks.ClockView | None = None
    rematch: str | None = None


def decide(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    command: TableCommand | CommandT,
    ctx: Context,
) -> tuple[TableEvent | EventT, ...]:
    """The events a command produces, or a `DomainError` saying why it is refused."""
    match command:
        case CreateTable():
            return _create(rules, table, command, ctx)
        case TakeSeat():
            return _take_seat(rules, table, command)
        case StartGame():
            return _start(rules, table, ctx)
        case clocks.ClaimTimeout():
            return _claim_timeout(rules, table, command, ctx)
        case clocks.ReturnToTable():
            return _return(rules, table, ctx)
        case OpenRematch():
            return _open_rematch(table, command, ctx)
        case _:
            return _play(rules, table, command, ctx)


def evolve(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    event: TableEvent | EventT,
) -> Table[OptionsT, StateT]:
    """Apply one event; the table counts versions, the game folds its own events."""
    replace = msgspec.structs.replace
    if not isinstance(event, TABLE_EVENTS):  # most events are the game's: one replace
        return replace(table, game=rules.evolve(_game(table), event), version=table.version + 1)
    match event:
        case TableCreated():
            options, clock_options = created_options(rules, event)
            table = replace(
                table, kind=event.kind, options=options, commitment=event.commitment, status="open"
            )
            if clock_options is not None:
                table = replace(table, clock=clocks.Clock(clock_options))
        case SeatTaken():
            seats = (*table.seats, Seat(event.name, event.bot, event.player))
            table = replace(table, seats=seats, entropies=(*table.entropies, event.entropy))
        case GameStarted():
            game = rules.initial_state(_options(table), event.seats)
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
            | clocks.SeatMarkedAbsent()
            | clocks.SeatMarkedPresent()
        ):
            table = replace(table, clock=clocks.evolve(_clock(table), event))
        case RematchOpened():
            table = replace(table, rematch=event.game_id)
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
    return Context(
        seat, now, chance(effective_seed(secret, table.entropies), table.version), secret
    )


def fold(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    events: Iterable[TableEvent | EventT],
    table: Table[OptionsT, StateT] | None = None,
) -> Table[OptionsT, StateT]:
    """The table after `events`, starting from `table` (or from nothing)."""
    start: Table[OptionsT, StateT] = table or Table()
    return reduce(lambda state, event: evolve(rules, state, event), events, start)


def legal_moves(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    seat: int,
) -> tuple[StartGame | clocks.ReturnToTable | CommandT, ...]:
    """Every command `seat` may send now, table commands included."""
    if not 0 <= seat < len(table.seats):
        return ()
    if table.status == "open":
        low, _ = rules.seat_range(_options(table))
        return (StartGame(),) if len(table.seats) >= low else ()
    if table.status == "playing":
        back = (clocks.ReturnToTable(),) if table.clock and seat in table.clock.absent else ()
        return (*back, *rules.legal_moves(_game(table), seat))
    return ()


def view(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    viewer: int,
    between_commands: bool = True,
) -> TableView:
    """The table as `viewer` may see it; once finished, every hand is open to all. In the
    middle of a command (a replay may stop there) nobody may act, so there are no moves."""
    game_viewer = REFEREE if table.status == "finished" else viewer
    moves = _offered(rules, table, viewer, between_commands)
    return TableView(
        kind=table.kind,
        status=table.status,
        version=table.version,
        options=table.options,
        seats=table.seats,
        commitment=table.commitment,
        you=viewer if 0 <= viewer < len(table.seats) else None,
        game=None if table.game is None else rules.view(table.game, game_viewer),
        legal_moves=moves,
        standings=table.standings,
        seed=table.seed,
        clock=None if table.clock is None else clocks.view(table.clock, acting_seats(rules, table)),
        rematch=table.rematch,
    )


def _offered(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    viewer: int,
    between_commands: bool,
) -> tuple[StartGame | clocks.ReturnToTable | CommandT, ...]:
    if not between_commands:
        return ()
    return legal_moves(rules, table, viewer)


def redact(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    event: TableEvent | EventT,
    viewer: int,
) -> msgspec.Struct | None:
    """An event as `viewer` may see it, or None when it shows them nothing."""
    if isinstance(event, TABLE_EVENTS):
        return event
    return rules.redact(event, viewer)


def _create(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    command: CreateTable,
    ctx: Context,
) -> tuple[TableEvent, ...]:
    require(table.status == "new", "table_exists", "this table already exists")
    game_options, clock_options = clocks.split_options(command.options)
    untimed = f"{rules.title} has no turns, so its tables take no clock"
    require(clock_options is None or not rules.real_time, "invalid_options", untimed)
    try:
        options = msgspec.convert(game_options, rules.Options, strict=False)
    except msgspec.ValidationError as error:
        raise DomainError("invalid_options", f"invalid options: {error}") from error
    normalized = clocks.with_clock(msgspec.to_builtins(options), clock_options)
    return (TableCreated(rules.kind, normalized, commitment(ctx.seed)),)


def _take_seat(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    command: TakeSeat,
) -> tuple[TableEvent, ...]:
    require(table.status == "open", "table_not_open", "seats can only be taken before the start")
    _, high = rules.seat_range(_options(table))
    require(len(table.seats) < high, "table_full", f"this table has all {high} seats taken")
    name = check_seat(command)
    seated = command.player is not None and command.player in (s.player for s in table.seats)
    require(not seated, "already_seated", "this player holds a seat at this table already")
    return (SeatTaken(len(table.seats), name, command.entropy, command.bot, command.player),)


def check_seat(command: TakeSeat) -> str:
    """Refuse a seat's name or entropy that no table takes; returns the name as seated."""
    name = command.name.strip()
    require(0 < len(name) <= MAX_NAME, "invalid_name", f"a name has 1 to {MAX_NAME} characters")
    require(printable(name), "invalid_name", "a name holds no control characters")
    entropy = command.entropy
    require(
        len(entropy) <= MAX_ENTROPY,
        "invalid_entropy",
        f"entropy has at most {MAX_ENTROPY} characters",
    )
    require(printable(entropy), "invalid_entropy", "entropy holds no control characters")
    return name


def _start(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    ctx: Context,
) -> tuple[TableEvent | EventT, ...]:
    require(table.status == "open", "already_started", "the game has already started")
    _seated(table, ctx)
    low, _ = rules.seat_range(_options(table))
    require(len(table.seats) >= low, "not_enough_seats", f"at least {low} seats must be taken")
    started = GameStarted(len(table.seats), ctx.now.isoformat())
    game = rules.initial_state(_options(table), started.seats)
    opening = rules.start(game, ctx)
    if table.clock is None:
        return (started, *_finish_if_over(rules, game, opening, ctx))
    timed = clocks.started(table.clock.options, started.seats)
    restart = clocks.restarted(timed, ctx.now, (), None, {})
    return (started, *_conclude(rules, game, opening, ctx, restart))


def _play(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    command: CommandT,
    ctx: Context,
) -> tuple[TableEvent | EventT, ...]:
    require(table.status != "finished", "game_over", "the game is over")
    require(table.status == "playing", "not_started", "the game has not started yet")
    _seated(table, ctx)
    game = _game(table)
    events = rules.decide(game, command, ctx)
    if table.clock is None:
        return _finish_if_over(rules, game, events, ctx)
    seat = ctx.seat
    assert seat is not None
    back = (clocks.SeatMarkedPresent(seat),) if seat in table.clock.absent else ()
    restart = clocks.restarted(table.clock, ctx.now, acting_seats(rules, table), seat, {seat: 0})
    return (*back, *_conclude(rules, game, events, ctx, restart))


def _claim_timeout(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    command: clocks.ClaimTimeout,
    ctx: Context,
) -> tuple[TableEvent | EventT, ...]:
    """The seat's move made for it by the `random` bot, once its time has run out."""
    timed = _running_clock(table)
    seat, game = command.seat, _game(table)
    acting = acting_seats(rules, table)
    require(seat in acting, "not_to_act", f"seat {seat} has no move to make")
    due = clocks.deadline(timed, seat)
    require(ctx.now >= due, "not_timed_out", f"seat {seat} has time until {due.isoformat()}")
    count = timed.timeouts[seat] + 1
    absent = count >= clocks.ABSENT_AFTER and seat not in timed.absent
    marked = (clocks.SeatMarkedAbsent(seat),) if absent else ()
    moves = rules.legal_moves(game, seat)
    move = random_move(rules.view(game, seat), moves, ctx.chance)
    events = rules.decide(game, move, dataclasses.replace(ctx, seat=seat))
    restart = clocks.restarted(timed, ctx.now, acting, seat, {seat: count})
    timed_out = clocks.SeatTimedOut(seat, ctx.now.isoformat())
    return (timed_out, *marked, *_conclude(rules, game, events, ctx, restart))


def _return(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    ctx: Context,
) -> tuple[TableEvent, ...]:
    timed = _running_clock(table)
    _seated(table, ctx)
    assert ctx.seat is not None
    require(ctx.seat in timed.absent, "not_absent", "only an absent seat returns to the table")
    restart = clocks.restarted(timed, ctx.now, acting_seats(rules, table), None, {ctx.seat: 0})
    return (clocks.SeatMarkedPresent(ctx.seat), restart)


def _running_clock(table: AnyTable) -> clocks.Clock:
    require(table.status != "finished", "game_over", "the game is over")
    require(table.status == "playing", "not_started", "the game has not started yet")
    require(table.clock is not None, "no_clock", "this table has no clock")
    assert table.clock is not None
    return table.clock


def acting_seats(rules: AnyRules, table: AnyTable) -> frozenset[int]:
    """The seats with a move of the game to make."""
    if table.status != "playing" or table.game is None:
        return frozenset()
    seats = range(len(table.seats))
    return frozenset(seat for seat in seats if rules.legal_moves(table.game, seat))


def _conclude(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    game: StateT,
    events: tuple[EventT, ...],
    ctx: Context,
    restart: clocks.ClockRestarted,
) -> tuple[TableEvent | EventT, ...]:
    """The game's `events` at a table with a clock and what ends the command: the standings
    when they end the game, else the clock restarted for the seats that must act next."""
    concluded = _finish_if_over(rules, game, events, ctx)
    return concluded if len(concluded) > len(events) else (*events, restart)


def _open_rematch(table: AnyTable, command: OpenRematch, ctx: Context) -> tuple[TableEvent, ...]:
    require(table.status == "finished", "game_not_over", "a rematch follows a finished game")
    _seated(table, ctx)
    require(table.rematch is None, "rematch_opened", f"the rematch is table {table.rematch}")
    return (RematchOpened(command.game_id),)


def _seated(table: AnyTable, ctx: Context) -> None:
    seated = ctx.seat is not None and 0 <= ctx.seat < len(table.seats)
    require(seated, "not_seated", "only a seated player may do that")


def _finish_if_over(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    game: StateT,
    events: tuple[EventT, ...],
    ctx: Context,
) -> tuple[TableEvent | EventT, ...]:
    """Append the standings and the revealed seed when the game's `events` end it."""
    after = reduce(rules.evolve, events, game)
    if not rules.is_terminal(after):
        return events
    return (*events, GameFinished(tuple(rules.outcome(after))), SeedRevealed(ctx.seed.hex()))


def printable(text: str) -> bool:
    """Whether `text` holds no control character and no lone surrogate."""
    return not any(unicodedata.category(character) in UNPRINTABLE for character in text)


def created_options(
    rules: Rules[OptionsT, CommandT, EventT, StateT], event: TableCreated
) -> tuple[OptionsT, clocks.ClockOptions | None]:
    """The game's own options of a table as created, and its clock's (None: no clock)."""
    game_options, clock_options = clocks.split_options(event.options)
    return msgspec.convert(game_options, rules.Options), clock_options


def _options(table: Table[OptionsT, StateT]) -> OptionsT:
    assert table.options is not None, "a table has options once it is created"
    return table.options


def _clock(table: AnyTable) -> clocks.Clock:
    assert table.clock is not None, "only a table with a clock records its events"
    return table.clock


def _game(table: Table[OptionsT, StateT]) -> StateT:
    assert table.game is not None, "a table has a game once it is started"
    return table.game


def event_type(rules: AnyRules) -> Any:
    """The tagged union of every event a table of this kind can record (a type expression)."""
    return TableEvent | rules.Event


def command_type(rules: AnyRules) -> Any:
    """The tagged union of every command a seat may post to a table of this kind."""
    return StartGame | rules.Command | clocks.ReturnToTable

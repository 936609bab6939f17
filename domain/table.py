"""The table around every game: created, seats taken, started, played, finished.

Written once and composed with any `GameRules`: table commands are handled here, every
other command goes to the game's `decide` while the table is playing. When the game reaches
its end, the table appends the standings and reveals the secret seed in the same decision.
"""

import unicodedata
from collections.abc import Iterable
from datetime import datetime
from functools import reduce
from typing import Any, Generic, Literal

import msgspec

from domain.chance import ALGORITHM, Chance, commitment, effective_seed
from domain.decider import (
    REFEREE,
    AnyRules,
    CardT,
    CommandT,
    Context,
    EventT,
    GameRules,
    OptionsT,
    Standing,
    StateT,
    ViewT,
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


TableEvent = TableCreated | SeatTaken | GameStarted | GameFinished | SeedRevealed | RematchOpened
TABLE_EVENTS = (TableCreated, SeatTaken, GameStarted, GameFinished, SeedRevealed, RematchOpened)


TableCommand = CreateTable | TakeSeat | StartGame | OpenRematch


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
    rematch: str | None = None


def decide(
    rules: GameRules[OptionsT, CommandT, EventT, StateT, ViewT, CardT],
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
        case OpenRematch():
            return _open_rematch(table, command, ctx)
        case _:
            return _play(rules, table, command, ctx)


def evolve(
    rules: GameRules[OptionsT, CommandT, EventT, StateT, ViewT, CardT],
    table: Table[OptionsT, StateT],
    event: TableEvent | EventT,
) -> Table[OptionsT, StateT]:
    """Apply one event; the table counts versions, the game folds its own events."""
    replace = msgspec.structs.replace
    match event:
        case TableCreated():
            options = msgspec.convert(event.options, rules.Options)
            table = replace(
                table, kind=event.kind, options=options, commitment=event.commitment, status="open"
            )
        case SeatTaken():
            seats = (*table.seats, Seat(event.name, event.bot, event.player))
            table = replace(table, seats=seats, entropies=(*table.entropies, event.entropy))
        case GameStarted():
            game = rules.initial_state(_options(table), event.seats)
            table = replace(table, status="playing", game=game)
        case GameFinished():
            table = replace(table, status="finished", standings=event.standings)
        case SeedRevealed():
            table = replace(table, seed=event.seed)
        case RematchOpened():
            table = replace(table, rematch=event.game_id)
        case _:
            table = replace(table, game=rules.evolve(_game(table), event))
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
    rules: GameRules[OptionsT, CommandT, EventT, StateT, ViewT, CardT],
    events: Iterable[TableEvent | EventT],
    table: Table[OptionsT, StateT] | None = None,
) -> Table[OptionsT, StateT]:
    """The table after `events`, starting from `table` (or from nothing)."""
    start: Table[OptionsT, StateT] = table or Table()
    return reduce(lambda state, event: evolve(rules, state, event), events, start)


def legal_moves(
    rules: GameRules[OptionsT, CommandT, EventT, StateT, ViewT, CardT],
    table: Table[OptionsT, StateT],
    seat: int,
) -> tuple[StartGame | CommandT, ...]:
    """Every command `seat` may send now, table commands included."""
    if not 0 <= seat < len(table.seats):
        return ()
    if table.status == "open":
        low, _ = rules.seat_range(_options(table))
        return (StartGame(),) if len(table.seats) >= low else ()
    if table.status == "playing":
        return tuple(rules.legal_moves(_game(table), seat))
    return ()


def view(
    rules: GameRules[OptionsT, CommandT, EventT, StateT, ViewT, CardT],
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
        rematch=table.rematch,
    )


def _offered(
    rules: GameRules[OptionsT, CommandT, EventT, StateT, ViewT, CardT],
    table: Table[OptionsT, StateT],
    viewer: int,
    between_commands: bool,
) -> tuple[StartGame | CommandT, ...]:
    if not between_commands:
        return ()
    return legal_moves(rules, table, viewer)


def redact(
    rules: GameRules[OptionsT, CommandT, EventT, StateT, ViewT, CardT],
    event: TableEvent | EventT,
    viewer: int,
) -> msgspec.Struct | None:
    """An event as `viewer` may see it, or None when it shows them nothing."""
    if isinstance(event, TABLE_EVENTS):
        return event
    return rules.redact(event, viewer)


def _create(
    rules: GameRules[OptionsT, CommandT, EventT, StateT, ViewT, CardT],
    table: Table[OptionsT, StateT],
    command: CreateTable,
    ctx: Context,
) -> tuple[TableEvent, ...]:
    require(table.status == "new", "table_exists", "this table already exists")
    try:
        options = msgspec.convert(command.options, rules.Options, strict=False)
    except msgspec.ValidationError as error:
        raise DomainError("invalid_options", f"invalid options: {error}") from error
    normalized = msgspec.to_builtins(options)
    return (TableCreated(rules.kind, normalized, commitment(ctx.seed)),)


def _take_seat(
    rules: GameRules[OptionsT, CommandT, EventT, StateT, ViewT, CardT],
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
    rules: GameRules[OptionsT, CommandT, EventT, StateT, ViewT, CardT],
    table: Table[OptionsT, StateT],
    ctx: Context,
) -> tuple[TableEvent | EventT, ...]:
    require(table.status == "open", "already_started", "the game has already started")
    _seated(table, ctx)
    low, _ = rules.seat_range(_options(table))
    require(len(table.seats) >= low, "not_enough_seats", f"at least {low} seats must be taken")
    started = GameStarted(len(table.seats), ctx.now.isoformat())
    game = rules.initial_state(_options(table), started.seats)
    return (started, *_finish_if_over(rules, game, rules.start(game, ctx), ctx))


def _play(
    rules: GameRules[OptionsT, CommandT, EventT, StateT, ViewT, CardT],
    table: Table[OptionsT, StateT],
    command: CommandT,
    ctx: Context,
) -> tuple[TableEvent | EventT, ...]:
    require(table.status != "finished", "game_over", "the game is over")
    require(table.status == "playing", "not_started", "the game has not started yet")
    _seated(table, ctx)
    game = _game(table)
    return _finish_if_over(rules, game, rules.decide(game, command, ctx), ctx)


def _open_rematch(table: AnyTable, command: OpenRematch, ctx: Context) -> tuple[TableEvent, ...]:
    require(table.status == "finished", "game_not_over", "a rematch follows a finished game")
    _seated(table, ctx)
    require(table.rematch is None, "rematch_opened", f"the rematch is table {table.rematch}")
    return (RematchOpened(command.game_id),)


def _seated(table: AnyTable, ctx: Context) -> None:
    seated = ctx.seat is not None and 0 <= ctx.seat < len(table.seats)
    require(seated, "not_seated", "only a seated player may do that")


def _finish_if_over(
    rules: GameRules[OptionsT, CommandT, EventT, StateT, ViewT, CardT],
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


def _options(table: Table[OptionsT, StateT]) -> OptionsT:
    assert table.options is not None, "a table has options once it is created"
    return table.options


def _game(table: Table[OptionsT, StateT]) -> StateT:
    assert table.game is not None, "a table has a game once it is started"
    return table.game


def event_type(rules: AnyRules) -> Any:
    """The tagged union of every event a table of this kind can record (a type expression)."""
    return TableEvent | rules.Event


def command_type(rules: AnyRules) -> Any:
    """The tagged union of every command a seat may post to a table of this kind."""
    return StartGame | rules.Command

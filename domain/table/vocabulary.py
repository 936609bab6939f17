"""The table's words: its commands, its events, and the table as it is folded and seen.

Persisted tags are explicit strings and never renamed. The clock's commands and events live
in `domain.clocks` and join the table's unions here.
"""

from typing import Any, Generic, Literal, get_args

import msgspec
from msgspec import UNSET, UnsetType

from domain import clocks
from domain.chance import ALGORITHM
from domain.decider import OptionsT, Standing, StateT
from domain.search import Budget
from domain.table.setup import TableSetup

Status = Literal["new", "open", "playing", "finished", "cancelled", "expired"]


class CreateTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="create_table"):
    kind: str
    options: dict[str, Any] = {}
    rematch_of: str | UnsetType = UNSET
    """The finished table this one is the rematch of (left out of a table opened anew)."""


class TakeSeat(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="take_seat"):
    name: str
    entropy: str = ""
    bot: str | None = None
    player: str | None = None
    """The handle of the player taking the seat (proven by their token), if any."""
    by: int | None = None
    """The seat whose token asks for a bot's seat (the host's, once a seat is taken)."""

    think: Budget | None = None
    """A thinking bot's budget a move (the default one when None)."""


class StartGame(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="start_game"):
    pass


class CancelTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="cancel_table"):
    """The host calls the table off before its start."""


class ExpireTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="expire_table"):
    """Close a table nobody started after `idle_seconds` with nothing done at it (the table
    clock's command, never a seat's)."""

    idle_seconds: int


class OpenRematch(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="open_rematch"):
    """Link a finished table to the new table its seats may play again at."""

    game_id: str


class Seat(msgspec.Struct, frozen=True):
    name: str
    bot: str | None = None
    player: str | None = None


class ForkTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="fork_table"):
    """Open a sandbox at version `at` of the finished game `source`, whose hash chain's link
    at `at` is `link` (`domain.table.forking`); `by` is the player who forks, if signed in."""

    source: str
    at: int
    link: str
    by: str | None = None


class HandSeats(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="hand_seats"):
    """At a sandbox: who plays each seat from now on, a bot by name or (null) the one who
    forked it."""

    bots: tuple[str | None, ...]


class Sandbox(msgspec.Struct, frozen=True):
    """What a sandbox was forked from: version `at` of game `source`, whose hash chain's
    link there is `link`; `by` is the player who forked it, if signed in."""

    source: str
    at: int
    link: str
    by: str | None = None


class TableCreated(msgspec.Struct, frozen=True, tag="table.created"):
    kind: str
    options: dict[str, Any]
    commitment: str
    algorithm: str = ALGORITHM
    rematch_of: str | UnsetType = UNSET
    """The finished table this one is the rematch of; absent from other tables' events, so
    logs recorded before it read as they always did."""


class SeatTaken(msgspec.Struct, frozen=True, tag="table.seat_taken"):
    seat: int
    name: str
    entropy: str = ""
    bot: str | None = None
    player: str | None = None
    think: Budget | None = None


class GameStarted(msgspec.Struct, frozen=True, tag="table.game_started"):
    seats: int
    started_at: str


class GameFinished(msgspec.Struct, frozen=True, tag="table.game_finished"):
    standings: tuple[Standing, ...]
    sandbox: bool | UnsetType = UNSET
    """True at a sandbox (`domain.table.sandbox`), whose results count nowhere; left out
    elsewhere, so logs recorded before it read as they always did."""


class SeedRevealed(msgspec.Struct, frozen=True, tag="table.seed_revealed"):
    seed: str


class TableCancelled(msgspec.Struct, frozen=True, tag="table.cancelled"):
    """The host called the table off before its start: no game will be played at it."""

    seat: int


class TableForked(msgspec.Struct, frozen=True, tag="table.forked"):
    """A sandbox opened at version `at` of the finished game `source` (its chain's `link`
    there): the game's `options`, its `seats` by name, and its state then (`game`, of the
    phase named `phase`) with the cards no seat could see dealt anew from the sandbox's own
    seed (committed to by `commitment`). `game` is left out of the event as a viewer gets it
    until the sandbox is over, since it holds the sandbox's future."""

    kind: str
    options: dict[str, Any]
    commitment: str
    sandbox: Sandbox
    seats: tuple[Seat, ...]
    phase: str
    game: dict[str, Any] | None = None
    algorithm: str = ALGORITHM


class SeatsHanded(msgspec.Struct, frozen=True, tag="table.seats_handed"):
    """At a sandbox: each seat's bot from now on (null: the one who forked it plays it)."""

    bots: tuple[str | None, ...]


class TableExpired(msgspec.Struct, frozen=True, tag="table.expired"):
    """Nobody started the table in `idle_seconds` with nothing done at it: no game will be
    played at it, and it leaves the lobby."""

    idle_seconds: int
    at: str


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
    | TableCancelled
    | TableForked
    | SeatsHanded
    | TableExpired
    | clocks.ClockEvent
)
TABLE_EVENTS = (
    TableCreated,
    SeatTaken,
    GameStarted,
    GameFinished,
    SeedRevealed,
    RematchOpened,
    TableCancelled,
    TableForked,
    SeatsHanded,
    TableExpired,
    clocks.ClockRestarted,
    clocks.SeatTimedOut,
    clocks.SeatWarned,
    clocks.SeatMarkedAbsent,
    clocks.SeatMarkedPresent,
)
TABLE_EVENT_TYPES = frozenset(TABLE_EVENTS)
"""The same classes as a set: a table's own event is told from a game's by its exact type,
at every step of every fold, faster than by `isinstance` against each in turn."""
TABLE_TAGS = frozenset(event.__struct_config__.tag for event in TABLE_EVENTS)
"""The stored types of the table's own events (the game's have types of their own)."""


TableCommand = (
    CreateTable
    | TakeSeat
    | StartGame
    | OpenRematch
    | CancelTable
    | ForkTable
    | HandSeats
    | ExpireTable
    | clocks.ClaimTimeout
    | clocks.WarnSeat
    | clocks.ReturnToTable
)
TABLE_COMMAND_TYPES = frozenset(get_args(TableCommand))
"""The table's own commands' classes: any other command is the game's."""


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
    setup: TableSetup = TableSetup()
    rematch_of: str | None = None

    budgets: tuple[Budget | None, ...] = ()
    """Each seat's thinking budget a move, when its bot asked for one."""
    sandbox: Sandbox | None = None
    """What the table was forked from, when it is a sandbox (`domain.table.sandbox`)."""


AnyTable = Table[Any, Any]
"""A table of any kind, as the service holds them."""


class TableView(msgspec.Struct, frozen=True):
    """The table as one viewer sees it; `game` is the game's own view, `legal_moves` the
    commands the viewer may send now, `rematch` the table its seats play again at,
    `rematch_of` the table this one is the rematch of, `setup` the table's size, start and
    bots' pace as its host chose them; at a sandbox, `sandbox` says what it was forked from
    and `every_seat` that the caller acts for every seat (seeing as `you`)."""

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
    setup: TableSetup = TableSetup()
    rematch_of: str | None = None
    sandbox: Sandbox | None = None
    every_seat: bool = False


def is_over(table: AnyTable) -> bool:
    """Whether nothing more will happen at the table: its game finished, or it was cancelled
    or expired before its start."""
    return table.status in ("finished", "cancelled", "expired")


def options_of(table: Table[OptionsT, StateT]) -> OptionsT:
    """The game's options of a created table."""
    assert table.options is not None, "a table has options once it is created"
    return table.options


def game_of(table: Table[OptionsT, StateT]) -> StateT:
    """The game's state at a started table."""
    assert table.game is not None, "a table has a game once it is started"
    return table.game

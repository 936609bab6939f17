"""A tournament's commands, events and state: the words every other room of the package
speaks.

Entries are named by a key: a registered player's handle, or `bot:<strategy>:<n>` for the
n-th entry (counted from 1), a bot the organiser added (no handle may start with `bot:`).
A table of a round seats its entries in the order `TableSeating.entries` lists them, so
seat k of the game is the k-th entry.
"""

from datetime import datetime
from typing import Any, Literal

import msgspec

Format = Literal["swiss", "arena"]
FORMATS: tuple[Format, ...] = ("swiss", "arena")
Status = Literal["new", "upcoming", "running", "finished", "cancelled"]


class CreateTournament(msgspec.Struct, frozen=True):
    tournament_id: str
    organiser: str
    kind: str
    format: Format
    seats: int
    options: dict[str, Any]
    starts_at: datetime
    rounds: int = 0
    """Swiss: how many rounds (0 in an arena)."""
    minutes: float = 0.0
    """Arena: how long it seats entries, from its start (0 in a Swiss)."""
    max_entries: int = 64


class Enter(msgspec.Struct, frozen=True):
    """A player's own entry (`player`), or a bot of `bot`'s strategy added by `by`."""

    player: str | None = None
    bot: str | None = None
    by: str | None = None


class Withdraw(msgspec.Struct, frozen=True):
    player: str


class Start(msgspec.Struct, frozen=True):
    """Start now, asked by the organiser (`by`), or by the director at the start time."""

    by: str | None = None


class RecordGame(msgspec.Struct, frozen=True):
    """A table's game finished with these standings (as its own log records them)."""

    game_id: str
    standings: tuple["GameStanding", ...]


class Advance(msgspec.Struct, frozen=True):
    """Do what time asks: start once due, seat an arena's waiting entries, end an arena
    whose time is up once no table plays."""


TournamentCommand = CreateTournament | Enter | Withdraw | Start | RecordGame | Advance


class GameStanding(msgspec.Struct, frozen=True):
    """One seat's result in a game: as `domain.decider.Standing`, copied so the tournament's
    events stand by themselves."""

    seat: int
    score: int
    place: int


class TableSeating(msgspec.Struct, frozen=True):
    game_id: str
    entries: tuple[str, ...]


class Result(msgspec.Struct, frozen=True):
    """What one entry made of one game: its seat, place and the points it earned."""

    entry: str
    seat: int
    place: int
    points: int


class StandingRow(msgspec.Struct, frozen=True):
    """An entry's line in the standings: rank (ties share one), points, the tie-breaks."""

    rank: int
    entry: str
    name: str
    points: int
    buchholz: int
    sonneborn_berger: int
    games: int
    wins: int
    byes: int
    withdrawn: bool = False


class TournamentCreated(msgspec.Struct, frozen=True, tag="tournament.created"):
    tournament_id: str
    organiser: str
    kind: str
    format: Format
    seats: int
    options: dict[str, Any]
    starts_at: datetime
    rounds: int = 0
    minutes: float = 0.0
    max_entries: int = 64


class EntryAdded(msgspec.Struct, frozen=True, tag="tournament.entered"):
    entry: str
    name: str
    player: str | None = None
    bot: str | None = None


class EntryWithdrew(msgspec.Struct, frozen=True, tag="tournament.withdrew"):
    entry: str


class TournamentStarted(msgspec.Struct, frozen=True, tag="tournament.started"):
    at: datetime
    ends_at: datetime | None = None
    """An arena's end: no table is opened after it."""


class RoundStarted(msgspec.Struct, frozen=True, tag="tournament.round_started"):
    """Tables opened together: a Swiss round, or one of an arena's pairings. A bye scores
    `bye_points`."""

    round: int
    tables: tuple[TableSeating, ...]
    byes: tuple[str, ...] = ()
    bye_points: int = 0


class GameRecorded(msgspec.Struct, frozen=True, tag="tournament.game_recorded"):
    round: int
    game_id: str
    results: tuple[Result, ...]


class RoundEnded(msgspec.Struct, frozen=True, tag="tournament.round_ended"):
    round: int


class TournamentFinished(msgspec.Struct, frozen=True, tag="tournament.finished"):
    at: datetime
    standings: tuple[StandingRow, ...]


class TournamentCancelled(msgspec.Struct, frozen=True, tag="tournament.cancelled"):
    """Called off at its start time with too few entries."""

    reason: str


TournamentEvent = (
    TournamentCreated
    | EntryAdded
    | EntryWithdrew
    | TournamentStarted
    | RoundStarted
    | GameRecorded
    | RoundEnded
    | TournamentFinished
    | TournamentCancelled
)


class Entry(msgspec.Struct, frozen=True):
    entry: str
    name: str
    player: str | None = None
    bot: str | None = None
    withdrawn: bool = False


class Tournament(msgspec.Struct, frozen=True):
    """A tournament as its events leave it. `rounds` are the tables opened together, in
    order; `results` each recorded game's, by game id; `playing` the games not recorded."""

    status: Status = "new"
    created: TournamentCreated | None = None
    entries: tuple[Entry, ...] = ()
    started_at: datetime | None = None
    ends_at: datetime | None = None
    rounds: tuple[RoundStarted, ...] = ()
    results: dict[str, GameRecorded] = {}
    ended_rounds: int = 0
    standings: tuple[StandingRow, ...] = ()
    version: int = 0

    @property
    def playing(self) -> tuple[TableSeating, ...]:
        return tuple(
            seating
            for each in self.rounds
            for seating in each.tables
            if seating.game_id not in self.results
        )

"""The bodies of the tournaments' routes: what an organiser asks for, an entry, a
tournament as its log has it (its standings, rounds, tables and results), and each message
of its live stream."""

import uuid
from datetime import datetime
from typing import Annotated, Any

import msgspec
from litestar.params import PathParameter

from api.http.bodies import OptionValue
from api.http.errors import HttpRefusal
from api.http.params import UUID_PATTERN
from domain import clocks
from domain import tournaments as t
from domain.tournaments.deciding import MAX_MINUTES, MAX_ROUNDS

MAX_STARTS_IN = 7 * 24 * 3600
TournamentId = Annotated[
    str, PathParameter(pattern=UUID_PATTERN, description="the tournament's id (a UUID)")
]
MAX_ENTRIES = 256


class TournamentRequest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Swiss of `rounds` rounds, or an arena of `minutes` minutes (a fraction allowed), at
    tables of `seats` seats of a kind with its `options` and a `clock` (a turn of 60 seconds
    when none is given, for a kind with turns); it starts by itself `starts_in` seconds from
    now, or when its organiser starts it."""

    kind: str
    format: t.Format
    rounds: Annotated[int, msgspec.Meta(ge=1, le=MAX_ROUNDS)] | None = None
    minutes: Annotated[float, msgspec.Meta(gt=0, le=MAX_MINUTES)] | None = None
    seats: Annotated[int, msgspec.Meta(ge=2, le=10)] = 2
    options: dict[str, OptionValue] = {}
    clock: clocks.ClockOptions | None = None
    starts_in: Annotated[int, msgspec.Meta(ge=0, le=MAX_STARTS_IN)] = 300
    max_entries: Annotated[int, msgspec.Meta(ge=2, le=MAX_ENTRIES)] = 64


class TournamentCreatedAnswer(msgspec.Struct, frozen=True):
    tournament_id: str


class EntryRequest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """`{}` for the caller's own entry; `bot`: a bot of this strategy, added by the
    organiser."""

    bot: str | None = None


class TournamentTable(msgspec.Struct, frozen=True):
    """A table of a round: its game, its entries in seat order, and once its game finished
    each entry's result."""

    game_id: str
    entries: tuple[str, ...]
    results: tuple[t.Result, ...] | None = None


class TournamentRound(msgspec.Struct, frozen=True):
    """Tables opened together (a Swiss's round, an arena's pairing), the byes, whether over."""

    round: int
    tables: tuple[TournamentTable, ...]
    byes: tuple[str, ...]
    bye_points: int
    over: bool


class TournamentView(msgspec.Struct, frozen=True):
    """A tournament at a version of its log: `rounds` is a Swiss's count of rounds (0 in an
    arena), `round_tables` every round (or pairing) opened with its tables and results."""

    tournament_id: str
    organiser: str
    kind: str
    format: t.Format
    status: t.Status
    seats: int
    rounds: int
    minutes: float
    max_entries: int
    options: dict[str, Any]
    """Its tables' options: the kind's, their clock and the tables' setup."""
    starts_at: datetime
    started_at: datetime | None
    ends_at: datetime | None
    version: int
    entries: tuple[t.Entry, ...]
    standings: tuple[t.StandingRow, ...]
    round_tables: tuple[TournamentRound, ...]


class TournamentNews(msgspec.Struct, frozen=True, omit_defaults=True):
    """One event of a tournament's log, as its live stream sends it (`type`: the event's);
    after a game's result (and at the finish) the standings then."""

    type: str
    version: int
    event: t.TournamentEvent
    standings: tuple[t.StandingRow, ...] | None = None


def checked_tournament_id(tournament_id: str) -> str:
    """A tournament's id as a path names it; refused when it is no id."""
    try:
        return str(uuid.UUID(tournament_id))
    except ValueError:
        raise HttpRefusal("tournament_not_found", "there is no tournament at this path") from None


def view_of(tournament: t.Tournament) -> TournamentView:
    created = tournament.created
    assert created is not None
    return TournamentView(
        created.tournament_id,
        created.organiser,
        created.kind,
        created.format,
        tournament.status,
        created.seats,
        created.rounds,
        created.minutes,
        created.max_entries,
        created.options,
        created.starts_at,
        tournament.started_at,
        tournament.ends_at,
        tournament.version,
        tournament.entries,
        tournament.standings or t.standings(tournament),
        tuple(_round(tournament, each) for each in tournament.rounds),
    )


def _round(tournament: t.Tournament, started: t.RoundStarted) -> TournamentRound:
    tables = tuple(
        TournamentTable(seating.game_id, seating.entries, _results(tournament, seating.game_id))
        for seating in started.tables
    )
    over = all(table.results is not None for table in tables)
    return TournamentRound(started.round, tables, started.byes, started.bye_points, over)


def _results(tournament: t.Tournament, game_id: str) -> tuple[t.Result, ...] | None:
    recorded = tournament.results.get(game_id)
    return None if recorded is None else recorded.results

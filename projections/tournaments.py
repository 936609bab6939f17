"""Read models: the tournaments' list and their standings, from each tournament folded.

A tournament's stream is short (its entries, rounds and results), so the rows of a
tournament are written whole from the tournament as its events leave it
(`domain.tournaments`), after each batch that moved it: its row for the list (upcoming,
running, finished) and one row per entry of its standings. Pure: the fold is given the
tournament, `infra.reading.tournaments` reads its events.
"""

from datetime import datetime

import msgspec

from domain import tournaments as t
from projections.model import Changes, upsert


class TournamentRow(msgspec.Struct, frozen=True):
    """A tournament in the list: `entries` those still in, `round` the tables opened so far
    (a Swiss's round, an arena's pairings)."""

    tournament_id: str
    organiser: str
    kind: str
    format: t.Format
    status: t.Status
    seats: int
    rounds: int
    minutes: float
    entries: int
    round: int
    starts_at: datetime
    started_at: datetime | None = None
    ends_at: datetime | None = None
    finished_at: datetime | None = None


class StandingsRow(msgspec.Struct, frozen=True):
    """An entry's line of a tournament's standings (`domain.tournaments.StandingRow`)."""

    tournament_id: str
    entry: str
    rank: int
    name: str
    points: int
    buchholz: int
    sonneborn_berger: int
    games: int
    wins: int
    byes: int
    withdrawn: bool


def row_of(tournament: t.Tournament, finished_at: datetime | None = None) -> TournamentRow:
    created = tournament.created
    assert created is not None
    return TournamentRow(
        created.tournament_id,
        created.organiser,
        created.kind,
        created.format,
        tournament.status,
        created.seats,
        created.rounds,
        created.minutes,
        sum(1 for entry in tournament.entries if not entry.withdrawn),
        len(tournament.rounds),
        created.starts_at,
        tournament.started_at,
        tournament.ends_at,
        finished_at,
    )


class Tournaments:
    """The read model: a tournament's rows, written whole from the tournament folded (its
    events are read by `infra.reading.tournaments`, which feeds it)."""

    name: str = "tournaments"
    tables: tuple[str, ...] = ("tournaments", "tournament_standings")

    def changes(self, tournament: t.Tournament, finished_at: datetime | None = None) -> Changes:
        """The rows of a tournament as it stands (`finished_at`: when its finish was
        recorded)."""
        if tournament.created is None:
            return ()
        tournament_id = tournament.created.tournament_id
        listed = upsert("tournaments", row_of(tournament, finished_at), ("tournament_id",))
        rows = tuple(
            upsert(
                "tournament_standings",
                StandingsRow(tournament_id, **msgspec.structs.asdict(standing)),
                ("tournament_id", "entry"),
            )
            for standing in (tournament.standings or t.standings(tournament))
        )
        return (listed, *rows)

"""The tournaments' read models in Postgres (`projections.tournaments`): each tournament a
batch moved is read from the store up to the batch's last version of it, folded, and its
rows written in the transaction that saves the checkpoint; and the queries the routes and
the director answer from."""

from collections.abc import Sequence

import asyncpg

from commands.log import codec
from commands.log.store import EventStore, StoredEvent
from domain import tournaments as t
from infra.reading.read_models import Page, _columns, _page
from infra.reading.writes import write
from projections.tournaments import StandingsRow, TournamentRow, Tournaments


class TournamentsReadModel:
    name: str = Tournaments.name
    tables: tuple[str, ...] = Tournaments.tables

    def __init__(self, store: EventStore) -> None:
        self._store = store
        self._projection = Tournaments()

    async def apply(self, connection: asyncpg.Connection, events: Sequence[StoredEvent]) -> None:
        last: dict[str, StoredEvent] = {}
        for stored in events:
            if stored.stream_id.startswith(t.STREAM_PREFIX):
                last[stored.stream_id] = stored
        for stream_id, stored in last.items():
            history = await self._store.read_stream(stream_id, 0, stored.version)
            tournament = t.fold(codec.decode_events(codec.TOURNAMENT, history))
            finished = stored.recorded_at if tournament.status == "finished" else None
            await write(connection, self._projection.changes(tournament, finished))


async def listed(
    pool: asyncpg.Pool, status: t.Status, limit: int, offset: int
) -> Page[TournamentRow]:
    """Tournaments of a status: the upcoming soonest first, the others latest first."""
    order = "starts_at, tournament_id" if status == "upcoming" else "starts_at DESC, tournament_id"
    sql = f"SELECT {_columns(TournamentRow)} FROM tournaments WHERE status = $1 ORDER BY {order}"
    return await _page(pool, TournamentRow, sql, (status,), limit, offset)


async def standings(
    pool: asyncpg.Pool, tournament_id: str, limit: int, offset: int
) -> Page[StandingsRow]:
    """A tournament's standings, best first."""
    sql = (
        f"SELECT {_columns(StandingsRow)} FROM tournament_standings WHERE tournament_id = $1"
        " ORDER BY rank, entry"
    )
    return await _page(pool, StandingsRow, sql, (tournament_id,), limit, offset)


async def active(pool: asyncpg.Pool, limit: int = 1000) -> list[str]:
    """The tournaments not over (upcoming or running), the soonest to start first."""
    rows = await pool.fetch(
        "SELECT tournament_id FROM tournaments WHERE status IN ('upcoming', 'running')"
        " ORDER BY starts_at LIMIT $1",
        limit,
    )
    return [row["tournament_id"] for row in rows]

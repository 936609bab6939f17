"""The read models in Postgres: the projections' row changes written, and the queries the
API answers from.

`PostgresReadModel` runs a pure projection (`projections.model`) for the projection runner:
it gives the fold each game's state before the batch, from one bounded cache or, on a miss,
folded again from the event store, and writes the changes the fold returns on the runner's
connection, in the transaction that saves the checkpoint.
"""

from collections import OrderedDict
from collections.abc import Sequence
from datetime import datetime
from functools import cache
from typing import Any, Generic, TypeVar

import asyncpg
import msgspec
from msgspec import inspect

from commands.log.store import EventStore, StoredEvent
from infra.reading.writes import write
from projections.lobby import LobbyTable
from projections.model import Changes, GameState, Projection, fold, replay
from projections.ratings import PlayerRating, RatingChange, RatingRow
from projections.sandboxes import SandboxRow
from projections.scoreboards import PlayerGame, PlayerKind, ScoreboardRow
from projections.summaries import TableSummary

S = TypeVar("S")
R = TypeVar("R", bound=msgspec.Struct)
Page = tuple[list[R], int | None]
"""A page's rows, and the offset of the next page (None after the last)."""


class PostgresReadModel(Generic[S]):
    def __init__(
        self, projection: Projection[S], store: EventStore, cache_size: int = 5_000
    ) -> None:
        self.projection = projection
        self.name = projection.name
        self.tables = projection.tables
        self._store = store
        self._cache_size = cache_size
        self._states: OrderedDict[str, GameState[S]] = OrderedDict()

    async def apply(self, connection: asyncpg.Connection, events: Sequence[StoredEvent]) -> None:
        await write(connection, await self.changes(events))

    async def changes(self, events: Sequence[StoredEvent]) -> Changes:
        """The rows a batch changes, the games' states after it remembered."""
        states = await self._states_before(events) if self.projection.keeps_state else {}
        after, changes = fold(self.projection, states, events)
        if self.projection.keeps_state:
            self._remember(after)
        return changes

    async def _states_before(self, events: Sequence[StoredEvent]) -> dict[str, GameState[S]]:
        """Each game's state before its first event in `events`."""
        first: dict[str, int] = {}
        for stored in events:
            first.setdefault(stored.stream_id, stored.version)
        states: dict[str, GameState[S]] = {}
        for game_id, version in first.items():
            cached = self._states.get(game_id)
            if version == 1:
                states[game_id] = (0, None)
            elif cached is not None and cached[0] == version - 1:
                states[game_id] = cached
            else:
                earlier = await self._store.read_stream(game_id)
                older = [stored for stored in earlier if stored.version < version]
                states[game_id] = (version - 1, replay(self.projection, older))
        return states

    def _remember(self, states: dict[str, GameState[S]]) -> None:
        for game_id, state in states.items():
            self._states.pop(game_id, None)
            self._states[game_id] = state
        while len(self._states) > self._cache_size:
            self._states.popitem(last=False)


async def lobby(pool: asyncpg.Pool, kind: str | None, limit: int, offset: int) -> Page[LobbyTable]:
    """Tables waiting for players or for their start, newest first (a full one listed with
    no free seat)."""
    columns = _columns(LobbyTable, free_seats="max_seats - cardinality(seats)")
    sql = (
        f"SELECT {columns} FROM lobby"
        " WHERE ($1::text IS NULL OR kind = $1)"
        " ORDER BY created_at DESC, game_id"
    )
    return await _page(pool, LobbyTable, sql, (kind,), limit, offset)


async def sandboxes(
    pool: asyncpg.Pool,
    source: str | None,
    player: str | None,
    idle_since: datetime,
    limit: int,
    offset: int,
) -> Page[SandboxRow]:
    """The sandboxes forked from game `source`, or by `player`, newest first, but those idle
    since before `idle_since` (expired: `domain.table.sandbox.IDLE`)."""
    latest = "(SELECT max(recorded_at) FROM events e WHERE e.stream_id = s.game_id)"
    over = (
        "EXISTS (SELECT 1 FROM events e WHERE e.stream_id = s.game_id"
        " AND e.type = 'table.game_finished')"
    )
    columns = _columns(SandboxRow, last_activity=latest, finished=over)
    sql = (
        f"SELECT * FROM (SELECT {columns} FROM sandboxes s"
        " WHERE ($1::text IS NULL OR source = $1) AND ($2::text IS NULL OR forked_by = $2))"
        " AS listed WHERE last_activity >= $3 ORDER BY created_at DESC, game_id"
    )
    return await _page(pool, SandboxRow, sql, (source, player, idle_since), limit, offset)


async def idle_tables(pool: asyncpg.Pool, since: datetime) -> list[str]:
    """The tables still waiting for their start with nothing done at them since `since`."""
    sql = "SELECT game_id FROM table_summaries WHERE status = 'open' AND last_activity < $1"
    return [record["game_id"] for record in await pool.fetch(sql, since)]


async def table_summaries(
    pool: asyncpg.Pool, kind: str | None, status: str | None, limit: int, offset: int
) -> Page[TableSummary]:
    """Summaries of games, most recently active first."""
    sql = (
        f"SELECT {_columns(TableSummary)} FROM table_summaries"
        " WHERE ($1::text IS NULL OR kind = $1) AND ($2::text IS NULL OR status = $2)"
        " ORDER BY last_activity DESC, game_id"
    )
    return await _page(pool, TableSummary, sql, (kind, status), limit, offset)


async def table_summary(pool: asyncpg.Pool, game_id: str) -> TableSummary | None:
    sql = f"SELECT {_columns(TableSummary)} FROM table_summaries WHERE game_id = $1"
    record = await pool.fetchrow(sql, game_id)
    return None if record is None else _as_row(TableSummary, record)


async def scoreboard(pool: asyncpg.Pool, kind: str, limit: int, offset: int) -> Page[ScoreboardRow]:
    """Players of a kind by games won, then points."""
    sql = (
        f"SELECT {_columns(ScoreboardRow)} FROM scoreboard WHERE kind = $1"
        " ORDER BY won DESC, points DESC, player"
    )
    return await _page(pool, ScoreboardRow, sql, (kind,), limit, offset)


async def ratings_page(pool: asyncpg.Pool, kind: str, limit: int, offset: int) -> Page[RatingRow]:
    """Players of a kind by rating (its ordinal, mu - 3 sigma)."""
    sql = f"SELECT {_columns(RatingRow)} FROM ratings WHERE kind = $1 ORDER BY ordinal DESC, player"
    return await _page(pool, RatingRow, sql, (kind,), limit, offset)


async def player_ratings(pool: asyncpg.Pool, handle: str) -> list[PlayerRating]:
    """A player's rating in every kind they were rated in."""
    sql = f"SELECT {_columns(PlayerRating)} FROM ratings WHERE player = $1 ORDER BY kind"
    return _as_rows(PlayerRating, await pool.fetch(sql, handle))


async def rating_changes(pool: asyncpg.Pool, handle: str, recent: int) -> list[RatingChange]:
    """The changes a player's most recent rated games made to their ratings."""
    sql = (
        f"SELECT {_columns(RatingChange)} FROM rating_changes"
        " WHERE player = $1 ORDER BY finished_at DESC, game_id LIMIT $2"
    )
    return _as_rows(RatingChange, await pool.fetch(sql, handle, recent))


class PlayerRecord(msgspec.Struct, frozen=True):
    """A player's record across all kinds, their most recent games, their rating in each kind
    and the changes their most recent rated games made to it."""

    name: str
    kinds: list[PlayerKind]
    recent_games: list[PlayerGame]
    ratings: list[PlayerRating]
    rating_changes: list[RatingChange]


async def player_record(pool: asyncpg.Pool, name: str, recent: int) -> PlayerRecord:
    kinds, games = await player_kinds(pool, name), await player_games(pool, name, recent)
    rated, moved = await player_ratings(pool, name), await rating_changes(pool, name, recent)
    return PlayerRecord(name, kinds, games, rated, moved)


async def player_known(pool: asyncpg.Pool, handle: str) -> bool:
    """Whether a player by this handle is registered, or has finished a game (a bot)."""
    known: bool = await pool.fetchval(
        "SELECT EXISTS (SELECT 1 FROM player_tokens WHERE handle = $1)"
        " OR EXISTS (SELECT 1 FROM scoreboard WHERE player = $1)",
        handle,
    )
    return known


async def player_kinds(pool: asyncpg.Pool, name: str) -> list[PlayerKind]:
    """A player's games played, won and points in every kind."""
    sql = f"SELECT {_columns(PlayerKind)} FROM scoreboard WHERE player = $1 ORDER BY kind"
    return _as_rows(PlayerKind, await pool.fetch(sql, name))


async def player_games(pool: asyncpg.Pool, name: str, recent: int) -> list[PlayerGame]:
    """A player's most recent games."""
    sql = (
        f"SELECT {_columns(PlayerGame)} FROM player_games"
        " WHERE player = $1 ORDER BY finished_at DESC, game_id LIMIT $2"
    )
    return _as_rows(PlayerGame, await pool.fetch(sql, name, recent))


async def _page(
    pool: asyncpg.Pool, row: type[R], sql: str, args: tuple[Any, ...], limit: int, offset: int
) -> Page[R]:
    count = len(args)
    records = await pool.fetch(
        f"{sql} LIMIT ${count + 1} OFFSET ${count + 2}", *args, limit + 1, offset
    )
    return _as_rows(row, records[:limit]), offset + limit if len(records) > limit else None


def _columns(row: type[msgspec.Struct], **computed: str) -> str:
    """The select list of a row: each field its column of the same name, or the expression
    `computed` gives for it."""
    fields = row.__struct_fields__
    return ", ".join(f"{computed[name]} AS {name}" if name in computed else name for name in fields)


def _as_rows(row: type[R], records: Sequence[asyncpg.Record]) -> list[R]:
    return [_as_row(row, record) for record in records]


def _as_row(row: type[R], record: asyncpg.Record) -> R:
    """A record as its row, its JSON objects (which asyncpg reads as text) decoded first."""
    values = dict(record)
    for name in _json_fields(row):
        values[name] = msgspec.json.decode(values[name])
    return msgspec.convert(values, row)


@cache
def _json_fields(row: type[msgspec.Struct]) -> tuple[str, ...]:
    info = inspect.type_info(row)
    assert isinstance(info, inspect.StructType)
    return tuple(field.name for field in info.fields if isinstance(field.type, inspect.DictType))

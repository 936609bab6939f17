"""The read models: lobby, table summaries, scoreboards and players, paginated.

They are built by the projections, so they trail the games by the projection lag.
"""

from datetime import datetime
from typing import Annotated, Any

import asyncpg
import msgspec
from litestar import get
from litestar.datastructures import State
from litestar.params import FromPath, QueryParameter

from domain.errors import DomainError

Limit = Annotated[int, QueryParameter(ge=1, le=200, description="items per page")]
Offset = Annotated[int, QueryParameter(ge=0, description="items to skip")]
Kind = Annotated[str | None, QueryParameter(description="only this game kind")]


class Page(msgspec.Struct, frozen=True):
    items: list[dict[str, Any]]
    next_offset: int | None


class PlayerRecord(msgspec.Struct, frozen=True):
    name: str
    kinds: list[dict[str, Any]]
    recent_games: list[dict[str, Any]]


async def _page(
    pool: asyncpg.Pool, sql: str, args: tuple[Any, ...], limit: int, offset: int
) -> Page:
    count = len(args)
    rows = await pool.fetch(
        f"{sql} LIMIT ${count + 1} OFFSET ${count + 2}", *args, limit + 1, offset
    )
    items = [_plain(row) for row in rows[:limit]]
    return Page(items, offset + limit if len(rows) > limit else None)


def _plain(row: asyncpg.Record) -> dict[str, Any]:
    item = dict(row)
    for key, value in item.items():
        if key in {"options", "public_view"} and isinstance(value, str):
            item[key] = msgspec.json.decode(value)
        elif isinstance(value, datetime):
            item[key] = value.isoformat()
    return item


@get("/lobby", tags=["read models"])
async def lobby(state: State, kind: Kind = None, limit: Limit = 50, offset: Offset = 0) -> Page:
    """Tables waiting for players, newest first: kind, options, seats taken and free."""
    sql = (
        "SELECT game_id, kind, options, seats, min_seats, max_seats,"
        " max_seats - cardinality(seats) AS free_seats, created_at FROM lobby"
        " WHERE $1::text IS NULL OR kind = $1 ORDER BY created_at DESC, game_id"
    )
    return await _page(state.pool, sql, (kind,), limit, offset)


@get("/tables", tags=["read models"])
async def tables(
    state: State,
    kind: Kind = None,
    status: Annotated[str | None, QueryParameter(description="open, playing or finished")] = None,
    limit: Limit = 50,
    offset: Offset = 0,
) -> Page:
    """Summaries of games, most recently active first: status, whose turn, public view."""
    sql = (
        "SELECT game_id, kind, status, version, seats, to_act, public_view, last_activity"
        " FROM table_summaries WHERE ($1::text IS NULL OR kind = $1)"
        " AND ($2::text IS NULL OR status = $2) ORDER BY last_activity DESC, game_id"
    )
    return await _page(state.pool, sql, (kind, status), limit, offset)


@get("/tables/{game_id:str}", tags=["read models"])
async def table_summary(state: State, game_id: FromPath[str]) -> dict[str, Any]:
    """One game's summary."""
    row = await state.pool.fetchrow("SELECT * FROM table_summaries WHERE game_id = $1", game_id)
    if row is None:
        raise DomainError("game_not_found", f"no summary of game {game_id} (yet)")
    return _plain(row)


@get("/scoreboards/{kind:str}", tags=["read models"])
async def scoreboard(
    state: State, kind: FromPath[str], limit: Limit = 50, offset: Offset = 0
) -> Page:
    """Players of a kind by games won, then points: games played, won and points."""
    sql = (
        "SELECT player, played, won, points FROM scoreboard WHERE kind = $1"
        " ORDER BY won DESC, points DESC, player"
    )
    return await _page(state.pool, sql, (kind,), limit, offset)


@get("/players/{name:str}", tags=["read models"])
async def player(state: State, name: FromPath[str], recent: Limit = 20) -> PlayerRecord:
    """A player's record across all kinds, and their most recent games."""
    kinds = await state.pool.fetch(
        "SELECT kind, played, won, points FROM scoreboard WHERE player = $1 ORDER BY kind", name
    )
    if not kinds:
        raise DomainError("not_found", f"no finished game of a player named {name!r}")
    games = await state.pool.fetch(
        "SELECT game_id, kind, seat, score, place, finished_at FROM player_games"
        " WHERE player = $1 ORDER BY finished_at DESC, game_id LIMIT $2",
        name,
        recent,
    )
    return PlayerRecord(name, [_plain(row) for row in kinds], [_plain(row) for row in games])


READ_MODEL_ROUTES = [lobby, tables, table_summary, scoreboard, player]

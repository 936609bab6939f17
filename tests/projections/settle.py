"""Waiting for the read side to catch up with the log."""

import asyncio

import asyncpg

from commands.log.store import Position
from infra.reading import checkpoints

READ_MODELS = (
    "lobby",
    "table_summaries",
    "scoreboards",
    "ratings",
    "watched_games",
    "finished_games",
)


async def settled(
    pool: asyncpg.Pool, names: tuple[str, ...] = READ_MODELS, timeout: float = 30
) -> None:
    """Return once every named projection has applied every event committed so far.

    The target is the log's last position, not what the horizon lets a reader see yet: an
    old transaction elsewhere on the server holds the horizon back, and the read side with it.
    """
    latest = await last_position(pool)
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        behind = [name for name in names if await checkpoints.load(pool, name) < latest]
        if not behind:
            return
        assert asyncio.get_running_loop().time() < deadline, f"still behind: {behind}"
        await asyncio.sleep(0.05)


async def last_position(pool: asyncpg.Pool) -> Position:
    row = await pool.fetchrow(
        "SELECT tx_id::text::bigint AS tx_id, global_position FROM events"
        " ORDER BY tx_id DESC, global_position DESC LIMIT 1"
    )
    return Position() if row is None else Position(row["tx_id"], row["global_position"])


async def games_finished(pool: asyncpg.Pool) -> int:
    """Games finished so far in the log: the scoreboards and the ratings change only when one
    finishes, so a rebuild compared with them is compared at a moment none did."""
    count: int = await pool.fetchval(
        "SELECT count(*) FROM events WHERE type = 'table.game_finished'"
    )
    return count


async def snapshot(pool: asyncpg.Pool) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every read model table, in a stable order."""
    tables = (
        "lobby",
        "table_summaries",
        "seat_names",
        "scoreboard",
        "player_games",
        "ratings",
        "rating_changes",
        "watched_games",
        "finished_games",
        "tournaments",
        "tournament_standings",
    )
    return {
        table: sorted((tuple(row) for row in await pool.fetch(f"SELECT * FROM {table}")), key=repr)
        for table in tables
    }

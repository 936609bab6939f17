"""Waiting for the read side to catch up with the log."""

import asyncio

import asyncpg

from infra import checkpoints
from infra.postgres_store import PostgresEventStore

READ_MODELS = ("lobby", "table_summaries", "scoreboards")


async def settled(
    pool: asyncpg.Pool, names: tuple[str, ...] = READ_MODELS, timeout: float = 30
) -> None:
    """Return once every named projection has applied every committed event."""
    store = PostgresEventStore(pool)
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        behind = [
            name for name in names if await store.read_all(await checkpoints.load(pool, name), 1)
        ]
        if not behind:
            return
        assert asyncio.get_running_loop().time() < deadline, f"still behind: {behind}"
        await asyncio.sleep(0.05)


async def snapshot(pool: asyncpg.Pool) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every read model table, in a stable order."""
    tables = ("lobby", "table_summaries", "seat_names", "scoreboard", "player_games")
    return {
        table: sorted((tuple(row) for row in await pool.fetch(f"SELECT * FROM {table}")), key=repr)
        for table in tables
    }

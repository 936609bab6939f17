"""A read model's table locked past the statement timeout while events arrive: the
projection tries again until the lock goes, dead-letters nothing, and ends equal to a
rebuild (on a database of the test's own, where no other projection runs)."""

import asyncio
import uuid

import asyncpg
import pytest
import redis.asyncio as redis
from prometheus_client import REGISTRY

from commands.core.envelope import Envelope
from commands.core.handler import CommandHandler
from commands.log.store import Position
from domain import table
from infra.process.database import Timeouts, open_pool
from infra.reading import batches, catalog, checkpoints, rebuilds
from infra.reading.projection_metrics import DEAD_LETTERS
from infra.reading.projection_runner import ProjectionRunner
from infra.store.postgres_store import PostgresEventStore
from tests.projections.settle import last_position
from tests.servers import fresh_database

QUICK = Timeouts(connect=2.0, statement=0.3)
LOCKED_SECONDS = 1.5


def dead_letters() -> float | None:
    """`cardroom_dead_letters_total` of table_summaries, as /metrics shows it."""
    labels = {"projection": "table_summaries"}
    return REGISTRY.get_sample_value("cardroom_dead_letters_total", labels)


async def summaries(pool: asyncpg.Pool) -> list[tuple[object, ...]]:
    return [tuple(row) for row in await pool.fetch("SELECT * FROM table_summaries ORDER BY 1")]


async def a_game(handler: CommandHandler) -> None:
    game_id = (await handler.create("gnono", {}, None)).game_id
    for seat in range(3):
        await handler.take_seat(game_id, table.TakeSeat(f"p{seat}"), None)
    await handler.execute(Envelope(game_id, 0, table.StartGame()))


async def visible_after(store: PostgresEventStore, position: Position) -> None:
    """Return once the log's reader sees an event after `position`: a transaction open
    elsewhere on the server holds the horizon back for a moment."""
    async with asyncio.timeout(30):
        while not await store.read_all(position, limit=1):
            await asyncio.sleep(0.05)


async def test_a_read_model_locked_past_the_timeout_catches_up_without_a_dead_letter(
    postgres_url: str, redis_client: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batches, "TRANSIENT_PAUSE", 0.05)
    stream = f"cardroom:test:{uuid.uuid4().hex[:8]}:events"
    async with fresh_database(postgres_url) as url, open_pool(url, timeouts=QUICK) as pool:
        store, handler = PostgresEventStore(pool), CommandHandler.over(PostgresEventStore(pool))
        summaries_model = catalog.build_all(store)["table_summaries"]
        runner = ProjectionRunner(pool, redis_client, stream, [summaries_model])
        await a_game(handler)
        await runner.catch_up()
        await a_game(handler)  # committed before the lock: the projection meets the lock
        await visible_after(store, await checkpoints.load(pool, summaries_model.name))
        DEAD_LETTERS.labels("table_summaries")  # shown in /metrics from now on, at 0 or more
        dead_before = dead_letters()
        locker = await asyncpg.connect(url)
        locking = locker.transaction()
        await locking.start()
        await locker.execute("LOCK TABLE table_summaries IN ACCESS EXCLUSIVE MODE")
        try:
            await a_game(handler)  # and more arrive while the read model is locked
            catching_up = asyncio.create_task(runner.catch_up())
            await asyncio.sleep(LOCKED_SECONDS)
            assert not catching_up.done(), "the projection went past a locked table"
        finally:
            await locking.rollback()
            await locker.close()
        await catching_up
        async with asyncio.timeout(30):  # another test's transaction may hold the horizon
            while await runner.catch_up() < await last_position(pool):
                await asyncio.sleep(0.05)
        live = await summaries(pool)
        await rebuilds.rebuild(pool, PostgresEventStore(pool), summaries_model)
        assert await summaries(pool) == live
        assert len(live) == 3
        assert dead_letters() == dead_before
        assert await redis_client.xlen(runner.dead_letters(summaries_model)) == 0

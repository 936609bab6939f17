"""One runner applies each batch to several read models in one transaction, and a model that
fails on an event holds back no other: it dead-letters that event alone."""

import asyncio
import random
import time
import uuid
from collections.abc import Sequence

import asyncpg
import redis.asyncio as redis
from httpx import AsyncClient
from prometheus_client import Histogram

from commands.log.store import StoredEvent
from infra.reading import checkpoints
from infra.reading.projection_metrics import PROJECTION_DELAY_SECONDS
from infra.reading.projection_runner import ProjectionRunner
from infra.store.postgres_store import PostgresEventStore
from tests.api.players import open_table, play
from tests.projections.settle import last_position


class Counter:
    """Counts each event it is given, in a table of its own; refuses `refused` when given."""

    def __init__(self, refused: str | None = None) -> None:
        self.name = f"counter_{uuid.uuid4().hex[:8]}"
        self.tables = (self.name,)
        self.refused = refused

    async def apply(self, connection: asyncpg.Connection, events: Sequence[StoredEvent]) -> None:
        for event in events:
            if event.event_id == self.refused:
                raise ValueError(f"{self.name} refuses {event.event_id}")
            await connection.execute(
                f"INSERT INTO {self.name} (event_id, n) VALUES ($1, 1)"
                f" ON CONFLICT (event_id) DO UPDATE SET n = {self.name}.n + 1",
                event.event_id,
            )

    async def counted(self, pool: asyncpg.Pool) -> dict[str, int]:
        return dict(await pool.fetch(f"SELECT event_id, n FROM {self.name}"))


async def counters(pool: asyncpg.Pool, *models: Counter) -> None:
    """The models' tables, each model's checkpoint at the same position of the log (other
    tests append meanwhile)."""
    position = await last_position(pool)
    for model in models:
        await pool.execute(f"CREATE TABLE {model.name} (event_id text PRIMARY KEY, n integer)")
        await checkpoints.save(pool, model.name, position)


async def counted_all(
    pool: asyncpg.Pool, runner: ProjectionRunner, counter: Counter, game_id: str
) -> set[str]:
    """Step `runner` until `counter` has counted every event of the game; their ids."""
    played = {event.event_id for event in await PostgresEventStore(pool).read_stream(game_id)}
    async with asyncio.timeout(30):
        while not played <= (await counter.counted(pool)).keys():
            await runner.step(block_ms=100)
    return played


async def test_a_model_failing_on_an_event_dead_letters_it_and_holds_back_no_other(
    client: AsyncClient, pool: asyncpg.Pool, redis_client: redis.Redis, stream: str
) -> None:
    healthy, failing = Counter(), Counter()
    await counters(pool, healthy, failing)
    game_id, _ = await open_table(client, "mad", 2)
    events = await PostgresEventStore(pool).read_stream(game_id)
    failing.refused = events[-1].event_id
    runner = ProjectionRunner(pool, redis_client, stream, [failing, healthy])
    async with asyncio.timeout(30):  # another test's transaction may hold the horizon
        while await runner.catch_up() < events[-1].position:
            await asyncio.sleep(0.05)

    ours = {event.event_id for event in events}
    healthy_counts, failing_counts = await healthy.counted(pool), await failing.counted(pool)
    assert ours <= healthy_counts.keys() and set(healthy_counts.values()) == {1}
    assert ours - failing_counts.keys() == {events[-1].event_id}
    assert set(failing_counts.values()) == {1}
    dead = await redis_client.xrange(runner.dead_letters(failing))
    assert [entry[b"event_id"].decode() for _, entry in dead] == [events[-1].event_id]
    assert await redis_client.xlen(runner.dead_letters(healthy)) == 0
    for model in (healthy, failing):
        assert await checkpoints.load(pool, model.name) >= events[-1].position


async def test_two_models_keep_up_from_one_reading_of_the_stream(
    client: AsyncClient, pool: asyncpg.Pool, redis_client: redis.Redis, stream: str
) -> None:
    first, second = Counter(), Counter()
    await counters(pool, first, second)
    runner = ProjectionRunner(pool, redis_client, stream, [first, second], consumer="one")
    await runner.attach()
    game_id, tokens = await open_table(client, "mad", 2)
    await play(client, game_id, tokens, random.Random(4), 12)
    await counted_all(pool, runner, second, game_id)
    assert await first.counted(pool) == await second.counted(pool)
    assert set((await first.counted(pool)).values()) == {1}


async def test_each_event_a_model_applies_is_observed_once_with_its_delay_to_the_commit(
    client: AsyncClient, pool: asyncpg.Pool, redis_client: redis.Redis, stream: str
) -> None:
    started = time.monotonic()
    counter = Counter()
    await counters(pool, counter)
    runner = ProjectionRunner(pool, redis_client, stream, [counter], consumer="delays")
    await runner.attach()
    game_id, tokens = await open_table(client, "mad", 2)
    await play(client, game_id, tokens, random.Random(5), 12)
    played = await counted_all(pool, runner, counter, game_id)
    took = time.monotonic() - started
    applied = len(await counter.counted(pool))
    delays = PROJECTION_DELAY_SECONDS.labels(counter.name)
    assert applied >= len(played) > 12
    assert _sample(delays, "_count") == applied, "every applied event is observed, once"
    assert 0 < _sample(delays, "_sum") <= applied * took, "each delay is within the test's time"


def _sample(histogram: Histogram, suffix: str) -> float:
    (metric,) = histogram.collect()
    return next(sample.value for sample in metric.samples if sample.name.endswith(suffix))

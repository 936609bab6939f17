"""The event store's contract, against a real Postgres."""

import asyncio
import random
import uuid

import asyncpg
import pytest

from commands.store import ConcurrencyConflict, NewEvent, Position
from infra.migrate import migrate
from infra.postgres_store import PostgresEventStore


def new_events(count: int, label: str = "x") -> list[NewEvent]:
    return [
        NewEvent(str(uuid.uuid4()), "test.happened", f'{{"n": {n}, "label": "{label}"}}', "{}")
        for n in range(count)
    ]


def stream() -> str:
    return f"test-{uuid.uuid4()}"


async def test_appended_events_read_back_in_version_order(store: PostgresEventStore) -> None:
    game = stream()
    await store.append(game, 0, new_events(2))
    await store.append(game, 2, new_events(1))
    rows = await store.read_stream(game)
    assert [row.version for row in rows] == [1, 2, 3]
    assert rows[0].data == '{"n": 0, "label": "x"}'


async def test_a_stale_expected_version_is_a_conflict_and_appends_nothing(
    store: PostgresEventStore,
) -> None:
    game = stream()
    await store.append(game, 0, new_events(1, "first"))
    with pytest.raises(ConcurrencyConflict):
        await store.append(game, 0, new_events(2, "second"))
    rows = await store.read_stream(game)
    assert [(row.version, "first" in row.data) for row in rows] == [(1, True)]


async def test_a_retried_command_id_appends_nothing(store: PostgresEventStore) -> None:
    game = stream()
    await store.append(game, 0, new_events(2), command_id="cmd-1")
    with pytest.raises(ConcurrencyConflict):
        await store.append(game, 2, new_events(1), command_id="cmd-1")
    assert len(await store.read_stream(game)) == 2
    assert await store.command_versions(game, "cmd-1") == (1, 2)


async def test_side_writes_roll_back_with_a_conflict(
    store: PostgresEventStore, pool: asyncpg.Pool
) -> None:
    game = stream()
    await store.append(game, 0, new_events(1))
    insert = ("INSERT INTO games (game_id, kind, secret) VALUES ($1, 'test', '\\x00')", (game,))
    with pytest.raises(ConcurrencyConflict):
        await store.append(game, 0, new_events(1), side_writes=[insert])
    assert await pool.fetchval("SELECT count(*) FROM games WHERE game_id = $1", game) == 0


async def test_migrations_can_run_again_safely(pool: asyncpg.Pool) -> None:
    async with pool.acquire() as connection:
        assert await migrate(connection) == []


async def test_the_horizon_tailer_misses_and_doubles_nothing_under_concurrent_writers(
    store: PostgresEventStore,
) -> None:
    prefix = f"gap-{uuid.uuid4()}"
    writers, commits = 8, 25
    finished = asyncio.Event()

    async def writer(number: int) -> None:
        game, rng = f"{prefix}-{number}", random.Random(number)
        for version in range(commits):
            sleep = ("SELECT pg_sleep($1)", (rng.uniform(0, 0.02),))
            await store.append(game, version * 2, new_events(2), side_writes=[sleep])

    async def tailer() -> list[int]:
        seen: list[int] = []
        position = Position()
        idle_after_finish = 0
        while idle_after_finish < 200:  # keep tailing a while after the writers stop
            rows = await store.read_all(position, limit=50)
            seen += [row.global_position for row in rows if row.stream_id.startswith(prefix)]
            if rows:
                position = Position(rows[-1].tx_id, rows[-1].global_position)
            elif finished.is_set():
                idle_after_finish += 1
            await asyncio.sleep(0.001)
        return seen

    tail = asyncio.create_task(tailer())
    await asyncio.gather(*(writer(n) for n in range(writers)))
    finished.set()
    seen = await tail
    assert len(seen) == writers * commits * 2, "events were missed"
    assert len(set(seen)) == len(seen), "events were read twice"

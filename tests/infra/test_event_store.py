"""What only the Postgres event store has to show: its migrations, and a tailer that misses
nothing under concurrent commits. The contract every adapter keeps is in
test_store_contract.py."""

import asyncio
import random
import uuid
from typing import Any

import asyncpg
import pytest

from commands.log.store import CommandKey, ConcurrencyConflict, NewEvent, Position, SideRecords
from infra.store.append_notices import APPENDED
from infra.store.migrate import migrate
from infra.store.postgres_store import PostgresEventStore


def new_events(count: int, label: str = "x") -> list[NewEvent]:
    return [
        NewEvent(str(uuid.uuid4()), "test.happened", f'{{"n": {n}, "label": "{label}"}}', "{}")
        for n in range(count)
    ]


class SlowCommits(PostgresEventStore):
    """Appends that hold their transaction open a random while (up to 20 ms) before they
    commit, so that commits interleave with the tailer's reads."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        super().__init__(pool)
        self._pauses = random.Random(0)

    async def _write(self, connection: asyncpg.Connection, *args: Any) -> int:
        async with connection.transaction():
            tx_id = await super()._write(connection, *args)
            await connection.execute("SELECT pg_sleep($1)", self._pauses.uniform(0, 0.02))
        return tx_id


async def test_migrations_can_run_again_safely(pool: asyncpg.Pool) -> None:
    async with pool.acquire() as connection:
        assert await migrate(connection) == []


async def test_the_horizon_tailer_misses_and_doubles_nothing_under_concurrent_writers(
    pool: asyncpg.Pool,
) -> None:
    store = SlowCommits(pool)
    prefix = f"gap-{uuid.uuid4()}"
    writers, commits = 8, 25
    finished = asyncio.Event()

    async def writer(number: int) -> None:
        game = f"{prefix}-{number}"
        for version in range(commits):
            await store.append(game, version * 2, new_events(2))

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


async def test_an_append_waits_while_another_holds_the_stream_then_conflicts(
    pool: asyncpg.Pool,
) -> None:
    store, game = PostgresEventStore(pool), f"held-{uuid.uuid4()}"
    await store.append(game, 0, new_events(1))
    async with store.exclusive(game) as held:
        other = asyncio.ensure_future(store.append(game, 1, new_events(1, "other")))
        await asyncio.sleep(0.2)
        assert not other.done(), "an append went through while the stream was held"
        await held.append(game, 1, new_events(1, "holder"))
    with pytest.raises(ConcurrencyConflict):
        await other
    assert [e.data for e in await store.read_stream(game)][-1].endswith('"holder"}')


async def test_an_append_takes_the_stream_lock_before_it_writes_its_command_id(
    pool: asyncpg.Pool,
) -> None:
    """The order that deadlocked two bot workers: one holds the stream and appends a command
    id that another append, waiting for the stream, must not have written already."""
    store, game = PostgresEventStore(pool), f"order-{uuid.uuid4()}"
    await store.append(game, 0, new_events(1))
    bot = SideRecords(command=CommandKey("bot-0-1", "command by seat 0"))
    async with store.exclusive(game) as held:
        other = asyncio.ensure_future(store.append(game, 1, new_events(1, "other"), bot))
        await asyncio.sleep(0.2)
        await asyncio.wait_for(held.append(game, 1, new_events(1, "holder"), bot), 5)
    with pytest.raises(ConcurrencyConflict):
        await other
    assert [e.data for e in await store.read_stream(game)][-1].endswith('"holder"}')


@pytest.mark.parametrize("held", [False, True], ids=["pooled", "held stream"])
async def test_an_append_is_notified_with_its_transaction_id_once_committed(
    pool: asyncpg.Pool, held: bool
) -> None:
    heard: asyncio.Queue[int] = asyncio.Queue()

    def hear(*told: Any) -> None:
        heard.put_nowait(int(told[-1]))

    async with pool.acquire() as listener:
        await listener.add_listener(APPENDED, hear)
        try:
            store, game = PostgresEventStore(pool), str(uuid.uuid4())
            if held:
                async with store.exclusive(game) as streams:
                    await streams.append(game, 0, new_events(2))
            else:
                await store.append(game, 0, new_events(2))
            committed = await pool.fetchval(
                "SELECT tx_id::text::bigint FROM events WHERE stream_id = $1 LIMIT 1", game
            )
            newest = 0
            while newest < committed:  # other tests' appends may be told first
                newest = await asyncio.wait_for(heard.get(), 5)
        finally:
            await listener.remove_listener(APPENDED, hear)

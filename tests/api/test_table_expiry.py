"""Open tables nobody starts expire: the table clock records `table.expired` once a table
has waited its idle time with nothing done at it, and the lobby drops it."""

from datetime import UTC, datetime, timedelta

import asyncpg
from httpx import AsyncClient

from commands.core.handler import CommandHandler
from commands.workers.table_clock import TableClock
from infra.reading import read_models
from infra.store.postgres_store import PostgresEventStore
from tests.api.players import bearer, ok, view
from tests.api.test_bots import new_table, seat
from tests.api.test_table_setup import lobby_ids
from tests.projections.settle import settled

IDLE = 600


def clock(pool: asyncpg.Pool, ahead: float, *mine: str) -> TableClock:
    """A table clock over the pool whose `now` is `ahead` seconds from now, expiring only
    this test's tables `mine` (other tests' tables share the database)."""

    async def idle(since: datetime) -> list[str]:
        return [game for game in await read_models.idle_tables(pool, since) if game in mine]

    handler = CommandHandler.over(PostgresEventStore(pool))
    return TableClock(handler, idle, IDLE, lambda: datetime.now(UTC) + timedelta(seconds=ahead))


async def test_a_table_nobody_starts_expires_after_its_idle_time_and_leaves_the_lobby(
    client: AsyncClient, pool: asyncpg.Pool
) -> None:
    waiting = await new_table(client, "gnono")
    await seat(client, waiting, {"name": "ada"})
    started = await new_table(client, "gnono")
    host = await seat(client, started, {"name": "bo"})
    await seat(client, started, {"name": "cy"})
    command = {"type": "start_game"}
    ok(await client.post(f"/games/{started}/commands", json=command, headers=bearer(host)))
    await settled(pool, ("lobby", "table_summaries"))
    await clock(pool, IDLE / 2, waiting, started).sweep()
    assert (await view(client, waiting))["status"] == "open"
    await clock(pool, IDLE + 1, waiting, started).sweep()
    assert (await view(client, waiting))["status"] == "expired"
    assert (await view(client, started))["status"] == "playing"
    events = ok(await client.get(f"/games/{waiting}/events"))
    assert events[-1]["event"]["type"] == "table.expired"
    assert events[-1]["event"]["idle_seconds"] == IDLE
    assert waiting not in await lobby_ids(client, pool)
    late = await client.post(f"/games/{waiting}/seats", json={"name": "dee"})
    assert (late.status_code, late.json()["code"]) == (409, "table_not_open")


async def test_two_clocks_expire_a_table_once(client: AsyncClient, pool: asyncpg.Pool) -> None:
    waiting = await new_table(client, "mad")
    await settled(pool, ("table_summaries",))
    await clock(pool, IDLE + 1, waiting).sweep()
    await clock(pool, IDLE + 1, waiting).sweep()
    events = ok(await client.get(f"/games/{waiting}/events"))
    assert [e["event"]["type"] for e in events].count("table.expired") == 1

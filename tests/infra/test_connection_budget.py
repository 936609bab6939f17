"""A process that finds Postgres out of connection slots says so once and recovers, on a
private Postgres whose `max_connections` is small."""

import asyncio
import contextlib
import logging
from collections.abc import Iterator

import asyncpg
import pytest

from infra.process import database
from tests.private_postgres import PrivatePostgres, private_postgres


@pytest.fixture(scope="module")
def small_postgres() -> Iterator[PrivatePostgres]:
    with private_postgres() as server:

        async def limit() -> None:
            connection = await asyncpg.connect(server.url)
            await connection.execute("ALTER SYSTEM SET max_connections = 8")
            await connection.close()

        asyncio.run(limit())
        server.stop()
        server.start()
        yield server


async def hog_every_slot(url: str) -> list[asyncpg.Connection]:
    hogs: list[asyncpg.Connection] = []
    with contextlib.suppress(asyncpg.TooManyConnectionsError):
        while len(hogs) < 20:
            hogs.append(await asyncpg.connect(url))
    return hogs


async def test_a_pool_refused_connections_says_so_once_and_recovers(
    small_postgres: PrivatePostgres, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger=database.log.name)
    async with database.open_pool(small_postgres.url, min_size=1, max_size=4) as pool:
        hogs = await hog_every_slot(small_postgres.url)
        for _ in range(3):  # each needs a second connection, which Postgres refuses
            with pytest.raises(asyncpg.TooManyConnectionsError):
                async with pool.acquire(), pool.acquire():
                    pass
        for hog in hogs:
            await hog.close()
        async with pool.acquire() as first, pool.acquire() as second:
            assert await first.fetchval("SELECT 1") == await second.fetchval("SELECT 1") == 1
    said = [record.getMessage() for record in caplog.records]
    assert len([line for line in said if "refuses new connections" in line]) == 1, said
    assert "max_connections" in said[0] and "Connection budget" in said[0]
    assert said[-1] == "Postgres accepts new connections again"

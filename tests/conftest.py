"""Shared fixtures: a fresh, migrated database and a stream of this run's own on real
Postgres and Redis servers, and the app on them."""

import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest
import redis.asyncio as redis
from litestar.testing import AsyncTestClient

from api.main.app import create_app
from infra.process.settings import Settings
from infra.store.postgres_store import PostgresEventStore
from tests.servers import POOLS, fresh_database, postgres_server, redis_server, server_folder


@pytest.fixture(scope="session")
def servers_folder() -> Iterator[Path]:
    with server_folder() as folder:
        yield folder


@pytest.fixture(scope="session")
def postgres_url(servers_folder: Path) -> Iterator[str]:
    with postgres_server(servers_folder) as url:
        yield url


@pytest.fixture(scope="session")
def redis_url(servers_folder: Path) -> Iterator[str]:
    with redis_server(servers_folder) as url:
        yield url


@pytest.fixture(scope="session")
async def database_url(postgres_url: str) -> AsyncIterator[str]:
    """A database of this run's own, migrated, dropped at the end."""
    async with fresh_database(postgres_url) as url:
        yield url


@pytest.fixture(scope="session")
async def pool(database_url: str) -> AsyncIterator[asyncpg.Pool]:
    async with asyncpg.create_pool(database_url, min_size=2, max_size=6) as created:
        yield created


@pytest.fixture
def store(pool: asyncpg.Pool) -> PostgresEventStore:
    return PostgresEventStore(pool)


@pytest.fixture(scope="session")
def stream() -> str:
    return f"cardroom:test:{uuid.uuid4().hex[:8]}:events"


@pytest.fixture(scope="session")
async def redis_client(redis_url: str) -> AsyncIterator[redis.Redis]:
    client = redis.from_url(redis_url)
    yield client
    await client.aclose()


@pytest.fixture(scope="session")
def settings(
    database_url: str, redis_url: str, stream: str, tmp_path_factory: pytest.TempPathFactory
) -> Settings:
    """The settings of the service on this run's servers (tweak with `dataclasses.replace`),
    its datasets kept in a folder of the run's own."""
    return Settings(
        database_url=database_url,
        redis_url=redis_url,
        event_stream=stream,
        pool_sizes=POOLS,
        datasets=tmp_path_factory.mktemp("datasets"),
    )


@pytest.fixture(scope="session")
async def client(settings: Settings) -> AsyncIterator[AsyncTestClient]:  # type: ignore[type-arg]
    """The service in-process, relay and projections included."""
    async with AsyncTestClient(create_app(settings)) as test_client:
        yield test_client

"""Test servers, found in this order: CARDROOM_TEST_*_URL, testcontainers when a Docker
engine answers, else embedded servers under a temporary folder."""

import contextlib
import os
import shutil
import tempfile
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from infra.process import embedded
from infra.process.pool_sizes import PoolSizes
from infra.store.migrate import migrate

POOLS = PoolSizes(api=4, relay=2, projections=3, bots=2)
"""The pools of the services tests run in process: those of the test workers, and the
processes tests start beside them (`tests.e2e.test_service.SMALL_POOLS`), share one
Postgres's 100 connections."""


@contextlib.contextmanager
def server_folder() -> Iterator[Path]:
    """A temporary folder an embedded server may live in. Run as root, the embedded Postgres
    drops to a user of its own, which must reach its data: pytest's temporary folders sit
    under a root folder pytest keeps private to its user (and makes private again whenever
    another pytest run starts), so servers live in a folder of their own, removed at the end."""
    path = Path(tempfile.mkdtemp(prefix="cardroom-test-"))
    path.chmod(0o755)
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def docker_answers() -> bool:
    try:
        import docker

        docker.from_env(timeout=2).ping()
    except Exception:
        return False
    return True


@contextlib.contextmanager
def postgres_server(folder: Path) -> Iterator[str]:
    if url := os.environ.get("CARDROOM_TEST_DATABASE_URL"):
        yield url
    elif docker_answers():
        from testcontainers.postgres import PostgresContainer

        with PostgresContainer("postgres:16-alpine", driver=None) as container:
            yield container.get_connection_url()
    else:
        yield embedded.postgres_url(folder)


@contextlib.contextmanager
def redis_server(folder: Path) -> Iterator[str]:
    if url := os.environ.get("CARDROOM_TEST_REDIS_URL"):
        yield url
    elif docker_answers():
        from testcontainers.redis import RedisContainer

        with RedisContainer("redis:7-alpine") as container:
            host, port = container.get_container_host_ip(), container.get_exposed_port(6379)
            yield f"redis://{host}:{port}"
    else:
        with embedded.redis_server(folder) as url:
            yield url


def with_database(url: str, database: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{database}"))


def fresh_database_name() -> str:
    return f"cardroom_test_{uuid.uuid4().hex[:12]}"


@contextlib.asynccontextmanager
async def fresh_database(postgres_url: str) -> AsyncIterator[str]:
    """A migrated database of its own on the server, dropped afterwards; yields its URL."""
    name = fresh_database_name()
    await _admin(postgres_url, f'CREATE DATABASE "{name}"')
    url = with_database(postgres_url, name)
    try:
        connection = await asyncpg.connect(url)
        await migrate(connection)
        await connection.close()
        yield url
    finally:
        await _admin(postgres_url, f'DROP DATABASE "{name}" WITH (FORCE)')


async def _admin(postgres_url: str, statement: str) -> None:
    """Run one statement on a connection of its own (none is held for a whole run)."""
    admin = await asyncpg.connect(postgres_url)
    try:
        await admin.execute(statement)
    finally:
        await admin.close()

"""A `cardroom serve` process of a test module's own, on a database of its own, for the tests
that drive the service over its port as an outside tool does."""

import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from tests.e2e.test_service import served
from tests.servers import fresh_database


@pytest.fixture(scope="module")
async def own_database(postgres_url: str) -> AsyncIterator[str]:
    async with fresh_database(postgres_url) as url:
        yield url


@contextmanager
def served_alone(
    database: str, redis_url: str, folder: Path, settings: dict[str, str] | None = None
) -> Iterator[httpx.Client]:
    """The service on `database` and a Redis stream of its own, healthy."""
    stream = f"cardroom:test:{uuid.uuid4().hex[:8]}:alone"
    with served(database, redis_url, stream, folder, settings) as (http, _):
        yield http

"""An app on the run's own database, driven in-process through Litestar's test client."""

from collections.abc import AsyncIterator

import pytest
from litestar.testing import AsyncTestClient

from api.app import create_app


@pytest.fixture(scope="session")
async def client(database_url: str, redis_url: str) -> AsyncIterator[AsyncTestClient]:  # type: ignore[type-arg]
    async with AsyncTestClient(create_app(database_url, redis_url)) as test_client:
        yield test_client

"""Fixtures the adapter tests share."""

from collections.abc import AsyncIterator

import asyncpg
import pytest

from tests.servers import fresh_database


@pytest.fixture(scope="module")
async def quiet_pool(postgres_url: str) -> AsyncIterator[asyncpg.Pool]:
    """A database of the test module's own, where no other test's background workers (relay,
    projections, snapshot taker) write or read: whole-log counts and snapshots stay the
    module's."""
    async with (
        fresh_database(postgres_url) as url,
        asyncpg.create_pool(url, min_size=1, max_size=4) as created,
    ):
        yield created

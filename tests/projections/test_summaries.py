"""Table summaries are taken only between two commands, whatever the batch boundaries."""

import asyncpg

from infra.reading.read_models import PostgresReadModel
from infra.store.postgres_store import PostgresEventStore
from projections.summaries import TableSummaries
from tests.projections.given import stored_game


async def test_a_batch_that_ends_half_way_through_a_command_is_summarised_later(
    pool: asyncpg.Pool,
) -> None:
    game_id, rows = stored_game("ecliptic", 3)
    projection = PostgresReadModel(TableSummaries(), PostgresEventStore(pool))
    async with pool.acquire() as connection:
        for row in rows:  # one event per batch: every command boundary falls inside a batch
            await projection.apply(connection, [row])
        version = await connection.fetchval(
            "SELECT version FROM table_summaries WHERE game_id = $1", game_id
        )
    assert version == rows[-1].version

"""Table summaries are taken only between two commands, whatever the batch boundaries."""

import uuid
from datetime import UTC, datetime

import asyncpg

from commands.envelope import Envelope
from commands.handler import _records
from commands.registry import GAMES
from commands.store import StoredEvent
from infra.postgres_store import PostgresEventStore
from infra.read_models import PostgresReadModel
from projections.summaries import TableSummaries
from tests.domain.playout import Playout

NOW = datetime(2026, 3, 21, tzinfo=UTC)


def stored_game(kind: str, seed: int) -> tuple[str, list[StoredEvent]]:
    """A whole random game as the rows the handler stores, command by command."""
    playout = Playout(GAMES[kind], 2, seed)
    while playout.step():
        pass
    game_id, rows = f"summary-{uuid.uuid4()}", []
    for decision in playout.decisions:
        records, _ = _records("", Envelope(game_id, 0, None), "command", NOW, decision)
        for record in records:
            version = len(rows) + 1
            rows.append(
                StoredEvent(
                    version, version, game_id, version, record.event_id, record.type, 1,
                    record.data, record.metadata, NOW, kind,
                )
            )  # fmt: skip
    return game_id, rows


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

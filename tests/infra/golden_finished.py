"""Golden games stored again as new finished games, at a finish time of the caller's: a
month of datasets without playing one game (the chain links no game id, so a copy verifies)."""

import uuid
from collections.abc import Sequence
from datetime import datetime

import asyncpg
import msgspec

from commands.log import published
from commands.log.published import LogRecord

_INSERT = (
    "INSERT INTO events (stream_id, version, event_id, type, schema_version, data, metadata,"
    " recorded_at) SELECT $1, v, e, t, s, d::jsonb, m::jsonb, r FROM unnest($2::int[],"
    " $3::uuid[], $4::text[], $5::smallint[], $6::text[], $7::text[], $8::timestamptz[])"
    " AS rows(v, e, t, s, d, m, r)"
)


def shifted(records: Sequence[LogRecord], finished_at: datetime) -> list[datetime]:
    """Each record's time moved so that the game finishes at `finished_at`."""
    times = [datetime.fromisoformat(each.recorded_at) for each in records]
    end = next(i for i, each in enumerate(records) if each.type == "table.game_finished")
    delta = finished_at - times[end]
    return [at + delta for at in times]


async def store_finished(
    connection: asyncpg.Connection | asyncpg.Pool,
    records: Sequence[LogRecord],
    finished_at: datetime,
) -> str:
    """Store a copy of a finished game's records under a new id, finishing at `finished_at`;
    returns its id."""
    game_id = str(uuid.uuid4())
    kind = published.kind_of(records)
    await connection.execute(
        "INSERT INTO games (game_id, kind, secret) VALUES ($1, $2, $3)", game_id, kind, b"\0"
    )
    await connection.execute(
        _INSERT,
        game_id,
        [each.version for each in records],
        [uuid.uuid4() for _ in records],
        [each.type for each in records],
        [each.schema_version for each in records],
        [bytes(each.data).decode() for each in records],
        [msgspec.json.encode(each.metadata).decode() for each in records],
        shifted(records, finished_at),
    )
    return game_id

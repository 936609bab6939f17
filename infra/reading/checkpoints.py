"""Checkpoints of the log readers, kept in Postgres beside what they wrote."""

import asyncpg

from commands.log.store import Position


async def load(connection: asyncpg.Connection | asyncpg.Pool, name: str) -> Position:
    row = await connection.fetchrow(
        "SELECT tx_id, global_position FROM checkpoints WHERE name = $1", name
    )
    return Position() if row is None else Position(row["tx_id"], row["global_position"])


async def save(
    connection: asyncpg.Connection | asyncpg.Pool, name: str, position: Position
) -> None:
    await connection.execute(
        "INSERT INTO checkpoints (name, tx_id, global_position) VALUES ($1, $2, $3)"
        " ON CONFLICT (name) DO UPDATE SET tx_id = $2, global_position = $3, updated_at = now()",
        name,
        position.tx_id,
        position.global_position,
    )

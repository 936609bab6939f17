"""A batch's row changes written in runs of one statement give the rows that writing them one
at a time gives, in order; a game's ratings read what the changes before them wrote."""

import contextlib
import uuid
from datetime import UTC, datetime
from typing import Any

import asyncpg

from infra.reading.writes import statement, write
from projections.model import Append, Change, Delete, Increment, Rate, Upsert

PROBE = (
    "CREATE TEMP TABLE probe"
    " (k text PRIMARY KEY, a int, b int, n int NOT NULL DEFAULT 0, log text[])"
)


def changes() -> list[Change]:
    """Runs of the same statement broken by others, and rows changed more than once."""
    return [
        Upsert("probe", {"k": "x"}, {"a": 1, "b": 1}),
        Upsert("probe", {"k": "y"}, {"a": 2, "b": 2}),
        Upsert("probe", {"k": "z"}, {"a": 3, "b": 3}),
        Increment("probe", {"k": "x"}, {"n": 1}),
        Increment("probe", {"k": "x"}, {"n": 2}),
        Upsert("probe", {"k": "x"}, {"a": 4, "b": 4}),
        Delete("probe", {"k": "y"}),
        Upsert("probe", {"k": "y"}, {"a": 5, "b": 5}),
        Append("probe", {"k": "y"}, "log", "first"),
        Append("probe", {"k": "y"}, "log", "second"),
        Upsert("probe", {"k": "z"}, {"a": 6}),
        Upsert("probe", {"k": "w"}, {"a": 7}),
    ]


async def rows(connection: asyncpg.Connection) -> list[Any]:
    return [tuple(row) for row in await connection.fetch("SELECT * FROM probe ORDER BY k")]


async def test_runs_of_one_statement_write_what_one_at_a_time_writes(pool: asyncpg.Pool) -> None:
    async with pool.acquire() as batched, pool.acquire() as single:
        for connection in (batched, single):
            await connection.execute("DROP TABLE IF EXISTS probe")
            await connection.execute(PROBE)
        await write(batched, changes())
        for change in changes():
            assert not isinstance(change, Rate)
            sql, args = statement(change)
            await single.execute(sql, *args)
        written = await rows(batched)
        assert written == await rows(single)
        assert written[1] == ("x", 4, 4, 3, None)  # its increments kept, then overwritten
        for connection in (batched, single):
            await connection.execute("DROP TABLE probe")


class RolledBack(Exception):
    """Raised to leave nothing behind in the shared database."""


async def test_a_games_ratings_start_from_the_ratings_written_before_them_in_the_batch(
    pool: asyncpg.Pool,
) -> None:
    players = (f"ann-{uuid.uuid4().hex[:8]}",), (f"bob-{uuid.uuid4().hex[:8]}",)
    finished = datetime(2026, 11, 28, 12, tzinfo=UTC)
    games = [
        Rate("ratings", {"game_id": f"g{n}"}, "mad", players, (1, 2), finished) for n in (1, 2)
    ]
    played = None
    with contextlib.suppress(RolledBack):
        async with pool.acquire() as connection, connection.transaction():
            await write(connection, games)
            played = await connection.fetchval(
                "SELECT played FROM ratings WHERE kind = 'mad' AND player = $1", players[0][0]
            )
            raise RolledBack
    assert played == 2, "the second game's ratings start from the first's"

"""The rows a batch of read-model changes writes, on the runner's connection, in the
transaction that saves the checkpoint.

Each change is one statement (`statement`). A run of changes that make the same statement
(the table summaries' upserts of every game a batch moved, say) goes to Postgres as one
pipelined `executemany`, one round trip instead of one each; the order of the changes is
kept, and a change that reads before it writes (a game's ratings, from the players' ratings
as they stand) sees every change before it written.
"""

from collections.abc import Mapping, Sequence
from typing import Any

import asyncpg
import msgspec

from projections import ratings
from projections.model import Append, Change, Delete, Increment, Rate, RowChange, Upsert

Statement = tuple[str, tuple[Any, ...]]


async def write(connection: asyncpg.Connection, changes: Sequence[Change]) -> None:
    run: list[tuple[Any, ...]] = []
    run_sql = ""
    for change in changes:
        if isinstance(change, Rate):
            await _flush(connection, run_sql, run)
            run = []
        for row_change in await _rows(connection, change):
            sql, args = statement(row_change)
            if sql != run_sql:
                await _flush(connection, run_sql, run)
                run, run_sql = [], sql
            run.append(args)
    await _flush(connection, run_sql, run)


async def _flush(connection: asyncpg.Connection, sql: str, run: list[tuple[Any, ...]]) -> None:
    if len(run) == 1:
        await connection.execute(sql, *run[0])
    elif run:
        await connection.executemany(sql, run)


async def _rows(connection: asyncpg.Connection, change: Change) -> Sequence[RowChange]:
    """The row changes a change makes: itself, or a game's ratings from the players'
    ratings as they stand (read in the transaction that writes them)."""
    if not isinstance(change, Rate):
        return (change,)
    rows = await connection.fetch(
        "SELECT player, mu, sigma, played FROM ratings WHERE kind = $1 AND player = ANY($2)",
        change.kind,
        [player for team in change.teams for player in team],
    )
    before = {row["player"]: ratings.Rating(row["mu"], row["sigma"], row["played"]) for row in rows}
    return ratings.rating_rows(change, before)


def statement(change: RowChange) -> Statement:
    """The SQL that makes one change."""
    keys = ", ".join(change.key)
    match change:
        case Upsert(table, key, values):
            columns, args = [*key, *values], (*key.values(), *map(_column, values.values()))
            update = ", ".join(f"{column} = EXCLUDED.{column}" for column in values)
            conflict = f"DO UPDATE SET {update}" if values else "DO NOTHING"
            sql = (
                f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({_placeholders(len(args))})"
                f" ON CONFLICT ({keys}) {conflict}"
            )
            return sql, args
        case Increment(table, key, amounts):
            columns, args = [*key, *amounts], (*key.values(), *amounts.values())
            update = ", ".join(f"{column} = r.{column} + EXCLUDED.{column}" for column in amounts)
            sql = (
                f"INSERT INTO {table} AS r ({', '.join(columns)})"
                f" VALUES ({_placeholders(len(args))}) ON CONFLICT ({keys}) DO UPDATE SET {update}"
            )
            return sql, args
        case Append(table, key, column, value):
            sql = f"UPDATE {table} SET {column} = array_append({column}, $1) WHERE {_where(key, 2)}"
            return sql, (value, *key.values())
        case Delete(table, key):
            return f"DELETE FROM {table} WHERE {_where(key, 1)}", tuple(key.values())


def _column(value: Any) -> Any:
    """A value as asyncpg writes it: a mapping as its JSON text (asyncpg's jsonb takes text)."""
    return msgspec.json.encode(value).decode() if isinstance(value, Mapping) else value


def _placeholders(count: int) -> str:
    return ", ".join(f"${number}" for number in range(1, count + 1))


def _where(key: Any, first: int) -> str:
    return " AND ".join(f"{column} = ${first + n}" for n, column in enumerate(key))

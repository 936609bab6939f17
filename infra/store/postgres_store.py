"""The Postgres event store: append with an expected version, read a stream,
tail the whole log in commit order with the transaction-id horizon.
"""

import contextlib
from collections.abc import AsyncIterator, Sequence

import asyncpg

from commands.log.store import (
    NOTHING_BESIDE,
    ConcurrencyConflict,
    LogRow,
    NewEvent,
    Position,
    RecordedCommand,
    SideRecords,
    Snapshot,
    StoredEvent,
    TransientConflict,
)
from infra.process import tracing
from infra.store.append_notices import AppendNotices, notify_statement

_COLUMNS = (
    "e.global_position, e.tx_id::text::bigint AS tx_id, e.stream_id, e.version,"
    " e.event_id::text AS event_id, e.type, e.schema_version, e.data::text AS data,"
    " e.metadata::text AS metadata, e.recorded_at, g.kind"
)
"""The columns of a `StoredEvent`, in the order of its fields: a row becomes one by position
(`StoredEvent(*row)`), four times cheaper than by name, which counts in a long stream."""
_FROM = "FROM events e LEFT JOIN games g ON g.game_id = e.stream_id"

_STREAM_LOCK = "1, hashtext($1)"
"""The advisory lock of a stream (the two-key form, apart from every one-key lock)."""
_APPEND = f"""
WITH held AS MATERIALIZED (
  SELECT pg_advisory_xact_lock({_STREAM_LOCK})
), appended AS (
  INSERT INTO events (stream_id, version, event_id, type, schema_version, data, metadata)
  SELECT $1, v, e, t, s, d::jsonb, m::jsonb
  FROM held, unnest($2::int[], $3::uuid[], $4::text[], $5::smallint[], $6::text[], $7::text[])
    AS u(v, e, t, s, d, m)
), command AS (
  INSERT INTO commands (stream_id, scope, command_id, fingerprint, first_version, last_version)
  SELECT $1, $8, $9, $10, $11, $12 FROM held WHERE $9::text IS NOT NULL
), game AS (
  INSERT INTO games (game_id, kind, secret) SELECT $1, $13, $14 FROM held
  WHERE $13::text IS NOT NULL
), token AS (
  INSERT INTO seat_tokens (game_id, seat, token_hash)
  SELECT $1, $15, $16 FROM held WHERE $15::int IS NOT NULL
), player AS (
  INSERT INTO player_tokens (handle, token_hash) SELECT $17, $18 FROM held
  WHERE $17::text IS NOT NULL
)
SELECT pg_current_xact_id()::text::bigint
"""
"""An append is this one statement, so it costs one round trip and is atomic by itself:
the events, the command id, the game record, the seat token and the player token, or
nothing. It answers its transaction id, which its process notifies `APPENDED` listeners (the
relay) of once it has committed (`infra.store.append_notices`).

Locks are taken in one order, so two appends can never deadlock: the stream's advisory lock
first, then the rows. Postgres runs a statement's writing parts in an order of its own (the
last written first, here), so each of them reads its row from `held`, the one lock, which
is taken when the first of them reads it: none can write a row, nor wait on another
writer's uncommitted key, before the lock is held. Without that, an append waiting for the
lock had written its command id already, and a holder of the stream (`exclusive`)
appending the same command id (two bot workers) waited for it in turn. A first statement
of its own taking the lock would do the same at the cost of a second round trip per append.
No append commits while `exclusive` holds the stream."""
_APPEND_TRACED = _APPEND.replace(
    "m::jsonb", "m::jsonb || jsonb_build_object('traceparent', $19::text)"
)
"""The append that writes its trace context into each event's metadata (`infra.process.tracing`), so
the relay, the projections and the live feeds of every process join the command's trace."""

TRANSIENT_ERRORS = (asyncpg.DeadlockDetectedError, asyncpg.SerializationError)
"""Postgres gave the transaction up for a cause of the moment and wrote nothing: the append
is told as `TransientConflict`, which the command handler retries."""


class PostgresEventStore:
    def __init__(
        self, pool: asyncpg.Pool | asyncpg.Connection, notices: AppendNotices | None = None
    ) -> None:
        self._pool = pool
        """A pool, or the one connection of a store `exclusive` hands out."""
        self._notices = AppendNotices(pool) if isinstance(pool, asyncpg.Pool) else notices
        """Where appends are notified; None: on the store's one connection, at once."""

    @contextlib.asynccontextmanager
    async def exclusive(self, stream_id: str) -> AsyncIterator["PostgresEventStore"]:
        """The store on one connection holding the stream's advisory lock: every other
        append to the stream waits until the block ends."""
        async with self._connection() as connection:
            await connection.execute(f"SELECT pg_advisory_lock({_STREAM_LOCK})", stream_id)
            try:
                yield PostgresEventStore(connection, self._notices)
            finally:
                await connection.execute(f"SELECT pg_advisory_unlock({_STREAM_LOCK})", stream_id)

    @contextlib.asynccontextmanager
    async def _connection(self) -> AsyncIterator[asyncpg.Connection]:
        if isinstance(self._pool, asyncpg.Pool):
            async with self._pool.acquire() as connection:
                yield connection
        else:
            yield self._pool

    async def read_stream(
        self, stream_id: str, after_version: int = 0, limit: int | None = None
    ) -> list[StoredEvent]:
        rows = await self._pool.fetch(
            f"SELECT {_COLUMNS} {_FROM}"
            " WHERE e.stream_id = $1 AND e.version > $2 ORDER BY e.version LIMIT $3",
            stream_id,
            after_version,
            limit,
        )
        return [StoredEvent(*row) for row in rows]

    async def read_log(self, stream_id: str) -> list[LogRow]:
        rows = await self._pool.fetch(
            "SELECT version, type, schema_version, data::text, metadata::text FROM events"
            " WHERE stream_id = $1 ORDER BY version",
            stream_id,
        )
        return [LogRow(*row) for row in rows]

    async def read_streams(self, stream_ids: Sequence[str]) -> list[StoredEvent]:
        """The events of several streams in one query, stream after stream as asked, each in
        version order (a dataset reads its games a batch at a time)."""
        rows = await self._pool.fetch(
            f"SELECT {_COLUMNS} {_FROM} JOIN unnest($1::text[]) WITH ORDINALITY AS ids(id, n)"
            " ON ids.id = e.stream_id ORDER BY ids.n, e.version",
            list(stream_ids),
        )
        return [StoredEvent(*row) for row in rows]

    async def append(
        self,
        stream_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        side: SideRecords = NOTHING_BESIDE,
    ) -> int:
        """Append `events` as versions expected+1..., with the side records, in one
        statement (`_APPEND`). Raises ConcurrencyConflict when another writer got there
        first or the command id, game, seat, token or player was already recorded;
        TransientConflict when Postgres gave the transaction up (`TRANSIENT_ERRORS`).
        """
        try:
            with tracing.span("cardroom.append", stream=stream_id, events=len(events)):
                async with self._connection() as connection:
                    tx_id = await self._write(connection, stream_id, expected_version, events, side)
                    if self._notices is None:
                        await connection.execute(notify_statement(tx_id))
        except asyncpg.UniqueViolationError as error:
            raise ConcurrencyConflict(str(error)) from error
        except TRANSIENT_ERRORS as error:
            raise TransientConflict(f"{type(error).__name__}: {error}") from error
        if self._notices is not None:
            self._notices.committed(tx_id)
        return expected_version + len(events)

    async def _write(
        self,
        connection: asyncpg.Connection,
        stream_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        side: SideRecords,
    ) -> int:
        """The append's one statement (a test holds its transaction open around it); the
        transaction id it wrote in."""
        last = expected_version + len(events)
        command, new_game, seat_token, player_token = (
            side.command,
            side.new_game,
            side.seat_token,
            side.player_token,
        )
        traceparent = tracing.traceparent()
        tx_id: int = await connection.fetchval(
            _APPEND if traceparent is None else _APPEND_TRACED,
            stream_id,
            list(range(expected_version + 1, last + 1)),
            [event.event_id for event in events],
            [event.type for event in events],
            [event.schema_version for event in events],
            [event.data for event in events],
            [event.metadata for event in events],
            *(
                (command.scope, command.command_id, command.fingerprint, expected_version + 1, last)
                if command
                else (None,) * 5
            ),
            *((new_game.kind, new_game.secret) if new_game else (None, None)),
            *((seat_token.seat, seat_token.token_hash) if seat_token else (None, None)),
            *((player_token.handle, player_token.token_hash) if player_token else (None, None)),
            *(() if traceparent is None else (traceparent,)),
        )
        return tx_id

    async def recorded_command(
        self, stream_id: str, scope: str, command_id: str
    ) -> RecordedCommand | None:
        """The versions a command id produced in a stream and scope, and its fingerprint."""
        row = await self._pool.fetchrow(
            "SELECT first_version, last_version, fingerprint FROM commands"
            " WHERE stream_id = $1 AND scope = $2 AND command_id = $3",
            stream_id,
            scope,
            command_id,
        )
        if row is None:
            return None
        return RecordedCommand(row["first_version"], row["last_version"], bytes(row["fingerprint"]))

    async def count_after(self, after: Position) -> int:
        """How many committed events lie after a position (for progress and lag)."""
        count: int = await self._pool.fetchval(
            "SELECT count(*) FROM events WHERE (tx_id, global_position) > ($1::text::xid8, $2)",
            str(after.tx_id),
            after.global_position,
        )
        return count

    async def game_record(self, game_id: str) -> tuple[str, bytes] | None:
        """A game's kind and secret seed, if the game exists."""
        row = await self._pool.fetchrow(
            "SELECT kind, secret FROM games WHERE game_id = $1", game_id
        )
        return None if row is None else (row["kind"], bytes(row["secret"]))

    async def latest_snapshot(self, game_id: str) -> Snapshot | None:
        row = await self._pool.fetchrow(
            "SELECT version, schema, last_hash, phase, state FROM snapshots WHERE game_id = $1",
            game_id,
        )
        return None if row is None else Snapshot(**dict(row))

    async def save_snapshot(self, game_id: str, snapshot: Snapshot) -> None:
        await save_snapshots(self._pool, [(game_id, snapshot)])

    async def seat_for_token(self, game_id: str, token_hash: bytes) -> int | None:
        """The seat a token (by its hash) acts for in a game, if any."""
        seat: int | None = await self._pool.fetchval(
            "SELECT seat FROM seat_tokens WHERE game_id = $1 AND token_hash = $2",
            game_id,
            token_hash,
        )
        return seat

    async def player_for_token(self, token_hash: bytes) -> str | None:
        handle: str | None = await self._pool.fetchval(
            "SELECT handle FROM player_tokens WHERE token_hash = $1", token_hash
        )
        return handle

    async def read_all(self, after: Position, limit: int = 500) -> list[StoredEvent]:
        """Committed events after `after` in commit order, never skipping a late commit.

        Only transactions older than every one still running are read, so an event that
        commits later can never land behind the returned position.
        """
        rows = await self._pool.fetch(
            f"SELECT {_COLUMNS} {_FROM}"
            " WHERE (e.tx_id, e.global_position) > ($1::text::xid8, $2)"
            " AND e.tx_id < pg_snapshot_xmin(pg_current_snapshot())"
            " ORDER BY e.tx_id, e.global_position LIMIT $3",
            str(after.tx_id),
            after.global_position,
            limit,
        )
        return [StoredEvent(*row) for row in rows]


async def save_snapshots(
    connection: asyncpg.Connection | asyncpg.Pool, snapshots: Sequence[tuple[str, Snapshot]]
) -> None:
    """Keep each `(game_id, snapshot)` as its game's newest, unless a newer one of its schema
    is there, in one round trip."""
    await connection.executemany(
        "INSERT INTO snapshots (game_id, version, schema, last_hash, phase, state)"
        " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id) DO UPDATE"
        " SET version = EXCLUDED.version, schema = EXCLUDED.schema,"
        " last_hash = EXCLUDED.last_hash, phase = EXCLUDED.phase, state = EXCLUDED.state,"
        " taken_at = now()"
        " WHERE snapshots.version < EXCLUDED.version OR snapshots.schema <> EXCLUDED.schema",
        [(game_id, s.version, s.schema, s.last_hash, s.phase, s.state) for game_id, s in snapshots],
    )

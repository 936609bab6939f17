"""The Postgres event store: append with an expected version, read a stream,
tail the whole log in commit order with the transaction-id horizon.
"""

from collections.abc import Sequence

import asyncpg

from commands.store import (
    CommandKey,
    ConcurrencyConflict,
    NewEvent,
    NewGame,
    Position,
    RecordedCommand,
    SeatToken,
    StoredEvent,
)

_COLUMNS = (
    "e.global_position, e.tx_id::text::bigint AS tx_id, e.stream_id, e.version,"
    " e.event_id::text AS event_id, e.type, e.schema_version, e.data::text AS data,"
    " e.metadata::text AS metadata, e.recorded_at, g.kind"
)
_FROM = "FROM events e LEFT JOIN games g ON g.game_id = e.stream_id"

_INSERT_COMMAND = (
    "INSERT INTO commands (stream_id, scope, command_id, fingerprint, first_version, last_version)"
    " VALUES ($1, $2, $3, $4, $5, $6)"
)
_INSERT_GAME = "INSERT INTO games (game_id, kind, secret) VALUES ($1, $2, $3)"
_INSERT_SEAT_TOKEN = "INSERT INTO seat_tokens (game_id, seat, token_hash) VALUES ($1, $2, $3)"


class PostgresEventStore:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

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
        return [StoredEvent(**dict(row)) for row in rows]

    async def append(
        self,
        stream_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        command: CommandKey | None = None,
        new_game: NewGame | None = None,
        seat_token: SeatToken | None = None,
    ) -> int:
        """Append `events` as versions expected+1...; the insert is the transaction's first write.

        The command id, the game record and the seat token are written in the same
        transaction. Raises ConcurrencyConflict when another writer got there first or the
        command id, game, seat or token was already recorded.
        """
        last = expected_version + len(events)
        try:
            async with self._pool.acquire() as connection, connection.transaction():
                await _insert_events(connection, stream_id, expected_version, events)
                if command is not None:
                    await _insert_command(
                        connection, stream_id, command, expected_version + 1, last
                    )
                if new_game is not None:
                    await connection.execute(
                        _INSERT_GAME, stream_id, new_game.kind, new_game.secret
                    )
                if seat_token is not None:
                    await connection.execute(
                        _INSERT_SEAT_TOKEN, stream_id, seat_token.seat, seat_token.token_hash
                    )
                await self._before_commit(connection)
        except asyncpg.UniqueViolationError as error:
            raise ConcurrencyConflict(str(error)) from error
        return last

    async def _before_commit(self, connection: asyncpg.Connection) -> None:
        """The last step of an append's transaction: nothing here (a test slows it down)."""

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

    async def seat_for_token(self, game_id: str, token_hash: bytes) -> int | None:
        """The seat a token (by its hash) acts for in a game, if any."""
        seat: int | None = await self._pool.fetchval(
            "SELECT seat FROM seat_tokens WHERE game_id = $1 AND token_hash = $2",
            game_id,
            token_hash,
        )
        return seat

    async def games_with_bots(self) -> list[str]:
        """Every game that seated a bot and has not finished."""
        rows = await self._pool.fetch(
            "SELECT DISTINCT stream_id FROM events"
            " WHERE type = 'table.seat_taken' AND data->>'bot' IS NOT NULL"
            " AND stream_id NOT IN"
            " (SELECT stream_id FROM events WHERE type = 'table.game_finished')"
        )
        return [row["stream_id"] for row in rows]

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
        return [StoredEvent(**dict(row)) for row in rows]


async def _insert_command(
    connection: asyncpg.Connection, stream_id: str, command: CommandKey, first: int, last: int
) -> None:
    await connection.execute(
        _INSERT_COMMAND,
        stream_id,
        command.scope,
        command.command_id,
        command.fingerprint,
        first,
        last,
    )


async def _insert_events(
    connection: asyncpg.Connection,
    stream_id: str,
    expected_version: int,
    events: Sequence[NewEvent],
) -> None:
    await connection.execute(
        "INSERT INTO events (stream_id, version, event_id, type, schema_version, data, metadata)"
        " SELECT $1, v, e, t, s, d::jsonb, m::jsonb"
        " FROM unnest($2::int[], $3::uuid[], $4::text[], $5::smallint[], $6::text[], $7::text[])"
        " AS u(v, e, t, s, d, m)",
        stream_id,
        [expected_version + n for n in range(1, len(events) + 1)],
        [event.event_id for event in events],
        [event.type for event in events],
        [event.schema_version for event in events],
        [event.data for event in events],
        [event.metadata for event in events],
    )

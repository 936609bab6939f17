"""The players' news in Postgres: the read model `projections.player_news` folds, fed the
games' events, the challenges' and the tournaments' (one checkpoint for all, so notices are
written in commit order), each commit announced on the channel `PLAYER_NEWS` with the
players it wrote to; and the queries the player routes and the clock worker answer from.
"""

from collections.abc import Sequence
from datetime import datetime, timedelta

import asyncpg
import msgspec

from commands.log import codec
from commands.log.store import EventStore, StoredEvent
from domain import challenges, table, tournaments
from infra.reading.read_models import Page, PostgresReadModel, _columns, _page
from infra.reading.writes import write
from projections.player_news import (
    ChallengeRow,
    PlayerNews,
    PlayerNotice,
    PlayerTable,
    challenge_changes,
    tournament_changes,
)

PLAYER_NEWS = "cardroom_player_news"
"""The channel each batch of notices notifies on commit, once per player it wrote to."""
OPENING_GRACE = timedelta(seconds=10)
"""How long after its acceptance a challenge's table is left to the accepting request."""
_notice = msgspec.json.Decoder(PlayerNotice)
ASIDE = (challenges.STREAM_PREFIX, tournaments.STREAM_PREFIX)
"""The streams told apart from the games': their events name whom they concern."""


class Position(msgspec.Struct, frozen=True, order=True):
    """A notice's place in a player's news: its event's log position and its slot. As an SSE
    id it reads `<tx_id>-<global_position>-<slot>`."""

    tx_id: int = 0
    global_position: int = 0
    slot: int = 0

    def __str__(self) -> str:
        return f"{self.tx_id}-{self.global_position}-{self.slot}"


class Notice(msgspec.Struct, frozen=True):
    position: Position
    notice: PlayerNotice


class PlayerNewsReadModel(PostgresReadModel[table.AnyTable]):
    """`PostgresReadModel` over `PlayerNews`, which also hears the challenges' and the
    tournaments' streams."""

    def __init__(self, store: EventStore) -> None:
        super().__init__(PlayerNews(), store)

    async def apply(self, connection: asyncpg.Connection, events: Sequence[StoredEvent]) -> None:
        steps: list[StoredEvent] = []
        games: list[StoredEvent] = []
        for each in events:
            (steps if each.stream_id.startswith(ASIDE) else games).append(each)
        changes = list(await self.changes(games))
        for stored in steps:
            if stored.stream_id.startswith(challenges.STREAM_PREFIX):
                changes += challenge_changes(stored, codec.decode_event(codec.CHALLENGE, stored))
            else:
                event = codec.decode_event(codec.TOURNAMENT, stored)
                changes += tournament_changes(stored, event)
        await write(connection, changes)
        told = {change.key["player"] for change in changes if change.table == "player_news"}
        for player in sorted(told):
            await connection.execute("SELECT pg_notify($1, $2)", PLAYER_NEWS, player)


async def notices_after(
    pool: asyncpg.Pool, player: str, after: Position, limit: int
) -> list[Notice]:
    """A player's notices after a position, in order, at most `limit` of them."""
    rows = await pool.fetch(
        "SELECT tx_id, global_position, slot, notice::text AS notice FROM player_news"
        " WHERE player = $1 AND (tx_id, global_position, slot) > ($2, $3, $4)"
        " ORDER BY tx_id, global_position, slot LIMIT $5",
        player,
        after.tx_id,
        after.global_position,
        after.slot,
        limit,
    )
    return [
        Notice(
            Position(row["tx_id"], row["global_position"], row["slot"]),
            _notice.decode(row["notice"]),
        )
        for row in rows
    ]


async def latest_position(pool: asyncpg.Pool, player: str) -> Position:
    """The position of a player's newest notice (nothing after it is written yet)."""
    row = await pool.fetchrow(
        "SELECT tx_id, global_position, slot FROM player_news WHERE player = $1"
        " ORDER BY tx_id DESC, global_position DESC, slot DESC LIMIT 1",
        player,
    )
    return Position() if row is None else Position(*row)


async def player_tables(
    pool: asyncpg.Pool, player: str, limit: int, offset: int
) -> Page[PlayerTable]:
    """The unfinished tables a player sits at, those where it is their turn first."""
    sql = (
        f"SELECT {_columns(PlayerTable)} FROM player_tables WHERE player = $1"
        " ORDER BY your_turn DESC, game_id"
    )
    return await _page(pool, PlayerTable, sql, (player,), limit, offset)


async def open_challenges(
    pool: asyncpg.Pool, player: str, limit: int, offset: int
) -> Page[ChallengeRow]:
    """The open challenges a player made or was made, the soonest to expire first."""
    sql = (
        f"SELECT {_columns(ChallengeRow)} FROM challenges WHERE status = 'open'"
        " AND expires_at > now() AND (challenger = $1 OR challenged = $1)"
        " ORDER BY expires_at, challenge_id"
    )
    return await _page(pool, ChallengeRow, sql, (player,), limit, offset)


async def due_challenges(pool: asyncpg.Pool, now: datetime, limit: int = 100) -> list[str]:
    """Open challenges whose time is up at `now`, the earliest first."""
    rows = await pool.fetch(
        "SELECT challenge_id FROM challenges WHERE status = 'open' AND expires_at <= $1"
        " ORDER BY expires_at LIMIT $2",
        now,
        limit,
    )
    return [row["challenge_id"] for row in rows]


async def unopened_challenges(pool: asyncpg.Pool, now: datetime, limit: int = 100) -> list[str]:
    """Challenges accepted between a day and `OPENING_GRACE` before `now` whose table is not
    opened as far as the acceptance opens it (created, both players and any bots seated, and
    started when that fills it), as far as the table summaries show."""
    rows = await pool.fetch(
        "SELECT c.challenge_id FROM challenges c"
        " LEFT JOIN table_summaries t ON t.game_id = c.game_id"
        " WHERE c.status = 'accepted' AND c.answered_at BETWEEN $1 AND $2"
        " AND (t.game_id IS NULL"
        "  OR cardinality(t.seats) < (CASE WHEN c.bots THEN c.seats ELSE 2 END)"
        "  OR (t.status = 'open' AND (c.bots OR c.seats = 2)))"
        " ORDER BY c.answered_at LIMIT $3",
        now - timedelta(days=1),
        now - OPENING_GRACE,
        limit,
    )
    return [row["challenge_id"] for row in rows]

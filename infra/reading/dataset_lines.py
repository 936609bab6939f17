"""A dataset's lines from the database: which games of a kind finished in a month (the
`finished_games` read model), their logs read a batch at a time, one line per game
(`commands.log.dataset`), in finish order, so memory stays that of one batch.

A month has ended once its last moment is `SETTLE` behind and the `finished_games` read
model has seen every game recorded as finished before it: only then is its file built
(`infra.reading.dataset_files`) and its content fixed.
"""

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import asyncpg
import msgspec

from commands.log import dataset, published
from domain.errors import DomainError
from infra.reading import checkpoints
from infra.store.postgres_store import PostgresEventStore
from projections.finished import FinishedGames

BATCH = 50
"""Games read in one query."""
SETTLE = timedelta(minutes=2)
"""How long after a month's end a transaction that began in it may still commit."""
READ_MODEL = FinishedGames.name


class MonthCount(msgspec.Struct, frozen=True):
    kind: str
    month: str
    games: int
    last_finish: datetime
    last_game: str


def month_bounds(month: str) -> tuple[datetime, datetime]:
    """The first moment of a `YYYY-MM` month (UTC) and the first of the next; refuses any
    other text with `invalid_month`."""
    try:
        start = datetime.strptime(month, "%Y-%m").replace(tzinfo=UTC)
    except ValueError:
        raise DomainError("invalid_month", f"{month!r} is no month: YYYY-MM") from None
    if start.strftime("%Y-%m") != month:
        raise DomainError("invalid_month", f"{month!r} is no month: YYYY-MM")
    following = (start + timedelta(days=32)).replace(day=1)
    return start, following


def has_ended(month: str, now: datetime) -> bool:
    """Whether a month is over, and long enough for its last transactions to have committed."""
    return month_bounds(month)[1] + SETTLE <= now


async def months(pool: asyncpg.Pool, kind: str | None = None) -> list[MonthCount]:
    """Every (kind, month) with a finished game, with its count and last game."""
    rows = await pool.fetch(
        "SELECT DISTINCT ON (kind, month) kind, month,"
        " count(*) OVER (PARTITION BY kind, month) AS games,"
        " finished_at AS last_finish, game_id AS last_game FROM finished_games"
        " WHERE $1::text IS NULL OR kind = $1"
        " ORDER BY kind, month, finished_at DESC, game_id DESC",
        kind,
    )
    return [MonthCount(**dict(row)) for row in rows]


async def month(pool: asyncpg.Pool, kind: str, month: str) -> MonthCount | None:
    found = [each for each in await months(pool, kind) if each.month == month]
    return found[0] if found else None


async def settled(pool: asyncpg.Pool, month: str) -> bool:
    """Whether the read model has seen every game recorded as finished before the month's
    end (the events it has not read yet hold none)."""
    seen = await checkpoints.load(pool, READ_MODEL)
    end = month_bounds(month)[1]
    pending = await pool.fetchval(
        "SELECT EXISTS (SELECT 1 FROM events WHERE (tx_id, global_position) >"
        " ($1::text::xid8, $2) AND type = 'table.game_finished' AND recorded_at < $3)",
        str(seen.tx_id),
        seen.global_position,
        end,
    )
    return not pending


async def lines(
    pool: asyncpg.Pool, kind: str, month: str, upto: MonthCount | None = None
) -> AsyncIterator[bytes]:
    """The month's lines in finish order, up to the game `upto` names when given."""
    store = PostgresEventStore(pool)
    async for ids in _game_ids(pool, kind, month, upto):
        rows = await store.read_streams(ids)
        start = 0
        for game_id in ids:
            end = start
            while end < len(rows) and rows[end].stream_id == game_id:
                end += 1
            records = published.published(game_id, rows[start:end])
            yield dataset.encode(dataset.game_line(records))
            start = end
        del rows  # before the next batch is read, not after


async def _game_ids(
    pool: asyncpg.Pool, kind: str, month: str, upto: MonthCount | None
) -> AsyncIterator[list[str]]:
    after: tuple[datetime, str] = (datetime.min.replace(tzinfo=UTC), "")
    last = (upto.last_finish, upto.last_game) if upto else (None, None)
    while True:
        rows = await pool.fetch(
            "SELECT game_id, finished_at FROM finished_games WHERE kind = $1 AND month = $2"
            " AND (finished_at, game_id) > ($3, $4)"
            " AND ($5::timestamptz IS NULL OR (finished_at, game_id) <= ($5, $6::text))"
            " ORDER BY finished_at, game_id LIMIT $7",
            kind,
            month,
            *after,
            *last,
            BATCH,
        )
        if not rows:
            return
        yield [row["game_id"] for row in rows]
        after = (rows[-1]["finished_at"], rows[-1]["game_id"])

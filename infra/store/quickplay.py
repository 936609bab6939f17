"""Quick play: seat a caller at an open table of a kind, or open one.

Quick play fills the tables it opened (and rematches, `api.routes.rematch`), each kept in
`quickplay_tables` with the seats it waits for and its options, oldest first; a caller is
seated only at a table of the kind's default options and no clock, like the tables quick
play opens, so nobody asking for a quick game lands at a rematch played with a clock or
other options. A player already seated at an open quick-play table of the kind (as its log
records), whatever its options, is refused (`already_waiting`) rather than given another.
Choosing a table and taking its seat happen under a lock per kind, in this process (a lock
per kind) and across processes (a Postgres advisory lock), so callers arriving together
join the same table; the seat itself is taken through the command handler, so no two
callers ever get the same seat. The seat that fills a table starts its game. A caller may ask
for bots after a wait (`bots_after` seconds), of a strategy the kind offers (`bot`): the
table keeps when its wait is over (`bots_at`, the earliest asked, with that caller's `bot`),
and `fill_with_bots` seats bots in its free seats then, on whichever node finds it first,
under the same locks.
"""

import asyncio
import contextlib
from collections import defaultdict
from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any, Literal

import asyncpg
import msgspec

from commands.core.envelope import Envelope
from commands.core.handler import CommandHandler
from commands.log.codec import tag_of
from commands.log.registry import game_rules
from commands.workers.strategies import strategy
from domain import clocks, table
from domain.decider import AnyRules
from domain.errors import DomainError, Refusal, require
from domain.table import setup
from infra.process import workers

SEAT_TAKEN = tag_of(table.SeatTaken)
BOT = "random"
"""The strategy of the bots that take the seats left when a wait is over, unless asked."""
BOTS_CHECK_SECONDS = 1.0
"""How often quick play looks for tables whose wait for players is over."""
GONE = ("table_full", "table_not_open")
"""Refusals of a seat at a table quick play can no longer fill (others took its seats or
started it)."""


class QuickSeat(msgspec.Struct, frozen=True):
    """A seat found for the caller; `token` is null when the request was answered before;
    `bots_at`, when bots were asked for and the table still waits, is when they come."""

    game_id: str
    seat: int
    token: str | None
    bots_at: datetime | None = None


class QuickPlay:
    def __init__(self, pool: asyncpg.Pool, handler: CommandHandler) -> None:
        self._pool = pool
        self._handler = handler
        self._locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)

    @contextlib.asynccontextmanager
    async def _choosing(self, kind: str) -> AsyncIterator[asyncpg.Connection]:
        """A connection in a transaction holding the kind's lock, in this process and in
        Postgres, for choosing a table and taking its seats."""
        lock = self._locks[kind]
        async with lock, self._pool.acquire() as connection, connection.transaction():
            await connection.execute(
                "SELECT pg_advisory_xact_lock(hashtext('quickplay:' || $1))", kind
            )
            yield connection

    async def seat(
        self,
        kind: str,
        seats: int | None,
        command: table.TakeSeat,
        bots_after: int | None = None,
        bot: str = BOT,
    ) -> QuickSeat:
        """Seat `command`'s caller at the oldest open quick-play table of `kind` (waiting for
        `seats` seats, when given), or at a table opened for it; with `bots_after`, `bot`
        bots take the seats still free that many seconds from now (or sooner, and then of
        the strategy asked first, if asked before)."""
        strategy(kind, bot)
        placed = await self._seat(kind, seats, command)
        if bots_after is None:
            return placed
        due = await self._pool.fetchval(
            "UPDATE quickplay_tables SET bots_at = least(bots_at, due),"
            " bot = CASE WHEN bots_at <= due THEN bot ELSE $3 END"
            " FROM (SELECT now() + make_interval(secs => $2) AS due) AS asked"
            " WHERE game_id = $1 AND open RETURNING bots_at",
            placed.game_id,
            float(bots_after),
            bot,
        )
        return msgspec.structs.replace(placed, bots_at=due)

    async def fill_with_bots(self, stopping: asyncio.Event) -> None:
        """Have bots take the free seats of every table whose wait is over (a background
        work): each such table then starts, as one filled by players does."""
        while not await workers.pause(stopping, BOTS_CHECK_SECONDS):
            due = await self._pool.fetch(
                "SELECT game_id, kind, seats, bot FROM quickplay_tables"
                " WHERE open AND bots_at <= now() ORDER BY bots_at LIMIT 100"
            )
            for game_id, kind, target, bot in due:
                await self._fill(game_id, kind, target, bot)

    async def _fill(self, game_id: str, kind: str, target: int, bot: str) -> None:
        """Bots take the free seats of a table still open (the last one starts its game)."""
        bot_seat = table.TakeSeat("", bot=bot, by=table.HOST)
        async with self._choosing(kind) as connection:
            still_open = await connection.fetchval(
                "SELECT open FROM quickplay_tables WHERE game_id = $1", game_id
            )
            placed: QuickSeat | None = None
            while still_open and (placed is None or placed.seat + 1 < target):
                placed = await self._join(connection, game_id, target, bot_seat)
                still_open = placed is not None

    async def _seat(self, kind: str, seats: int | None, command: table.TakeSeat) -> QuickSeat:
        rules = game_rules(kind)
        wanted = _seat_count(rules, seats)
        table.check_seat(command)
        async with self._choosing(kind) as connection:
            defaults = table_options(rules.Options(), None)
            if command.player is not None:
                await _refuse_if_waiting(connection, kind, command.player)
            for game_id, target in await _open_tables(connection, kind, seats, defaults):
                placed = await self._join(connection, game_id, target, command)
                if placed is not None:
                    return placed
            created = await self._handler.create(kind, {setup.SEATS: wanted}, None)
            await open_table(connection, created.game_id, kind, wanted, defaults)
            placed = await self._join(connection, created.game_id, wanted, command)
            assert placed is not None, "a new table has a free seat"
            return placed

    async def seat_at(
        self,
        game_id: str,
        kind: str,
        target: int,
        options: dict[str, Any],
        command: table.TakeSeat,
        command_id: str,
    ) -> QuickSeat:
        """Offer a table of `options` (`table_options`) to quick play until `target` seats
        are taken, and seat `command`'s caller there (once per command id)."""
        async with self._pool.acquire() as connection:
            await open_table(connection, game_id, kind, target, options)
            return await self._take(connection, game_id, target, command, command_id)

    async def _join(
        self, connection: asyncpg.Connection, game_id: str, target: int, command: table.TakeSeat
    ) -> QuickSeat | None:
        """Take the next seat of a table; None when the table cannot take this caller."""
        try:
            return await self._take(connection, game_id, target, command)
        except DomainError as error:
            if error.code in GONE:
                await _close(connection, game_id)
                return None
            if error.code == "already_seated":  # seated through another process meanwhile
                raise _already_waiting(game_id) from None
            raise

    async def _take(
        self,
        connection: asyncpg.Connection,
        game_id: str,
        target: int,
        command: table.TakeSeat,
        command_id: str | None = None,
    ) -> QuickSeat:
        """Take the next seat of a table, starting its game when that fills it."""
        _, seat, token = await self._handler.take_seat(game_id, command, command_id)
        if seat + 1 >= target:
            await _close(connection, game_id)
            await self._start(game_id, seat)
        return QuickSeat(game_id, seat, token)

    async def _start(self, game_id: str, seat: int) -> None:
        try:
            await self._handler.execute(Envelope(game_id, seat, table.StartGame()))
        except DomainError as error:
            if error.code != "already_started":  # a seated player was quicker
                raise


def table_options(options: object, clock: clocks.ClockOptions | None) -> dict[str, Any]:
    """A table's options as quick play compares them, and as `table.created` records them:
    the game's, and its clock's if any."""
    return clocks.with_clock(msgspec.to_builtins(options), clock)


async def open_table(
    connection: asyncpg.Connection, game_id: str, kind: str, seats: int, options: dict[str, Any]
) -> None:
    """Offer a table to quick play until `seats` seats are taken (once: a table offered
    already keeps its offer)."""
    await connection.execute(
        "INSERT INTO quickplay_tables (game_id, kind, seats, options)"
        " VALUES ($1, $2, $3, $4::jsonb) ON CONFLICT (game_id) DO NOTHING",
        game_id,
        kind,
        seats,
        msgspec.json.encode(options).decode(),
    )


async def _open_tables(
    connection: asyncpg.Connection, kind: str, seats: int | None, options: dict[str, Any]
) -> list[tuple[str, int]]:
    """The open quick-play tables of a kind with these options (of `seats` seats, when
    given), oldest first: each one's id and the seats it waits for."""
    rows = await connection.fetch(
        "SELECT game_id, seats FROM quickplay_tables WHERE open AND kind = $1"
        " AND ($2::int IS NULL OR seats = $2) AND options = $3::jsonb"
        " ORDER BY created_at, game_id",
        kind,
        seats,
        msgspec.json.encode(options).decode(),
    )
    return [(row["game_id"], row["seats"]) for row in rows]


async def _refuse_if_waiting(connection: asyncpg.Connection, kind: str, player: str) -> None:
    """Refuse a player whose seat at an open quick-play table of the kind (whatever its
    options or seats) the log records already: one statement, however many tables wait."""
    waiting = await connection.fetchval(
        "SELECT offered.game_id FROM quickplay_tables AS offered"
        " JOIN events AS seat ON seat.stream_id = offered.game_id"
        " WHERE offered.open AND offered.kind = $1 AND seat.type = $2"
        " AND seat.data ->> 'player' = $3 ORDER BY offered.created_at LIMIT 1",
        kind,
        SEAT_TAKEN,
        player,
    )
    if waiting is not None:
        raise _already_waiting(waiting)


def _already_waiting(game_id: str) -> DomainError:
    return DomainError("already_waiting", f"you wait at quick-play table {game_id} already")


async def _close(connection: asyncpg.Connection, game_id: str) -> None:
    await connection.execute("UPDATE quickplay_tables SET open = false WHERE game_id = $1", game_id)


def _seat_count(rules: AnyRules, seats: int | None) -> int:
    """The seats a new table waits for: those asked for, or the fewest the kind plays with
    (two at least)."""
    low, high = rules.seat_range(rules.Options())
    if seats is None:
        return max(low, 2)
    require(
        low <= seats <= high,
        Refusal[Literal["invalid_seats"]](
            "invalid_seats",
            f"a table of {rules.kind} with its default options has {low} to {high} seats",
        ),
    )
    return seats

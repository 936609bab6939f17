"""Two bot workers (as two processes run them: a command handler and a game cache each, over
one database) act for the same bot seats of a hot real-time table, while two players send
commands through both handlers at once: no deadlock, no failure, every command once."""

import asyncio
import random
import time
import uuid
from collections import Counter
from collections.abc import Sequence

import asyncpg
import pytest

from commands.core.bus import EventBus
from commands.core.envelope import Envelope
from commands.core.handler import CommandHandler
from commands.log.store import NOTHING_BESIDE, NewEvent, SideRecords, TransientConflict
from commands.workers import watching
from commands.workers.bots import BotWorker
from domain import table
from domain.errors import DomainError
from infra.store.postgres_store import PostgresEventStore

SECONDS = 4.0
PLAYER_REFUSALS = {"stale", "game_over"}


class CountedStore(PostgresEventStore):
    """The Postgres store, counting the appends Postgres gave up (deadlocks)."""

    given_up = 0

    async def append(
        self,
        stream_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        side: SideRecords = NOTHING_BESIDE,
    ) -> int:
        try:
            return await super().append(stream_id, expected_version, events, side)
        except TransientConflict:
            CountedStore.given_up += 1
            raise


class NoGamesYet:
    async def games_with_bots(self) -> list[str]:
        return []

    async def games_with_clocks(self) -> list[str]:
        return []


@pytest.fixture(autouse=True)
def quick_looks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(watching, "FALLBACK_SECONDS", 0.05)


async def hot_table(handler: CommandHandler) -> str:
    game_id = (await handler.create("cno", {}, None)).game_id
    for seat in range(4):
        bot = "random" if seat >= 2 else None
        taken = table.TakeSeat(f"seat {seat}", bot=bot, by=table.HOST)
        await handler.take_seat(game_id, taken, None)
    await handler.execute(Envelope(game_id, 0, table.StartGame()))
    return game_id


async def player(
    handler: CommandHandler, game_id: str, seat: int, sent: list[tuple[str, str]]
) -> None:
    """Send random legal moves until time is up or the game ends; log (key, refusal code)."""
    rng, deadline = random.Random(seat), time.monotonic() + SECONDS
    while time.monotonic() < deadline:
        game = await handler.games.latest(game_id)
        moves = game.view(seat).legal_moves
        if game.table.status == "finished":
            return
        if not moves:
            await asyncio.sleep(0.005)
            continue
        key = str(uuid.uuid4())
        try:
            await handler.execute(Envelope(game_id, seat, rng.choice(moves), key))
            sent.append((key, ""))
        except DomainError as refused:
            sent.append((key, refused.code))


async def test_two_bot_workers_and_two_handlers_on_one_hot_table_never_deadlock(
    pool: asyncpg.Pool,
) -> None:
    handlers = [CommandHandler.over(CountedStore(pool)) for _ in range(2)]
    buses = [EventBus(), EventBus()]
    for handler in handlers:  # each process hears of every command, as through the relay
        for bus in buses:
            handler.on_committed(bus.committed)
    bots = [BotWorker(handler, NoGamesYet(), pace=0.0) for handler in handlers]
    for bus, worker in zip(buses, bots, strict=True):
        bus.subscribe(worker.notice)
    stopping, given_up = asyncio.Event(), CountedStore.given_up
    running = [asyncio.create_task(worker.run(stopping)) for worker in bots]
    await asyncio.sleep(0)
    game_id = await hot_table(handlers[0])
    sent: list[tuple[str, str]] = []
    try:
        await asyncio.gather(*(player(handlers[s], game_id, s, sent) for s in range(2)))
    finally:
        stopping.set()
        await asyncio.gather(*running)

    assert CountedStore.given_up == given_up, "Postgres gave an append up (a deadlock)"
    assert {code for _, code in sent if code} <= PLAYER_REFUSALS
    assert all(set(worker.refusals) <= {"stale"} for worker in bots), [w.refusals for w in bots]
    rows = await pool.fetch(
        "SELECT metadata->>'command_id' AS command_id FROM events"
        " WHERE stream_id = $1 AND metadata ? 'command'",
        game_id,
    )
    commands = Counter(row["command_id"] for row in rows)
    assert set(commands.values()) == {1}, "a command is in the log twice"
    accepted = [key for key, code in sent if not code]
    assert len(accepted) > 10
    assert all(commands[key] == 1 for key in accepted), "an accepted command is not in the log"
    assert sum(1 for c in commands if c.startswith("bot-")) > 10

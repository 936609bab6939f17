"""In the process that writes a command, its events are folded once: the handler folds them
while deciding, and the game it produced is what the live feed and the bots following the
game go on from."""

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from api.live.hub import LiveHub
from api.live.subscribers import Subscriber
from commands.core.assembly import assemble
from commands.core.envelope import Envelope
from commands.workers.bots import BotWorker
from domain import table
from domain.table import lifecycle
from infra.store.memory_store import MemoryEventStore

NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
SETTLE_SECONDS = 30.0


class Folds:
    """Counts the events the table evolves by, in this process."""

    def __init__(self, evolve: Callable[..., Any]) -> None:
        self.events = 0
        self._evolve = evolve

    def __call__(self, *args: Any) -> Any:
        self.events += 1
        return self._evolve(*args)


async def settled(store: MemoryEventStore, game_id: str, seen: Callable[[], int]) -> int:
    """The game's last version once the feed has shown it and nothing moved for a while."""
    async with asyncio.timeout(SETTLE_SECONDS):
        while True:
            last = len(await store.read_stream(game_id))
            await asyncio.sleep(0.2)
            if seen() == last == len(await store.read_stream(game_id)):
                return last


async def test_a_command_is_folded_once_with_a_stream_and_a_bot_following(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = MemoryEventStore()
    core = assemble(store, now=lambda: NOW)
    handler, bus = core.handler, core.bus
    hub = LiveHub(lambda: True)
    bus.subscribe(hub.hear)
    bots = BotWorker(handler, store, pace=0.0)
    bus.subscribe(bots.notice)
    stopping = asyncio.Event()
    worker = asyncio.create_task(bots.run(stopping))
    try:
        game_id = (await handler.create("mad", {"bot_pace": 0}, None)).game_id
        _, seat, _ = await handler.take_seat(game_id, table.TakeSeat("ada"), None)
        bot = table.TakeSeat("bo", bot="random", by=table.HOST)
        await handler.take_seat(game_id, bot, None)
        feed = await hub.feed(handler.games, game_id)
        feed.join(Subscriber(seat, with_view=False))
        await handler.execute(Envelope(game_id, seat, table.StartGame()))
        before = await settled(store, game_id, lambda: feed.game.table.version)

        folds = Folds(lifecycle.evolve)
        monkeypatch.setattr(lifecycle, "evolve", folds)
        for _ in range(3):
            game = await handler.games.held(game_id)
            if game.table.status == "finished":
                break
            move = game.view(seat).legal_moves[0]
            await handler.execute(Envelope(game_id, seat, move))
            after = await settled(store, game_id, lambda: feed.game.table.version)
    finally:
        stopping.set()
        await worker

    assert after > before + 1, "the bot answered the person's moves"
    assert folds.events == after - before
    assert feed.game is await handler.games.held(game_id), "one copy of the game is held"

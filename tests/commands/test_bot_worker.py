"""The bot worker against a store that fails now and then: a game's bots go on once the store
answers again."""

import asyncio
from collections.abc import AsyncIterator

import msgspec
import pytest

from commands.core.bus import News
from commands.core.envelope import Envelope
from commands.core.games import GameRepository
from commands.core.handler import CommandHandler
from commands.core.loaded import LoadedGame
from commands.log.store import EventStore, GameStreams
from commands.workers import watching
from commands.workers.bots import BotWorker
from domain import table
from infra.store.memory_store import MemoryEventStore

GAME_SECONDS = 60.0


class FlakyGames(GameRepository):
    """Its first `failures` loads fail as a store that did not answer would."""

    def __init__(self, store: EventStore, failures: int) -> None:
        super().__init__(store)
        self.failures = failures

    async def latest(self, game_id: str, streams: GameStreams | None = None) -> LoadedGame:
        if self.failures:
            self.failures -= 1
            raise ConnectionError("the store did not answer")
        return await super().latest(game_id, streams)


class FlakyHandler(CommandHandler):
    games: FlakyGames


def flaky_handler(store: EventStore) -> FlakyHandler:
    return FlakyHandler(store, FlakyGames(store, failures=0))


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(watching, "FALLBACK_SECONDS", 0.01)


@pytest.fixture
async def running() -> AsyncIterator[tuple[FlakyHandler, BotWorker]]:
    store = MemoryEventStore()
    handler = flaky_handler(store)
    worker = BotWorker(handler, store, pace=0.0)
    stopping = asyncio.Event()
    task = asyncio.create_task(worker.run(stopping))
    await asyncio.sleep(0)
    yield handler, worker
    stopping.set()
    await task


async def bot_table(handler: CommandHandler) -> str:
    game_id = (await handler.create("mad", {"hand_sizes": [2, 9, 8, 7, 6]}, None)).game_id
    for seat in range(2):
        taken = table.TakeSeat(f"bot {seat}", bot="random", by=table.HOST)
        await handler.take_seat(game_id, taken, None)
    await handler.execute(Envelope(game_id, 0, table.StartGame()))
    return game_id


async def test_bots_go_on_after_the_store_failed(
    running: tuple[FlakyHandler, BotWorker],
) -> None:
    handler, worker = running
    game_id = await bot_table(handler)
    handler.games.failures = 3
    seat = (await handler.games.stored_events(game_id, 0))[1]  # the first bot's seat
    worker.notice(News.tailed(game_id, (msgspec.structs.replace(seat, kind="mad"),)))
    async with asyncio.timeout(GAME_SECONDS):
        while (await handler.games.held(game_id)).table.status != "finished":
            await asyncio.sleep(0.01)
    assert handler.games.failures == 0, "the failing loads were tried"

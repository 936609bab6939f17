"""The games a worker watches from its start (the `WatchedGames` port), on both adapters: the
in-memory store, and the Postgres read model with the log after its checkpoint."""

import asyncio
from dataclasses import dataclass
from typing import Any

import asyncpg
import pytest
import redis.asyncio as redis

from commands.core.envelope import Envelope
from commands.core.handler import CommandHandler
from commands.log.store import WatchedGames
from domain import table
from infra.reading.projection_runner import ProjectionRunner
from infra.reading.read_models import PostgresReadModel
from infra.reading.watched_games import PostgresWatchedGames
from infra.store.memory_store import MemoryEventStore
from infra.store.postgres_store import PostgresEventStore
from projections.watched import WatchedGames as WatchedGamesModel
from tests.projections.settle import last_position

ADAPTERS = ["postgres", "memory"]
CLOCK: dict[str, Any] = {"clock": {"turn_seconds": 30}}


@dataclass
class Adapter:
    handler: CommandHandler
    watched: WatchedGames
    runner: ProjectionRunner | None = None
    pool: asyncpg.Pool | None = None

    async def fold(self) -> None:
        """Let the read model fold the log so far (the memory adapter reads the log itself).
        A transaction open elsewhere on the server may hold the horizon back for a moment."""
        if self.runner is None or self.pool is None:
            return
        async with asyncio.timeout(30):
            while await self.runner.catch_up() < await last_position(self.pool):
                await asyncio.sleep(0.05)


@pytest.fixture(params=ADAPTERS)
def adapter(request: pytest.FixtureRequest) -> Adapter:
    if request.param == "memory":
        store = MemoryEventStore()
        return Adapter(CommandHandler.over(store), store)
    pool: asyncpg.Pool = request.getfixturevalue("quiet_pool")
    client: redis.Redis = request.getfixturevalue("redis_client")
    postgres = PostgresEventStore(pool)
    model = PostgresReadModel(WatchedGamesModel(), postgres)
    runner = ProjectionRunner(pool, client, "unused", [model])
    return Adapter(CommandHandler.over(postgres), PostgresWatchedGames(pool), runner, pool)


async def _table(handler: CommandHandler, options: dict[str, Any], *seats: str | None) -> str:
    game_id = (await handler.create("mad", options, None)).game_id
    for number, bot in enumerate(seats):
        seat = table.TakeSeat(f"seat {number}", bot=bot, by=table.HOST)
        await handler.take_seat(game_id, seat, None)
    return game_id


async def _finish(handler: CommandHandler, game_id: str) -> None:
    await handler.execute(Envelope(game_id, 0, table.StartGame()))
    while (game := await handler.games.latest(game_id)).table.status != "finished":
        seat = next(iter(table.acting_seats(game.rules, game.table)))
        move = game.view(seat).legal_moves[0]
        await handler.execute(Envelope(game_id, seat, move))


async def test_games_with_bots_are_the_unfinished_ones_that_seated_a_bot(
    adapter: Adapter,
) -> None:
    handler = adapter.handler
    bots = await _table(handler, {}, None, "random")
    people = await _table(handler, {}, None, None)
    over = await _table(handler, {}, "random", "random")
    await _finish(handler, over)
    await adapter.fold()
    found = set(await adapter.watched.games_with_bots())
    assert bots in found
    assert not {people, over} & found


async def test_games_with_clocks_are_the_unfinished_ones_whose_table_took_a_clock(
    adapter: Adapter,
) -> None:
    handler = adapter.handler
    timed = await _table(handler, CLOCK, None, None)
    untimed = await _table(handler, {}, None, None)
    over = await _table(handler, CLOCK, "random", "random")
    await _finish(handler, over)
    await adapter.fold()
    found = set(await adapter.watched.games_with_clocks())
    assert timed in found
    assert not {untimed, over} & found


async def test_a_game_the_read_model_has_yet_to_fold_is_watched(adapter: Adapter) -> None:
    await adapter.fold()
    bots = await _table(adapter.handler, CLOCK, None, "heuristic")
    assert bots in await adapter.watched.games_with_bots()
    assert bots in await adapter.watched.games_with_clocks()

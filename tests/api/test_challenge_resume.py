"""An acceptance whose process stopped half-way through opening the table: the clock
workers of two other processes, sweeping at once, finish the table, and nothing is recorded
twice."""

import asyncio
from collections import Counter
from datetime import UTC, datetime
from typing import Any

import asyncpg
import pytest
from httpx import AsyncClient

from commands.core.challenges import Challenges
from commands.core.handler import CommandHandler
from commands.workers.challenge_clock import ChallengeClock
from domain import table
from infra.reading import player_news
from infra.store.postgres_store import PostgresEventStore
from tests.api.players import bearer, ok
from tests.api.registered import register
from tests.projections.settle import settled


class Stopped(Exception):
    """The accepting process stopped here."""


class StopsAtTheSecondSeat:
    """A command handler whose process stops as it is about to seat the acceptor."""

    def __init__(self, handler: CommandHandler) -> None:
        self._handler = handler

    def __getattr__(self, name: str) -> Any:
        return getattr(self._handler, name)

    async def take_seat(self, game_id: str, command: table.TakeSeat, key: str | None) -> Any:
        if key and key.endswith("seat 1"):
            raise Stopped
        return await self._handler.take_seat(game_id, command, key)


def later() -> datetime:
    return datetime.now(UTC) + 2 * player_news.OPENING_GRACE


async def test_two_clock_workers_finish_a_table_left_half_open_once(
    client: AsyncClient, pool: asyncpg.Pool
) -> None:
    ada, ada_token = await register(client, "ada")
    bo, _ = await register(client, "bo")
    body = {"kind": "mad", "challenged": bo, "seats": 3, "bots": True}
    answer = await client.post("/challenges", json=body, headers=bearer(ada_token))
    challenge_id = ok(answer, 201)["challenge_id"]
    store = PostgresEventStore(pool)
    stops = StopsAtTheSecondSeat(CommandHandler.over(store))
    stopping = Challenges(stops)  # type: ignore[arg-type]
    with pytest.raises(Stopped):
        await stopping.accept(challenge_id, bo)
    game_id = (await stopping.challenge(challenge_id)).game_id
    assert game_id is not None
    assert ok(await client.get(f"/games/{game_id}"))["status"] == "open"

    await settled(pool)
    due = lambda now: player_news.due_challenges(pool, now)  # noqa: E731
    unopened = lambda now: player_news.unopened_challenges(pool, now)  # noqa: E731
    assert await unopened(datetime.now(UTC)) == [], "left to the accepting request a while"
    assert challenge_id in await unopened(later())
    clocks = [
        ChallengeClock(Challenges(CommandHandler.over(store)), due, unopened, later)
        for _ in range(2)
    ]  # two processes, each with its own command handler
    await asyncio.gather(*(clock.sweep() for clock in clocks))

    events = Counter(event.type for event in await store.read_stream(game_id))
    assert events["table.created"] == 1
    assert events["table.seat_taken"] == 3
    assert events["table.game_started"] == 1
    view = ok(await client.get(f"/games/{game_id}"))
    assert view["status"] == "playing"
    assert [seat["name"] for seat in view["seats"]][:2] == [ada, bo]
    await settled(pool)
    assert challenge_id not in await unopened(later()), "nothing is left to finish"

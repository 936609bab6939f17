"""Ratings follow the log like every read model: the live ones equal a rebuild from zero,
and the leaderboard and the player's page show them."""

import random

import asyncpg
import redis.asyncio as redis
from httpx import AsyncClient

from infra.reading import catalog, rebuilds
from infra.store.postgres_store import PostgresEventStore
from tests.api.players import ok, play
from tests.api.registered import register, seated_table
from tests.projections.settle import games_finished, settled, snapshot


async def test_live_ratings_equal_ratings_rebuilt_from_zero(
    client: AsyncClient, pool: asyncpg.Pool, redis_client: redis.Redis, stream: str
) -> None:
    rng = random.Random(11)
    players = [await register(client, name) for name in ("ada", "bo", "cy")]
    tokens = [token for _, token in players]
    for seats in (tokens[:2], tokens[1:], tokens, tokens[::-1]):
        game_id, seat_tokens = await seated_table(client, "mad", seats)
        final = await play(client, game_id, seat_tokens, rng, 5_000)
        assert final["status"] == "finished"
    ratings = catalog.build_all(PostgresEventStore(pool))["ratings"]
    for _ in range(20):  # other tests' games may finish meanwhile: compare a quiet moment
        finished = await games_finished(pool)
        await settled(pool)
        live = await snapshot(pool)
        await rebuilds.rebuild(pool, PostgresEventStore(pool), ratings)
        rebuilt = await snapshot(pool)
        if await games_finished(pool) == finished:
            break
    assert rebuilt["ratings"] == live["ratings"]
    assert rebuilt["rating_changes"] == live["rating_changes"]

    handles = {handle for handle, _ in players}
    board = ok(await client.get("/ratings/mad", params={"limit": 200}))["items"]
    mine = [row for row in board if row["player"] in handles]
    assert sorted(row["played"] for row in mine) == [3, 3, 4]
    ordinals = [row["ordinal"] for row in board]
    assert ordinals == sorted(ordinals, reverse=True)
    record = ok(await client.get(f"/players/{players[0][0]}"))
    assert [(rating["kind"], rating["played"]) for rating in record["ratings"]] == [("mad", 3)]
    assert len(record["rating_changes"]) == 3
    latest = record["rating_changes"][0]
    assert latest["ordinal"] == record["ratings"][0]["ordinal"]

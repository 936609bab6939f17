"""The read models follow the log through Redis, and survive Redis losing everything."""

import random
import uuid
from collections.abc import Sequence

import asyncpg
import redis.asyncio as redis
from httpx import AsyncClient

from commands.store import Position, StoredEvent
from infra.postgres_store import PostgresEventStore
from infra.projection_runner import ProjectionRunner, all_projections
from tests.api.players import bearer, ok, open_table, play
from tests.api.registered import register, seat_player
from tests.projections.settle import settled, snapshot


async def test_a_table_shows_in_the_lobby_then_in_the_summaries_and_scoreboard(
    client: AsyncClient, pool: asyncpg.Pool
) -> None:
    name, player_token = await register(client)
    game_id = ok(await client.post("/games", json={"kind": "mad"}), 201)["id"]
    tokens = [
        (await seat_player(client, game_id, player_token))["token"],
        ok(await client.post(f"/games/{game_id}/seats", json={"name": "bob"}), 201)["token"],
    ]
    await settled(pool)
    lobby = ok(await client.get("/lobby", params={"kind": "mad", "limit": 200}))["items"]
    entry = next(item for item in lobby if item["game_id"] == game_id)
    assert entry["seats"] == [name, "bob"]
    assert entry["free_seats"] == entry["max_seats"] - 2

    final = await play(client, game_id, tokens, random.Random(3), 5_000)
    await settled(pool)
    lobby = ok(await client.get("/lobby", params={"limit": 200}))["items"]
    assert game_id not in {item["game_id"] for item in lobby}
    summary = ok(await client.get(f"/tables/{game_id}"))
    assert (summary["status"], summary["version"]) == ("finished", final["version"])
    assert summary["to_act"] == []
    record = ok(await client.get(f"/players/{name}"))
    assert record["kinds"][0]["played"] == 1
    assert record["recent_games"][0]["game_id"] == game_id
    board = ok(await client.get("/scoreboards/mad", params={"limit": 200}))["items"]
    assert any(row["player"] == name and row["played"] == 1 for row in board)
    assert not any(row["player"] == "bob" for row in board), "a casual seat counts for nobody"


async def test_a_summary_names_whose_turn_it_is(client: AsyncClient, pool: asyncpg.Pool) -> None:
    game_id, tokens = await open_table(client, "gnono", 3)
    start = {"type": "start_game"}
    ok(await client.post(f"/games/{game_id}/commands", json=start, headers=bearer(tokens[0])))
    await settled(pool)
    summary = ok(await client.get(f"/tables/{game_id}"))
    movers = [
        seat
        for seat, token in enumerate(tokens)
        if ok(await client.get(f"/games/{game_id}", headers=bearer(token)))["legal_moves"]
    ]
    assert summary["status"] == "playing"
    assert summary["to_act"] == movers


async def test_read_models_recover_from_a_flushed_redis_and_equal_a_rebuild(
    client: AsyncClient, pool: asyncpg.Pool, redis_client: redis.Redis, stream: str
) -> None:
    rng = random.Random(5)
    game_id, tokens = await open_table(client, "mad", 2)
    await play(client, game_id, tokens, rng, 5)
    await redis_client.delete(stream)  # the stream and every consumer group on it are gone
    await play(client, game_id, tokens, rng, 5_000)
    other_id, other_tokens = await open_table(client, "mad", 3)
    await play(client, other_id, other_tokens, rng, 8)
    store = PostgresEventStore(pool)
    for _ in range(20):  # bots of earlier tests may still be playing: compare a quiet moment
        logged = await pool.fetchval("SELECT count(*) FROM events")
        await settled(pool)
        live = await snapshot(pool)
        for projection in all_projections(store).values():
            await ProjectionRunner(pool, redis_client, stream, projection).rebuild()
        rebuilt = await snapshot(pool)
        if await pool.fetchval("SELECT count(*) FROM events") == logged:
            break
    assert rebuilt == live


class EventCounter:
    """A projection counting events by type, to watch the runner's delivery guarantees."""

    def __init__(self) -> None:
        self.name = f"counter_{uuid.uuid4().hex[:8]}"
        self.tables = (self.name,)

    async def apply(self, connection: asyncpg.Connection, events: Sequence[StoredEvent]) -> None:
        for event in events:
            await connection.execute(
                f"INSERT INTO {self.name} (type, n) VALUES ($1, 1)"
                f" ON CONFLICT (type) DO UPDATE SET n = {self.name}.n + 1",
                event.type,
            )


async def test_a_projection_stopped_between_applying_and_acknowledging_counts_nothing_twice(
    client: AsyncClient, pool: asyncpg.Pool, redis_client: redis.Redis, stream: str
) -> None:
    counter = EventCounter()
    await pool.execute(f"CREATE TABLE {counter.name} (type text PRIMARY KEY, n integer NOT NULL)")
    first = ProjectionRunner(pool, redis_client, stream, counter, consumer="first")
    await first.attach()
    game_id, tokens = await open_table(client, "mad", 2)
    await play(client, game_id, tokens, random.Random(9), 15)
    await settled(pool, ("relay",))
    entries = await first.read()
    assert entries
    await first.apply(entries)  # ... and stops here, before acknowledging

    second = ProjectionRunner(
        pool, redis_client, stream, counter, consumer="second", claim_idle_ms=0
    )
    await second.attach()
    await second.janitor()  # takes over what the first left pending
    while await second.step():
        pass
    counted = await pool.fetchval(f"SELECT sum(n) FROM {counter.name}")
    assert counted == await PostgresEventStore(pool).count_after(Position())

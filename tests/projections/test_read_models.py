"""The read models follow the log through Redis, and survive Redis losing everything."""

import random
import uuid
from collections.abc import Sequence

import asyncpg
import redis.asyncio as redis
from httpx import AsyncClient
from litestar.testing import AsyncTestClient

from api.main.app import create_app
from commands.log.store import StoredEvent
from infra.process.settings import Settings
from infra.reading import catalog, rebuilds
from infra.reading.projection_runner import ProjectionRunner
from infra.store.postgres_store import PostgresEventStore
from tests.api.players import bearer, ok, open_table, play
from tests.api.registered import register, seat_player
from tests.api.tournaments import finished, swiss_of_bots
from tests.projections.settle import settled, snapshot
from tests.servers import POOLS, fresh_database


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
    postgres_url: str, redis_url: str, redis_client: redis.Redis
) -> None:
    stream = f"cardroom:test:{uuid.uuid4().hex[:8]}:events"
    async with fresh_database(postgres_url) as database_url:
        settings = Settings(
            database_url=database_url, redis_url=redis_url, event_stream=stream, pool_sizes=POOLS
        )
        async with (  # a service of its own: no other test's bots move while both are compared
            AsyncTestClient(create_app(settings)) as client,
            asyncpg.create_pool(database_url, min_size=1, max_size=4) as pool,
        ):
            await recover_and_compare(client, pool, redis_client, stream)


async def recover_and_compare(
    client: AsyncClient, pool: asyncpg.Pool, redis_client: redis.Redis, stream: str
) -> None:
    rng = random.Random(5)
    game_id, tokens = await open_table(client, "mad", 2)
    await play(client, game_id, tokens, rng, 5)
    await redis_client.delete(stream)  # the stream and every consumer group on it are gone
    await play(client, game_id, tokens, rng, 5_000)
    other_id, other_tokens = await open_table(client, "mad", 3)
    await play(client, other_id, other_tokens, rng, 8)
    _, organiser = await register(client)
    tournament_id = await swiss_of_bots(client, organiser, "mad", 2, 1, enter=False)
    ok(await client.post(f"/tournaments/{tournament_id}/start", headers=bearer(organiser)))
    await finished(client, tournament_id)
    await settled(pool)
    live = await snapshot(pool)
    for projection in catalog.build_all(PostgresEventStore(pool)).values():
        await rebuilds.rebuild(pool, PostgresEventStore(pool), projection)
    rebuilt = await snapshot(pool)
    assert live["table_summaries"], "the games are in the read models"
    assert live["tournament_standings"], "the tournament is in its read models"
    for table, rows in live.items():
        assert rebuilt[table] == rows, f"{table} differs from its rebuild"


class EventCounter:
    """A projection counting how often each event reached it, to watch the runner's delivery
    guarantees."""

    def __init__(self) -> None:
        self.name = f"counter_{uuid.uuid4().hex[:8]}"
        self.tables = (self.name,)

    async def apply(self, connection: asyncpg.Connection, events: Sequence[StoredEvent]) -> None:
        for event in events:
            await connection.execute(
                f"INSERT INTO {self.name} (event_id, n) VALUES ($1, 1)"
                f" ON CONFLICT (event_id) DO UPDATE SET n = {self.name}.n + 1",
                event.event_id,
            )


async def test_a_projection_stopped_between_applying_and_acknowledging_counts_nothing_twice(
    client: AsyncClient, pool: asyncpg.Pool, redis_client: redis.Redis, stream: str
) -> None:
    counter = EventCounter()
    columns = "event_id text PRIMARY KEY, n integer NOT NULL"
    await pool.execute(f"CREATE TABLE {counter.name} ({columns})")
    first = ProjectionRunner(pool, redis_client, stream, [counter], consumer="first")
    await first.attach()
    game_id, tokens = await open_table(client, "mad", 2)
    await play(client, game_id, tokens, random.Random(9), 15)
    await settled(pool, ("relay",))
    entries = await first.read()
    assert entries
    await first.apply(entries)  # ... and stops here, before acknowledging

    second = ProjectionRunner(
        pool, redis_client, stream, [counter], consumer="second", claim_idle_ms=0
    )
    await second.attach()
    await second.janitor()  # takes over what the first left pending
    while await second.step():
        pass
    counts = dict(await pool.fetch(f"SELECT event_id, n FROM {counter.name}"))
    assert set(counts.values()) == {1}, "an event was counted twice"
    played = {event.event_id for event in await PostgresEventStore(pool).read_stream(game_id)}
    assert played <= counts.keys(), "an event was never counted"

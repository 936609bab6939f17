"""A small fleet on a Postgres of `max_connections=100` with the default pool settings: 2 API
nodes, 2 relays, 2 projection workers, 2 bot workers, played through both nodes at once
(a person against a bot at every table, so both bot workers race on every table), while one
process of each role is killed with `kill -9`. Nothing acknowledged is lost or doubled, no
answer is a 500, nothing is dead-lettered, the read models equal a rebuild, and what every
process says in /metrics agrees with its log."""

import asyncio
import random
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

import asyncpg
import httpx
import pytest
import redis.asyncio as redis

from commands.workers.bots import EXPECTED_REFUSALS
from infra.reading import catalog, rebuilds
from infra.store.postgres_store import PostgresEventStore
from tests.e2e.test_workers import sample
from tests.fleet.processes import Member, start
from tests.private_postgres import PrivatePostgres, private_postgres
from tests.projections.settle import settled, snapshot

pytestmark = pytest.mark.fleet

PLAYERS = 6
KILLS = ("serve", "relay", "projections", "bots")
"""The order the roles lose one process, one every `KILL_EVERY` seconds of play."""
KILL_EVERY = 4.0
TABLE = {"kind": "gnono", "options": {"playout_score": 50}}


@dataclass
class Sent:
    acknowledged: list[str] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)


@pytest.fixture
def server() -> Iterator[PrivatePostgres]:
    with private_postgres() as postgres:
        yield postgres


async def limit_connections(postgres: PrivatePostgres) -> None:
    admin = await asyncpg.connect(postgres.url)
    await admin.execute("ALTER SYSTEM SET max_connections = 100")
    await admin.close()
    postgres.stop()
    postgres.start()
    admin = await asyncpg.connect(postgres.url)
    assert await admin.fetchval("SHOW max_connections") == "100"
    await admin.close()


async def send(nodes: list[Member], method: str, path: str, **more: Any) -> httpx.Response:
    """Send to a node at random; a node that cannot be reached, or answers busy, gets the
    same request (the same Idempotency-Key) sent to a node again."""
    for _ in range(100):
        alive = [node for node in nodes if not node.killed]
        try:
            async with httpx.AsyncClient(base_url=random.choice(alive).url) as client:
                answer = await client.request(method, path, **more)
        except httpx.TransportError:
            await asyncio.sleep(0.05)
            continue
        if answer.status_code != 503:
            return answer
        await asyncio.sleep(float(answer.headers.get("Retry-After", "0.1")))
    raise AssertionError(f"{method} {path} never answered")


async def open_table(nodes: list[Member]) -> tuple[str, str]:
    game_id = (await send(nodes, "POST", "/games", json=TABLE)).json()["id"]
    seat = await send(nodes, "POST", f"/games/{game_id}/seats", json={"name": "person"})
    host = {"Authorization": f"Bearer {seat.json()['token']}"}
    bot = await send(nodes, "POST", f"/games/{game_id}/seats", json={"bot": "random"}, headers=host)
    assert (seat.status_code, bot.status_code) == (201, 201), (seat.text, bot.text)
    return game_id, seat.json()["token"]


async def player(nodes: list[Member], deadline: float, sent: Sent, seed: int) -> None:
    """Play tables one after another until `deadline`, each move under a key of its own."""
    rng = random.Random(seed)
    game_id, token = await open_table(nodes)
    while time.monotonic() < deadline:
        auth = {"Authorization": f"Bearer {token}"}
        view = (await send(nodes, "GET", f"/games/{game_id}", headers=auth)).json()
        if view["status"] == "finished":
            game_id, token = await open_table(nodes)
        elif not view["legal_moves"]:
            await asyncio.sleep(0.02)  # the bot's turn
        else:
            key = str(uuid.uuid4())
            answer = await send(
                nodes,
                "POST",
                f"/games/{game_id}/commands",
                json=rng.choice(view["legal_moves"]),
                headers=auth | {"Idempotency-Key": key},
            )
            sent.statuses[answer.status_code] += 1
            if answer.status_code == 200:
                sent.acknowledged.append(key)


async def kill_one_of_each(fleet: dict[str, list[Member]]) -> None:
    for role in KILLS:
        await asyncio.sleep(KILL_EVERY)
        members = fleet[role]
        if role == "relay":  # the leader, whose standby must take over
            members = [m for m in members if m.value("cardroom_relay_leader") == 1]
        members[0].kill()


async def test_a_fleet_loses_doubles_and_dead_letters_nothing_when_one_of_each_role_dies(
    server: PrivatePostgres, redis_url: str, stream: str
) -> None:
    await limit_connections(server)
    with ExitStack() as stack:
        fleet: dict[str, list[Member]] = {}
        for role in ("relay", "projections", "bots", "serve"):
            fleet[role] = [start(role, server.url, redis_url, stream) for _ in range(2)]
            for member in fleet[role]:
                stack.callback(member.close)
        sent = Sent()
        deadline = time.monotonic() + KILL_EVERY * (len(KILLS) + 2)
        await asyncio.gather(
            kill_one_of_each(fleet),
            *(player(fleet["serve"], deadline, sent, seed) for seed in range(PLAYERS)),
        )
        survivors = {
            role: next(m for m in members if not m.killed) for role, members in fleet.items()
        }
        pool = await asyncpg.create_pool(server.url, min_size=1, max_size=8)
        client = redis.from_url(redis_url)
        try:
            metrics = await quiet(pool, survivors)
            await check_the_log(pool, sent)
            await check_the_read_models(pool, client, stream)
            for name in catalog.build_all(PostgresEventStore(pool)):
                assert await client.xlen(f"{stream}:dead:{name}") == 0, name
        finally:
            await client.aclose()
            await pool.close()
        check_metrics_against_logs(fleet, survivors, metrics)


async def quiet(pool: asyncpg.Pool, survivors: dict[str, Member]) -> dict[str, str]:
    """Stop the writers (bots, then the API node), let the read side catch up, stop it; the
    metrics of each as it stopped."""
    metrics = {}
    for role in ("bots", "serve"):
        metrics[role] = survivors[role].metrics()
        survivors[role].stop()
    await settled(pool, timeout=60)
    for role in ("relay", "projections"):
        metrics[role] = survivors[role].metrics()
        survivors[role].stop()
    return metrics


async def check_the_log(pool: asyncpg.Pool, sent: Sent) -> None:
    assert sent.statuses[500] == 0 and not [s for s in sent.statuses if s >= 500]
    assert len(sent.acknowledged) >= 20, sent.statuses  # the players got to play
    rows = await pool.fetch(
        "SELECT stream_id, metadata->>'command_id' AS command_id FROM events"
        " WHERE metadata ? 'command'"
    )
    logged = Counter((row["stream_id"], row["command_id"]) for row in rows)  # ids are per game
    keys = {command_id for _, command_id in logged}
    assert not [key for key in sent.acknowledged if key not in keys], "lost"
    assert not [key for key, times in logged.items() if times > 1], "doubled"


async def check_the_read_models(pool: asyncpg.Pool, client: redis.Redis, stream: str) -> None:
    live = await snapshot(pool)
    for projection in catalog.build_all(PostgresEventStore(pool)).values():
        await rebuilds.rebuild(pool, PostgresEventStore(pool), projection)
    assert await snapshot(pool) == live
    assert live["table_summaries"], "no table to compare"


def check_metrics_against_logs(
    fleet: dict[str, list[Member]], survivors: dict[str, Member], metrics: dict[str, str]
) -> None:
    for members in fleet.values():
        for member in members:
            levels = Counter(record["level"] for record in member.records())
            assert levels["ERROR"] == levels["CRITICAL"] == 0, member.log()
    relay = survivors["relay"]
    took = relay.said("took the leadership")
    assert sample(metrics["relay"], "cardroom_relay_leadership_changes_total") == took == 1
    assert sample(metrics["relay"], "cardroom_relay_leader") == 1
    project = survivors["projections"]
    for name in ("lobby", "table_summaries", "scoreboards", "ratings"):
        label = f'{{projection="{name}"}}'
        dead = sample(metrics["projections"], f"cardroom_dead_letters_total{label}")
        assert dead == project.said(f"projection {name} dead-letters") == 0
    assert project.said("runner read_models: caught up") >= 1
    bots = survivors["bots"]
    assert sample(metrics["bots"], "cardroom_bot_commands_total") > 0
    logged_refusals = bots.said("refused:")
    counted = sum(
        float(line.split()[-1])
        for line in metrics["bots"].splitlines()
        if line.startswith("cardroom_bot_refusals_total{")
        and not any(f'code="{code}"' in line for code in EXPECTED_REFUSALS)
    )
    assert counted == logged_refusals
    assert 'cardroom_commands_refused_total{code="internal_error"}' not in metrics["serve"]

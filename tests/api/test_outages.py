"""Outages: with Postgres stopped or frozen the service answers 503 `unavailable` with
`Retry-After` within its timeouts and recovers on its own once Postgres is back; with Redis
gone it is `degraded`, and games are still played. Postgres here is a server of this
module's own, never the shared one."""

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Iterator
from dataclasses import replace

import pytest
from httpx import AsyncClient, Response
from litestar.testing import AsyncTestClient

from api.main.app import create_app
from infra.process.database import Timeouts
from infra.process.settings import Settings
from tests.api.players import bearer, ok, open_table
from tests.api.test_refusals import problem
from tests.private_postgres import PrivatePostgres, private_postgres

TIMEOUTS = Timeouts(connect=1.0, statement=1.0)
BOUND = 15.0
"""Seconds any answer may take while Postgres is frozen: a few timeouts, never the freeze."""
RECOVERY = 30.0
UNREACHABLE_REDIS = "redis://127.0.0.1:1/0"
"""No server listens on port 1."""


@pytest.fixture(scope="module")
def postgres() -> Iterator[PrivatePostgres]:
    with private_postgres() as server:
        yield server


@pytest.fixture
async def service(
    postgres: PrivatePostgres, redis_url: str, stream: str
) -> AsyncIterator[AsyncClient]:
    """The service on the module's own server, whose database only these tests use (a stopped or
    frozen server is no place to create and drop databases around each test)."""
    app = create_app(
        Settings(
            database_url=postgres.url,
            redis_url=redis_url,
            event_stream=stream,
            database_timeouts=TIMEOUTS,
        ),
        roles=(),
    )
    async with AsyncTestClient(app) as client:
        yield client


def unavailable(answer: Response) -> None:
    problem(answer, 503, "unavailable")
    assert int(answer.headers["retry-after"]) > 0


async def bounded(request: Awaitable[Response]) -> Response:
    """The answer, which must come within BOUND seconds."""
    return await asyncio.wait_for(request, BOUND)


async def test_a_stopped_database_answers_503_and_the_service_recovers(
    service: AsyncClient, postgres: PrivatePostgres
) -> None:
    game_id, tokens = await open_table(service, "gnono", 2)
    postgres.stop()
    try:
        unavailable(await bounded(service.post("/games", json={"kind": "gnono"})))
        unavailable(await bounded(service.get(f"/games/{game_id}")))
        start = {"type": "start_game"}
        answer = service.post(f"/games/{game_id}/commands", json=start, headers=bearer(tokens[0]))
        unavailable(await bounded(answer))
        unavailable(await bounded(service.get("/health/ready")))
        health = await bounded(service.get("/health"))
        unavailable(health)
        assert health.json()["postgres"] == "down"
        ok(await service.get("/health/live"))
    finally:
        postgres.start()
    await recovered(service)
    ok(await service.post(f"/games/{game_id}/commands", json=start, headers=bearer(tokens[0])))
    assert ok(await service.get(f"/games/{game_id}"))["version"] > 3


async def recovered(service: AsyncClient) -> None:
    deadline = time.monotonic() + RECOVERY
    while (answer := await service.get("/health/ready")).status_code != 200:
        assert time.monotonic() < deadline, answer.text
        await asyncio.sleep(0.2)


async def test_a_frozen_database_answers_503_within_the_timeouts(
    service: AsyncClient, postgres: PrivatePostgres
) -> None:
    game_id, _ = await open_table(service, "gnono", 2)
    with postgres.frozen():
        unavailable(await bounded(service.get(f"/games/{game_id}")))
        unavailable(await bounded(service.post("/games", json={"kind": "gnono"})))
        unavailable(await bounded(service.get("/health/ready")))
        ok(await service.get("/health/live"))
    await recovered(service)
    ok(await service.get(f"/games/{game_id}"))


async def test_without_redis_the_service_is_degraded_and_games_are_played(
    settings: Settings,
) -> None:
    app = create_app(replace(settings, redis_url=UNREACHABLE_REDIS), roles=())
    async with AsyncTestClient(app) as client:
        health = ok(await bounded(client.get("/health")))
        assert health == {"status": "degraded", "postgres": "ok", "redis": "down"}
        ok(await client.get("/health/ready"))
        game_id, tokens = await open_table(client, "gnono", 2)
        start = {"type": "start_game"}
        ok(await client.post(f"/games/{game_id}/commands", json=start, headers=bearer(tokens[0])))
        ticket = await bounded(client.post(f"/games/{game_id}/tickets", headers=bearer(tokens[0])))
        unavailable(ticket)


async def test_a_pool_taken_by_requests_does_not_make_the_service_look_down(
    settings: Settings,
) -> None:
    app = create_app(settings, roles=())
    async with AsyncTestClient(app) as client:
        pool, on_the_app_loop = app.state.parts.pool, client.blocking_portal.call
        held = [on_the_app_loop(pool.acquire) for _ in range(pool.get_max_size())]
        try:
            assert pool.get_idle_size() == 0
            ok(await bounded(client.get("/health/ready")))
            health = ok(await bounded(client.get("/health")))
            assert health == {"status": "ok", "postgres": "ok", "redis": "ok"}
        finally:
            for connection in held:
                on_the_app_loop(pool.release, connection)

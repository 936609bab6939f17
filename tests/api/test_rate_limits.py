"""Rate limits: tables and seats per client, commands per seat token; past a limit the answer
is 429 `rate_limited` with `Retry-After`, and every answer of a limited route says where the
client stands."""

from collections.abc import AsyncIterator
from dataclasses import replace

import pytest
from httpx import AsyncClient, Response
from litestar.routes import HTTPRoute
from litestar.testing import AsyncTestClient

from api.http.rate_limits import RATE_LIMIT, throttles
from api.main.app import create_app
from infra.process.settings import RateLimits, Settings
from tests.api.players import bearer, ok
from tests.api.published import published
from tests.api.test_refusals import problem

LOW = RateLimits(games="3/minute", seats="2/minute", players="1/minute", commands="2/minute")


@pytest.fixture
async def limited(settings: Settings) -> AsyncIterator[AsyncClient]:
    app = create_app(replace(settings, rate_limits=LOW), roles=())
    async with AsyncTestClient(app) as client:
        yield client


def standing(answer: Response) -> tuple[int, int]:
    """(limit, remaining) as the answer tells them."""
    assert int(answer.headers["ratelimit-reset"]) > 0
    return int(answer.headers["ratelimit-limit"]), int(answer.headers["ratelimit-remaining"])


def rate_limited(answer: Response) -> None:
    problem(answer, 429, "rate_limited")
    assert int(answer.headers["retry-after"]) > 0
    assert standing(answer) == (int(answer.headers["ratelimit-limit"]), 0)


async def test_tables_are_limited_per_client(limited: AsyncClient) -> None:
    answers = [await limited.post("/games", json={"kind": "gnono"}) for _ in range(3)]
    assert [standing(answer) for answer in answers] == [(3, 2), (3, 1), (3, 0)]
    assert {answer.headers["ratelimit-reset"] for answer in answers} == {"60"}, (
        "the window's length"
    )
    refused = await limited.post("/games", json={"kind": "gnono"}, headers={"Idempotency-Key": "k"})
    rate_limited(refused)
    assert 0 < int(refused.headers["retry-after"]) <= 60
    assert "location" not in refused.headers
    assert "ratelimit-limit" not in (await limited.get("/games/kinds")).headers


async def test_seats_are_limited_per_client(limited: AsyncClient) -> None:
    game_id = ok(await limited.post("/games", json={"kind": "mad"}), 201)["id"]
    for name in ("ada", "bob"):
        ok(await limited.post(f"/games/{game_id}/seats", json={"name": name}), 201)
    rate_limited(await limited.post(f"/games/{game_id}/seats", json={"name": "cy"}))
    view = ok(await limited.get(f"/games/{game_id}"))
    assert len(view["seats"]) == 2, "the refused seat was not taken"


async def test_players_are_limited_per_client(limited: AsyncClient) -> None:
    ok(await limited.post("/players", json={"handle": "first"}), 201)
    rate_limited(await limited.post("/players", json={"handle": "second"}))
    assert (await limited.get("/players/second")).status_code == 404, "nobody was registered"


async def test_commands_are_limited_per_seat_token(settings: Settings) -> None:
    roomy = RateLimits(seats="10/minute", commands="2/minute")
    app = create_app(replace(settings, rate_limits=roomy), roles=())
    async with AsyncTestClient(app) as client:
        game_id = ok(await client.post("/games", json={"kind": "gnono"}), 201)["id"]
        first, second = [
            ok(await client.post(f"/games/{game_id}/seats", json={"name": n}), 201)["token"]
            for n in ("ada", "bob")
        ]
        start = {"type": "start_game"}
        commands = f"/games/{game_id}/commands"
        ok(await client.post(commands, json=start, headers=bearer(first)))
        problem(
            await client.post(commands, json=start, headers=bearer(first)), 409, "already_started"
        )
        rate_limited(await client.post(commands, json=start, headers=bearer(first)))
        other = await client.post(commands, json=start, headers=bearer(second))
        problem(other, 409, "already_started")
        assert standing(other) == (2, 1)


async def test_the_limits_come_from_the_environment() -> None:
    assert Settings.from_env({}).rate_limits == RateLimits()
    configured = Settings.from_env({"CARDROOM_RATE_LIMIT_GAMES": "5/second"}).rate_limits
    assert configured.games == "5/second"
    counted = await throttles({"games": configured.games})["games"].limit("client:1")
    assert (counted.state.limit, counted.state.remaining) == (5, 4)


async def test_the_counters_kept_are_bounded_the_least_recently_counted_going_first() -> None:
    games = throttles({"games": "3/minute"}, kept=4)["games"]
    for client in range(6):
        for _ in range(3):
            await games.limit(f"client:{client}")
    assert (await games.limit("client:5")).limited, "the last client's count is kept"
    first = await games.limit("client:0")
    assert not first.limited and first.state.remaining == 2, "the first client's was dropped"


def test_the_document_lists_every_limited_operation_and_no_other() -> None:
    app = create_app(
        Settings(
            database_url="postgresql://nowhere/none",
            redis_url="redis://nowhere/0",
            event_stream="unused",
        )
    )
    limited = {
        (method.lower(), route.path.replace(":str}", "}"))
        for route in app.routes
        if isinstance(route, HTTPRoute)
        for method, handler in route.route_handler_map.items()
        if RATE_LIMIT in handler[0].opt
    }
    assert limited == {
        ("post", "/games"),
        ("post", "/games/{game_id}/rematch"),
        ("post", "/quickplay"),
        ("post", "/players"),
        ("post", "/games/{game_id}/seats"),
        ("post", "/games/{game_id}/commands"),
        ("post", "/challenges"),
        ("post", "/challenges/{challenge_id}/accept"),
        ("post", "/challenges/{challenge_id}/decline"),
        ("post", "/challenges/{challenge_id}/cancel"),
        ("post", "/games/{game_id}/forks"),
        ("post", "/tournaments"),
        ("post", "/tournaments/{tournament_id}/entries"),
        ("delete", "/tournaments/{tournament_id}/entries/me"),
        ("post", "/tournaments/{tournament_id}/start"),
    }
    published_limited = {
        (method, path)
        for path, item in published()["paths"].items()
        for method, operation in item.items()
        if "rate_limited" in str(operation["responses"].get("429", ""))
    }
    assert published_limited == limited

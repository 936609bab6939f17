"""The two requests of a move answered on the lean path exactly as the framework answers
them: the same status, headers and body, refusals included, the rate limit counted once."""

import random
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
from httpx import AsyncClient, Response
from litestar.testing import AsyncTestClient
from litestar.types import HTTPScope, Receive, Send

from api.http.core import parts_of
from api.http.request_ids import current_request_id
from api.live.direct_streams import Front
from api.main.app import create_app
from infra.process.settings import Settings
from tests.api.players import bearer, ok, open_table

VARYING = {"x-request-id", "date", "ratelimit-reset"}
"""Headers whose values differ between two answers of the same content."""


class Counted:
    """A front that counts the requests it answered itself."""

    def __init__(self, front: Front) -> None:
        self.front, self.answered = front, 0

    async def __call__(self, scope: HTTPScope, receive: Receive, send: Send) -> Receive | None:
        handed_on = await self.front(scope, receive, send)
        self.answered += handed_on is None
        return handed_on


@pytest.fixture
async def lean(settings: Settings) -> AsyncIterator[tuple[AsyncClient, Counted]]:
    app = create_app(settings, roles=())
    assert app.front is not None
    counted = app.front = Counted(app.front)
    async with AsyncTestClient(app) as test_client:
        yield test_client, counted


@pytest.fixture
async def framework(settings: Settings) -> AsyncIterator[AsyncClient]:
    app = create_app(settings, roles=(), lean=False)
    assert app.front is None
    async with AsyncTestClient(app) as test_client:
        yield test_client


def shape(answer: Response) -> tuple[int, list[tuple[str, str]], Any]:
    headers = [(name, value) for name, value in answer.headers.multi_items()]
    kept = [(name, value) for name, value in headers if name not in VARYING]
    present = sorted(name for name, _ in headers if name in VARYING)
    return answer.status_code, [*kept, *((name, "") for name in present)], answer.content


async def same(
    lean: AsyncClient, framework: AsyncClient, method: str, path: str, **kw: Any
) -> Response:
    """Send the request to both; both answers the same, the lean one returned."""
    first = await lean.request(method, path, **kw)
    second = await framework.request(method, path, **kw)
    assert shape(first) == shape(second), (method, path)
    return first


async def test_a_game_played_on_the_lean_path_answers_as_the_framework_does(
    lean: tuple[AsyncClient, Counted], framework: AsyncClient
) -> None:
    client, counted = lean
    game_id, tokens = await open_table(client, "mad", 2)
    rng, path = random.Random(7), f"/games/{game_id}"
    answered = counted.answered
    start = {**bearer(tokens[0]), "Idempotency-Key": str(uuid.uuid4())}
    ok(
        await same(
            client,
            framework,
            "POST",
            f"{path}/commands",
            json={"type": "start_game"},
            headers=start,
        )
    )

    await same(client, framework, "GET", path)
    plain = await same(client, framework, "GET", path, headers={"Accept-Encoding": "identity"})
    etag = plain.headers["etag"]
    await same(client, framework, "GET", path, headers={"If-None-Match": etag})
    sent, gzipped = 4, 0  # requests so far; answers of a kilobyte or more, gzip accepted
    while True:
        seen = [await same(client, framework, "GET", path, headers=bearer(t)) for t in tokens]
        sent += len(seen)
        gzipped += sum(answer.headers.get("content-encoding") == "gzip" for answer in seen)
        views = [ok(answer) for answer in seen]
        movers = [seat for seat, view in enumerate(views) if view["legal_moves"]]
        if not movers:
            break
        move = rng.choice(views[movers[0]]["legal_moves"])
        once = {**bearer(tokens[movers[0]]), "Idempotency-Key": str(uuid.uuid4())}
        moved = await same(client, framework, "POST", f"{path}/commands", json=move, headers=once)
        ok(moved)  # the framework's answer is the key's first answer, told again
        sent += 1
    assert views[0]["status"] == "finished"
    assert counted.answered - answered == sent
    assert gzipped

    refusals: list[tuple[str, str, dict[str, Any]]] = [
        ("GET", path, {"headers": bearer("no such token")}),
        ("GET", f"/games/{uuid.uuid4()}", {}),
        ("POST", f"{path}/commands", {"json": {"type": "draw_card"}}),
        ("POST", f"{path}/commands", {"json": {"type": "no_such"}, "headers": bearer(tokens[0])}),
        ("POST", f"{path}/commands", {"content": b"{", "headers": bearer(tokens[0])}),
        ("POST", f"{path}/commands", {"json": move, "headers": bearer("no such token")}),
        ("POST", f"{path}/commands", {"json": move, "headers": bearer(tokens[0])}),
    ]
    for method, where, kw in refusals:
        refused = await same(client, framework, method, where, **kw)
        assert refused.status_code >= 400
        assert refused.headers["content-type"] == "application/problem+json"
    assert counted.answered - answered == sent  # every refusal was the route's


async def test_a_command_on_the_lean_path_is_served_under_its_request_id(
    lean: tuple[AsyncClient, Counted],
) -> None:
    client, counted = lean
    game_id, tokens = await open_table(client, "gnono", 2)
    ids: list[str | None] = []
    handler = parts_of(client.app.state).core.handler  # type: ignore[attr-defined]
    handler.on_committed(lambda _: ids.append(current_request_id()))
    answered = counted.answered
    start = {"type": "start_game"}
    started = await client.post(f"/games/{game_id}/commands", json=start, headers=bearer(tokens[0]))
    ok(started)
    assert counted.answered == answered + 1
    assert ids == [started.headers["x-request-id"]]

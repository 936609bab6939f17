"""`GET /games/{id}/live` for browsers: stream tickets, keep-alives and views in the stream."""

import asyncio
import contextlib
import queue
import random
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import pytest
from httpx import Response
from litestar.testing import AsyncTestClient
from litestar.types import Message, Scope

from api.live.direct_streams import SERVER_SEND
from api.live.hub import POLL_SECONDS, POLL_SECONDS_WITHOUT_REDIS
from api.main.app import create_app
from infra.process.settings import Settings
from tests.api.players import bearer, ok, open_table, play, view
from tests.api.sse import AnyClient, SseReader, get_scope, open_stream


async def ticket_for(client: AnyClient, game_id: str, token: str) -> str:
    issued = ok(await client.post(f"/games/{game_id}/tickets", headers=bearer(token)), 201)
    assert issued["expires_in"] == 60
    ticket: str = issued["ticket"]
    return ticket


async def events_until(stream: SseReader, version: int) -> list[tuple[int, object]]:
    """(version, event) of every event message up to `version`."""
    received: list[tuple[int, object]] = []
    while not received or received[-1][0] < version:
        read = await stream.message()
        if read.id is not None and read.event not in ("view", "narration"):
            received.append((read.id, read.json()))
    return received


def refused_as(response: Response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    assert response.json()["code"] == code


async def test_a_ticket_streams_as_its_seat_and_reopens_while_it_lives(client: AnyClient) -> None:
    game_id, tokens = await open_table(client, "gnono", 3)
    latest = (await play(client, game_id, tokens, random.Random(3), 6))["version"]
    ticket = await ticket_for(client, game_id, tokens[1])
    assert tokens[1] not in ticket
    mine = ok(await client.get(f"/games/{game_id}/events", headers=bearer(tokens[1])))
    for _ in range(2):  # EventSource reconnects with the same URL
        async with open_stream(client, f"/games/{game_id}/live", {"ticket": ticket}) as stream:
            assert stream.status == 200
            assert await events_until(stream, latest) == [(e["version"], e["event"]) for e in mine]


async def test_unknown_or_other_games_tickets_are_refused(client: AnyClient) -> None:
    game_id, _ = await open_table(client, "mad", 2)
    other_id, other_tokens = await open_table(client, "mad", 2)
    other_ticket = await ticket_for(client, other_id, other_tokens[0])
    for ticket in (other_ticket, "0.unknown", "nonsense", ""):
        answer = await client.get(f"/games/{game_id}/live", params={"ticket": ticket})
        refused_as(answer, 403, "invalid_ticket")


async def test_only_a_seat_gets_a_ticket(client: AnyClient) -> None:
    game_id, _ = await open_table(client, "mad", 2)
    _, other_tokens = await open_table(client, "mad", 2)
    refused_as(await client.post(f"/games/{game_id}/tickets"), 401, "missing_token")
    wrong = await client.post(f"/games/{game_id}/tickets", headers=bearer(other_tokens[0]))
    refused_as(wrong, 403, "wrong_token")


async def test_with_the_view_each_batch_ends_with_the_callers_view_at_that_version(
    client: AnyClient,
) -> None:
    game_id, tokens = await open_table(client, "mad", 2)
    ticket = await ticket_for(client, game_id, tokens[0])
    params = {"ticket": ticket, "include": "view"}
    async with open_stream(client, f"/games/{game_id}/live", params) as stream:
        for _ in range(6):
            shown = await stream.message_of("view")
            now = await view(client, game_id, tokens[0])
            assert (shown.id, shown.json()) == (now["version"], now)
            moves = {t: (await view(client, game_id, t))["legal_moves"] for t in tokens}
            mover = next((token for token, legal in moves.items() if legal), None)
            if mover is None:  # the game is over
                break
            move = moves[mover][0]
            ok(await client.post(f"/games/{game_id}/commands", json=move, headers=bearer(mover)))


async def test_a_stream_with_the_view_opens_with_it_and_ignores_other_games(
    client: AnyClient,
) -> None:
    game_id, tokens = await open_table(client, "mad", 2)
    params = {"include": "view", "after": "0"}
    async with open_stream(client, f"/games/{game_id}/live", params, **bearer(tokens[1])) as stream:
        first = await stream.message_of("view")
        assert first.json() == await view(client, game_id, tokens[1])
        ok(await client.post("/games", json={"kind": "mad"}), 201)  # another game: no message
        with pytest.raises(queue.Empty):
            await stream.message(timeout=0.5)


@pytest.fixture(scope="session")
async def quick_heartbeat(settings: Settings) -> AsyncIterator[AnyClient]:
    """The API alone (no workers), its live streams sending a keep-alive every 0.2 s."""
    app = create_app(replace(settings, live_heartbeat=0.2), roles=())
    async with AsyncTestClient(app) as test_client:
        yield test_client


async def test_a_quiet_stream_still_sends_keep_alives(quick_heartbeat: AnyClient) -> None:
    game_id, _ = await open_table(quick_heartbeat, "mad", 2)
    latest = (await view(quick_heartbeat, game_id))["version"]
    async with open_stream(quick_heartbeat, f"/games/{game_id}/live", {"after": latest}) as stream:
        for _ in range(3):
            beat = await stream.message(timeout=2)
            assert (beat.event, beat.data, beat.comments) == (None, "", ["keep-alive"])


@pytest.fixture
async def unrelayed(settings: Settings) -> AsyncIterator[AnyClient]:
    """The API alone, its hub reading a Redis stream of its own that no relay publishes to."""
    app = create_app(replace(settings, event_stream=f"unrelayed-{uuid.uuid4().hex}"), roles=())
    async with AsyncTestClient(app) as test_client:
        yield test_client


async def test_a_move_reaches_the_streams_of_its_process_without_the_relay(
    unrelayed: AnyClient,
) -> None:
    """No event reaches the hub through Redis: the stream gets each move from the handler
    that appended it, long before its feed's poll."""
    game_id, tokens = await open_table(unrelayed, "gnono", 2)
    latest = (await view(unrelayed, game_id))["version"]
    async with open_stream(unrelayed, f"/games/{game_id}/live", {"after": latest}) as stream:
        await play(unrelayed, game_id, tokens, random.Random(3), 3)
        moved = (await view(unrelayed, game_id))["version"]
        assert moved > latest
        started = time.monotonic()
        received = await events_until(stream, moved)
        waited = time.monotonic() - started
    assert [version for version, _ in received] == list(range(latest + 1, moved + 1))
    shortest_poll = min(POLL_SECONDS, POLL_SECONDS_WITHOUT_REDIS)
    assert waited < shortest_poll / 2, f"the last event came {waited:.2f} s late, with a poll"


async def keep_alives_in(stream: SseReader, seconds: float) -> int:
    """The keep-alives a stream sends in `seconds` (other messages skipped)."""
    count, deadline = 0, time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        with contextlib.suppress(queue.Empty):
            count += (await stream.message(timeout=left)).comments == ["keep-alive"]
    return count


async def test_a_quiet_lobby_stream_sends_keep_alives_as_often_as_a_game_stream(
    quick_heartbeat: AnyClient,
) -> None:
    game_id, _ = await open_table(quick_heartbeat, "mad", 2)
    latest = (await view(quick_heartbeat, game_id))["version"]
    async with (
        open_stream(quick_heartbeat, f"/games/{game_id}/live", {"after": latest}) as game,
        open_stream(quick_heartbeat, "/lobby/live") as lobby,
    ):
        assert (await lobby.message(timeout=2)).event == "lobby"
        counts = await asyncio.gather(keep_alives_in(game, 2.0), keep_alives_in(lobby, 2.0))
    assert counts[0] >= 3, "the game stream sends a keep-alive at each beat while quiet"
    assert abs(counts[0] - counts[1]) <= 2, f"game and lobby keep-alives: {counts}"


async def test_a_streams_chunks_pass_no_send_wrapper_and_its_start_passes_them_all(
    client: AnyClient,
) -> None:
    game_id, tokens = await open_table(client, "mad", 2)
    seen: list[str] = []

    async def record(message: Message, scope: Scope) -> None:
        if scope["path"].endswith("/live"):
            seen.append(message["type"])

    client.app.before_send.append(record)
    try:
        params = {"include": "view", "after": "0"}
        async with open_stream(client, f"/games/{game_id}/live", params) as stream:
            await stream.message_of("view")
            for _ in range(3):
                moves = {t: (await view(client, game_id, t))["legal_moves"] for t in tokens}
                mover = next(token for token, legal in moves.items() if legal)
                move = {"json": moves[mover][0], "headers": bearer(mover)}
                ok(await client.post(f"/games/{game_id}/commands", **move))
                await stream.message_of("view")
            assert "x-request-id" in stream.headers and "content-security-policy" in stream.headers
    finally:
        client.app.before_send.remove(record)
    assert seen == ["http.response.start"]  # the client left: the stream sent no end


async def test_the_servers_send_is_dropped_from_the_scope_when_the_answer_is_done(
    client: AnyClient,
) -> None:
    """The server's request object holds the scope and its `send`: kept in the scope's state,
    it would leave a reference cycle per request for the garbage collector."""
    scope = get_scope(client, "/health/live")
    sent: list[Any] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await asyncio.to_thread(client.blocking_portal.call, client.app, scope, receive, send)
    assert sent[0]["status"] == 200
    assert SERVER_SEND not in scope["state"]


async def test_each_event_is_followed_by_what_it_means_to_the_streams_seat(
    client: AnyClient,
) -> None:
    game_id, tokens = await open_table(client, "gnono", 2)
    latest = (await play(client, game_id, tokens, random.Random(5), 4))["version"]
    mine = ok(await client.get(f"/games/{game_id}/events", headers=bearer(tokens[1])))
    told: list[tuple[int, str]] = []
    async with open_stream(client, f"/games/{game_id}/live", {}, **bearer(tokens[1])) as stream:
        while not told or told[-1][0] < latest:
            said = await stream.message()
            if said.event != "narration":
                continue
            event = await stream.message()
            assert said.id is None, "a narration has no id: its event's follows it"
            assert (said.json()["version"], said.json()["type"]) == (event.id, event.event)
            told.append((event.id, said.json()["narration"]))
    assert told == [(each["version"], each["narration"]) for each in mine]
    assert all(sentence for _, sentence in told)
    assert any(sentence.startswith("You ") for _, sentence in told)

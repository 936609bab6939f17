"""Rematch: a finished table links to the new table its seats play again at."""

import asyncio
import queue
import random
from typing import Any

import pytest
from httpx import AsyncClient

from domain import clocks
from tests.api.players import all_events, bearer, ok, play, view
from tests.api.registered import register, seated_table
from tests.api.sse import open_stream


def problem(answer: Any, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    assert answer.json()["code"] == code


async def finished_game(
    client: AsyncClient, kind: str = "mad", options: dict[str, Any] | None = None
) -> tuple[list[Any], str, list[str]]:
    players = [await register(client, name) for name in ("ada", "bo")]
    tokens = [token for _, token in players]
    game_id, seats = await seated_table(client, kind, tokens, options)
    final = await play(client, game_id, seats, random.Random(4), 5_000)
    assert final["status"] == "finished"
    return players, game_id, seats


async def test_a_rematch_opens_a_like_table_and_the_other_seat_sees_and_joins_it(
    client: AsyncClient,
) -> None:
    players, game_id, seats = await finished_game(client)
    opened = ok(await client.post(f"/games/{game_id}/rematch", headers=bearer(seats[0])), 201)
    new_id = opened["game_id"]
    assert new_id != game_id
    assert (await view(client, game_id, seats[1]))["rematch"] == new_id
    events = await all_events(client, game_id, seats[1])
    assert events[-1]["event"] == {"type": "table.rematch_opened", "game_id": new_id}
    old, new = await view(client, game_id), await view(client, new_id, opened["token"])
    assert (new["kind"], new["options"], new["status"]) == (old["kind"], old["options"], "open")
    assert new["seats"] == [old["seats"][0]], "the caller sits there as the same player"
    assert (new["rematch_of"], old["rematch_of"]) == (game_id, None)
    created = (await all_events(client, new_id))[0]["event"]
    assert (created["type"], created["rematch_of"]) == ("table.created", game_id)
    assert "rematch_of" not in (await all_events(client, game_id))[0]["event"]

    joined = ok(await client.post(f"/games/{game_id}/rematch", headers=bearer(seats[1])), 201)
    assert (joined["game_id"], joined["seat"]) == (new_id, 1)
    started = await view(client, new_id, joined["token"])
    assert started["status"] == "playing", "the rematch starts once every seat is back"
    assert [seat["player"] for seat in started["seats"]] == [handle for handle, _ in players]
    assert ok(await client.get(f"/games/{game_id}/audit"))["ok"]


async def test_a_rematch_keeps_the_clock(client: AsyncClient) -> None:
    clock = {"turn_seconds": 600}
    _, game_id, seats = await finished_game(client, options={"clock": clock})
    opened = ok(await client.post(f"/games/{game_id}/rematch", headers=bearer(seats[0])), 201)
    new = await view(client, opened["game_id"], opened["token"])
    assert new["clock"]["options"] == {**clock, "grace_seconds": clocks.DEFAULT_GRACE}


async def test_a_second_rematch_request_answers_the_same_table(client: AsyncClient) -> None:
    _, game_id, seats = await finished_game(client)
    rematch = f"/games/{game_id}/rematch"
    first, again = await asyncio.gather(
        client.post(rematch, headers=bearer(seats[0])),
        client.post(rematch, headers=bearer(seats[0])),
    )
    answers = sorted((ok(first, 201), ok(again, 201)), key=lambda seat: seat["token"] is None)
    assert answers[0]["game_id"] == answers[1]["game_id"]
    assert answers[0]["seat"] == answers[1]["seat"] == 0
    assert answers[1]["token"] is None, "a seat's second request gets its seat, not its token"


async def test_a_rematch_waits_for_the_end_and_needs_a_seat(client: AsyncClient) -> None:
    _, token = await register(client)
    game_id, seats = await seated_table(client, "mad", [token])
    rematch = f"/games/{game_id}/rematch"
    problem(await client.post(rematch, headers=bearer(seats[0])), 409, "game_not_over")
    problem(await client.post(rematch), 401, "missing_token")
    problem(await client.post(rematch, headers=bearer("nope")), 403, "wrong_token")


async def test_quick_play_fills_a_rematch_of_default_options_but_not_a_clocked_one(
    client: AsyncClient,
) -> None:
    rematches, waiting = [], []
    for options in ({}, {"clock": {"turn_seconds": 600}}):
        players, game_id, seats = await finished_game(client, options=options)
        opened = await client.post(f"/games/{game_id}/rematch", headers=bearer(seats[0]))
        rematches.append(ok(opened, 201)["game_id"])
        waiting.append(players[0][1])
    default, clocked = rematches
    again = await client.post("/quickplay", json={"kind": "mad"}, headers=bearer(waiting[1]))
    problem(again, 409, "already_waiting")
    assert clocked in again.json()["detail"], "its player waits at the clocked rematch"
    for _ in range(50):  # fill the tables waiting for quick play, until one opens for us
        seated = ok(await client.post("/quickplay", json={"kind": "mad", "name": "x"}), 201)
        if seated["seat"] == 0:
            break
    assert seated["seat"] == 0, "quick play left no table open"
    assert len((await view(client, default))["seats"]) == 2, "a stranger filled it"
    assert len((await view(client, clocked))["seats"]) == 1, "only its players return to it"


async def test_a_stream_until_the_rematch_carries_it_to_a_finished_table(client: Any) -> None:
    _, game_id, seats = await finished_game(client)
    latest = (await view(client, game_id, seats[1]))["version"]
    params = {"after": str(latest), "include": "view", "until": "rematch"}
    live = f"/games/{game_id}/live"
    async with (
        open_stream(client, live, params, **bearer(seats[1])) as waiting,
        open_stream(client, live, {"after": str(latest)}) as ended,
    ):
        assert (await waiting.message_of("view")).json()["rematch"] is None
        opened = ok(await client.post(f"/games/{game_id}/rematch", headers=bearer(seats[0])), 201)
        event = await waiting.message_of("table.rematch_opened")
        assert (event.id, event.json()["game_id"]) == (latest + 1, opened["game_id"])
        assert (await waiting.message_of("view")).json()["rematch"] == opened["game_id"]
        with pytest.raises(queue.Empty):
            await ended.message(timeout=0.5)
    refused = await client.get(live, params={"until": "forever"})
    assert refused.status_code == 400, refused.text
    assert refused.headers["content-type"].startswith("application/problem+json")

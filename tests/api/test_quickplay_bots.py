"""Quick play that fills with bots after the wait the caller chose, so a lone player gets a
game (the answer says when they come, `bots_at`); without `bots_after` a table waits for
players alone."""

import asyncio
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from httpx import AsyncClient

from tests.api.players import bearer, ok, view
from tests.api.registered import register

WAIT_SECONDS = 60
"""A bound on the wait for what must come, never on how fast it comes."""


async def once_bots_came(client: AsyncClient, game_id: str, token: str) -> Any:
    """The table as the seat sees it once it is no longer open (the bots came)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while (game := await view(client, game_id, token))["status"] == "open":
        assert time.monotonic() < deadline, "the bots never came"
        await asyncio.sleep(0.2)
    return game


async def test_bots_take_the_free_seats_after_the_wait_and_the_game_starts(
    client: AsyncClient,
) -> None:
    handle, token = await register(client, "ada")
    body = {"kind": "mad", "seats": 5, "bots_after": 1}
    asked = datetime.now(UTC)
    seated = ok(await client.post("/quickplay", json=body, headers=bearer(token)), 201)
    bots_at = datetime.fromisoformat(seated["bots_at"])
    assert asked < bots_at < asked + timedelta(seconds=WAIT_SECONDS)
    game = await once_bots_came(client, seated["game_id"], token)
    assert game["status"] == "playing"
    assert len(game["seats"]) == 5
    assert game["seats"][seated["seat"]]["player"] == handle
    assert game["seats"][-1]["bot"] == "random"


async def test_a_wait_out_of_bounds_is_refused(client: AsyncClient) -> None:
    _, token = await register(client, "ada")
    for wait in (-1, 3601, "soon"):
        body = {"kind": "mad", "bots_after": wait}
        answer = await client.post("/quickplay", json=body, headers=bearer(token))
        assert answer.status_code == 400, answer.text
        assert answer.json()["code"] == "invalid_body"


async def test_the_caller_chooses_the_bots_that_come(client: AsyncClient) -> None:
    _, token = await register(client, "ada")
    body = {"kind": "ecliptic", "bots_after": 0, "bot": "search"}
    seated = ok(await client.post("/quickplay", json=body, headers=bearer(token)), 201)
    game = await once_bots_came(client, seated["game_id"], token)
    assert [seat["bot"] for seat in game["seats"]].count("search") == 1


async def test_an_unknown_bot_or_one_without_a_wait_is_refused(client: AsyncClient) -> None:
    _, token = await register(client, "ada")
    unknown = {"kind": "mad", "bots_after": 5, "bot": "oracle"}
    answer = await client.post("/quickplay", json=unknown, headers=bearer(token))
    assert answer.status_code == 422, answer.text
    assert answer.json()["code"] == "unknown_bot"
    assert "heuristic, random, search" in answer.json()["detail"]
    alone = {"kind": "mad", "bot": "search"}
    answer = await client.post("/quickplay", json=alone, headers=bearer(token))
    assert answer.status_code == 400, answer.text
    assert answer.json()["code"] == "invalid_body"
    seated = await client.post("/quickplay", json={"kind": "mad"}, headers=bearer(token))
    assert seated.status_code == 201, "a refused request seated the caller"

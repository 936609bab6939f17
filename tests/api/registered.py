"""Registered players for HTTP tests: unique handles, their tokens, and seats taken with them."""

import uuid
from typing import Any

from httpx import AsyncClient

from tests.api.players import bearer, ok


async def register(client: AsyncClient, prefix: str = "ada") -> tuple[str, str]:
    """A new player with a handle no other test uses; returns the handle and the token."""
    handle = f"{prefix}-{uuid.uuid4().hex[:8]}"
    created = ok(await client.post("/players", json={"handle": handle}), 201)
    assert created["handle"] == handle
    return handle, created["token"]


async def seat_player(client: AsyncClient, game_id: str, player_token: str) -> Any:
    """Take the next seat at a game as the player; returns the answer (seat and seat token)."""
    answer = await client.post(f"/games/{game_id}/seats", json={}, headers=bearer(player_token))
    return ok(answer, 201)


async def seated_table(
    client: AsyncClient, kind: str, tokens: list[str], options: dict[str, Any] | None = None
) -> tuple[str, list[str]]:
    """A table of `kind` with one seat per player token, in order; returns the game id and
    the seat tokens."""
    body = {"kind": kind, "options": options or {}}
    game_id = ok(await client.post("/games", json=body), 201)["id"]
    seats = [(await seat_player(client, game_id, token))["token"] for token in tokens]
    return game_id, seats

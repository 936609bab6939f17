"""Players that drive any game over HTTP using nothing but `legal_moves`."""

import random
from typing import Any

from httpx import AsyncClient, Response

QUICK_OPTIONS: dict[str, dict[str, Any]] = {"gnono": {"playout_score": 50}}
"""Options that keep a whole game short enough for an HTTP test, per kind."""


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def ok(response: Response, status: int = 200) -> Any:
    assert response.status_code == status, response.text
    return response.json()


async def open_table(
    client: AsyncClient, kind: str, seats: int, options: dict[str, Any] | None = None
) -> tuple[str, list[str]]:
    """Create a table with quick options (and `options`) and fill it; returns the game id
    and seat tokens."""
    body = {"kind": kind, "options": QUICK_OPTIONS.get(kind, {}) | (options or {})}
    game_id = ok(await client.post("/games", json=body), 201)["id"]
    tokens = []
    for seat in range(seats):
        seat_request = {"name": f"p{seat}", "entropy": f"dice {seat}"}
        granted = ok(await client.post(f"/games/{game_id}/seats", json=seat_request), 201)
        assert granted["seat"] == seat
        tokens.append(granted["token"])
    return game_id, tokens


async def all_events(client: AsyncClient, game_id: str, token: str | None = None) -> list[Any]:
    """Every event the caller may see, following the pages' `Link: <...>; rel="next"`."""
    headers = bearer(token) if token else {}
    answer = await client.get(f"/games/{game_id}/events", headers=headers)
    events = list(ok(answer))
    while "link" in answer.headers:
        answer = await client.get(answer.links["next"]["url"], headers=headers)
        events.extend(ok(answer))
    return events


async def view(client: AsyncClient, game_id: str, token: str | None = None) -> Any:
    return ok(await client.get(f"/games/{game_id}", headers=bearer(token) if token else {}))


async def play(
    client: AsyncClient,
    game_id: str,
    tokens: list[str],
    rng: random.Random,
    steps: int,
    avoid: str | None = None,
) -> Any:
    """Post up to `steps` random legal moves, none of type `avoid` where there is another;
    returns the last spectator view."""
    for _ in range(steps):
        views = [await view(client, game_id, token) for token in tokens]
        movers = [seat for seat, seen in enumerate(views) if seen["legal_moves"]]
        if not movers:
            break
        seat = rng.choice(movers)
        moves = views[seat]["legal_moves"]
        move = rng.choice([m for m in moves if m["type"] != avoid] or moves)
        sent = await client.post(
            f"/games/{game_id}/commands", json=move, headers=bearer(tokens[seat])
        )
        ok(sent)
    return await view(client, game_id)

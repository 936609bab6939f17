"""Tournaments driven over HTTP: an organiser's Swiss of bots, and waiting for its end."""

import asyncio
from typing import Any

from httpx import AsyncClient

from tests.api.players import bearer, ok

FINISH_SECONDS = 120.0
FAST = {"bot_pace": 0}
"""Options that keep a tournament of bots short: no pause before a bot's move."""


async def organiser(client: AsyncClient, handle: str) -> str:
    """A registered player's token."""
    return str(ok(await client.post("/players", json={"handle": handle}), 201)["token"])


async def swiss_of_bots(
    client: AsyncClient,
    token: str,
    kind: str,
    bots: int,
    rounds: int,
    enter: bool = True,
    **more: Any,
) -> str:
    """A Swiss created by `token`'s player (entered too, with `enter`), with `bots` bots."""
    body = {"kind": kind, "format": "swiss", "rounds": rounds, "options": FAST} | more
    created = ok(await client.post("/tournaments", json=body, headers=bearer(token)), 201)
    tournament_id = str(created["tournament_id"])
    path = f"/tournaments/{tournament_id}/entries"
    if enter:
        ok(await client.post(path, json={}, headers=bearer(token)), 201)
    for _ in range(bots):
        ok(await client.post(path, json={"bot": "heuristic"}, headers=bearer(token)), 201)
    return tournament_id


async def finished(client: AsyncClient, tournament_id: str) -> Any:
    """The tournament once over, as `GET /tournaments/{id}` answers."""

    async def wait() -> Any:
        while True:
            shown = ok(await client.get(f"/tournaments/{tournament_id}"))
            if shown["status"] in ("finished", "cancelled"):
                return shown
            await asyncio.sleep(0.1)

    return await asyncio.wait_for(wait(), FINISH_SECONDS)


async def listed(client: AsyncClient, tournament_id: str, status: str) -> None:
    """Return once the read model lists the tournament under `status` (it trails the log)."""

    async def wait() -> None:
        while True:
            page = ok(await client.get("/tournaments", params={"status": status, "limit": 200}))
            if tournament_id in {row["tournament_id"] for row in page["items"]}:
                return
            await asyncio.sleep(0.05)

    await asyncio.wait_for(wait(), FINISH_SECONDS)

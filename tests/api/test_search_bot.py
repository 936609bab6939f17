"""The search bot over HTTP: offered by every kind, seated with or without a budget, and
playing whole games through the bot worker, which thinks in its pool of processes."""

from collections import Counter
from typing import Any

import pytest
from httpx import AsyncClient
from litestar.testing import AsyncTestClient

from commands.log.registry import GAMES
from commands.workers.bots import BotWorker
from tests.api.players import view
from tests.api.test_bots import SEATS, bots, finished, new_table, seat, start, unexpected

__all__ = ["bots"]  # the fixture, shared with the other bot tests
QUICK_THINKING = {"iterations": 20, "milliseconds": 100}
AnyClient = AsyncTestClient[Any]


async def test_every_kind_lists_its_bots_search_among_them(client: AsyncClient) -> None:
    kinds = (await client.get("/games/kinds")).json()
    assert {kind["kind"]: kind["bots"] for kind in kinds} == {
        kind: ["heuristic", "random", "search"] for kind in GAMES
    }


@pytest.mark.parametrize("kind", list(GAMES))
async def test_a_search_bot_plays_a_whole_game_against_the_heuristic(
    client: AnyClient, bots: BotWorker, kind: str
) -> None:
    refused = Counter(bots.refusals)
    game_id = await new_table(client, kind)
    first = await seat(client, game_id, {"bot": "search", "think": QUICK_THINKING})
    for _ in range(SEATS[kind] - 1):
        await seat(client, game_id, {"bot": "heuristic"}, host=first)
    await start(client, game_id, first)
    final = await finished(client, game_id)
    assert final["seats"][0]["bot"] == "search"
    assert sorted(s["seat"] for s in final["standings"]) == list(range(SEATS[kind]))
    assert not unexpected(kind, refused, bots.refusals)
    assert await moves_made(client, game_id, 0) > 0, "the search bot moved"


async def moves_made(client: AsyncClient, game_id: str, seat: int) -> int:
    """The commands of the game's published log that `seat` sent (the start left out)."""
    log = (await client.get(f"/games/{game_id}/log", params={"limit": 1000})).json()
    commands = {
        event["metadata"]["command_id"]
        for event in log["events"]
        if event["metadata"].get("seat") == seat
        and (event["metadata"].get("command") or {}).get("type") != "start_game"
    }
    return len(commands)


async def test_an_unknown_bot_is_refused_with_the_bots_offered(client: AsyncClient) -> None:
    game_id = await new_table(client, "gnono")
    refused = await client.post(f"/games/{game_id}/seats", json={"bot": "deep blue"})
    assert (refused.status_code, refused.json()["code"]) == (422, "unknown_bot")
    assert "known: heuristic, random, search" in refused.json()["detail"]


@pytest.mark.parametrize(
    "think",
    [
        {"iterations": 0, "milliseconds": 200},
        {"iterations": 20_001, "milliseconds": 200},
        {"iterations": 100, "milliseconds": 9},
        {"iterations": 100, "milliseconds": 10_001},
    ],
)
async def test_a_budget_out_of_bounds_is_refused_with_the_bounds_and_seats_nobody(
    client: AsyncClient, think: dict[str, int]
) -> None:
    game_id = await new_table(client, "mad")
    refused = await client.post(f"/games/{game_id}/seats", json={"bot": "search", "think": think})
    assert (refused.status_code, refused.json()["code"]) == (422, "think_out_of_bounds")
    assert "1 to 20000 iterations and 10 to 10000 milliseconds" in refused.json()["detail"]
    assert (await view(client, game_id))["seats"] == []


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"bot": "heuristic", "think": QUICK_THINKING}, "think_without_search"),
        ({"name": "ada", "think": QUICK_THINKING}, "think_without_bot"),
    ],
)
async def test_a_budget_for_a_seat_that_does_not_think_is_refused(
    client: AsyncClient, body: dict[str, Any], code: str
) -> None:
    game_id = await new_table(client, "ecliptic")
    refused = await client.post(f"/games/{game_id}/seats", json=body)
    assert (refused.status_code, refused.json()["code"]) == (422, code)
    assert (await view(client, game_id))["seats"] == []

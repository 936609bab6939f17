"""A table's setup over HTTP: its size, its start when full, what only its host may do, and
its bots' pace."""

from datetime import datetime
from itertools import pairwise
from typing import Any

import asyncpg
from httpx import AsyncClient

from tests.api.players import bearer, ok, view
from tests.api.registered import register, seat_player
from tests.api.test_bots import (  # noqa: F401 (a fixture)
    bots,
    bots_seated,
    finished,
    new_table,
    seat,
    start,
)
from tests.api.test_clocks import until
from tests.projections.settle import settled


def problem(answer: Any, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    assert answer.headers["content-type"].startswith("application/problem+json")
    assert answer.json()["code"] == code


async def lobby_ids(client: AsyncClient, pool: asyncpg.Pool) -> set[str]:
    await settled(pool, ("lobby",))
    return {entry["game_id"] for entry in ok(await client.get("/lobby"))["items"]}


async def tables_of(client: AsyncClient, pool: asyncpg.Pool, player: str) -> list[str]:
    """The tables `GET /players/me/games` lists for the player (by token)."""
    await settled(pool, ("player_news",))
    page = ok(await client.get("/players/me/games", headers=bearer(player)))
    return [row["game_id"] for row in page["items"]]


async def test_a_two_seat_table_takes_two_people_and_leaves_the_lobby_once_full(
    client: AsyncClient, pool: asyncpg.Pool
) -> None:
    game_id = await new_table(client, "gnono", seats=2)
    await seat(client, game_id, {"name": "ada"})
    await settled(pool, ("lobby",))
    listed = {e["game_id"]: e for e in ok(await client.get("/lobby"))["items"]}
    assert (listed[game_id]["max_seats"], listed[game_id]["free_seats"]) == (2, 1)
    await seat(client, game_id, {"name": "bo"})
    third = await client.post(f"/games/{game_id}/seats", json={"name": "cy"})
    problem(third, 409, "table_full")
    assert game_id not in await lobby_ids(client, pool)
    assert [s["name"] for s in (await view(client, game_id))["seats"]] == ["ada", "bo"]


async def test_a_table_that_starts_when_full_starts_with_its_last_seat(
    client: AsyncClient,
) -> None:
    game_id = await new_table(client, "mad", seats=2, start_when_full=True)
    await seat(client, game_id, {"name": "ada"})
    assert (await view(client, game_id))["status"] == "open"
    await seat(client, game_id, {"name": "bo"})
    assert (await view(client, game_id))["status"] == "playing"


async def test_only_the_host_seats_bots_and_a_refusal_changes_nothing(
    client: AsyncClient,
) -> None:
    game_id = await new_table(client, "mad")
    host = await seat(client, game_id, {"name": "ada"})
    guest = await seat(client, game_id, {"name": "bo"})
    before = await view(client, game_id)
    problem(await client.post(f"/games/{game_id}/seats", json={"bot": "random"}), 403, "not_host")
    by_guest = await client.post(
        f"/games/{game_id}/seats", json={"bot": "random"}, headers=bearer(guest)
    )
    problem(by_guest, 403, "not_host")
    assert (await view(client, game_id))["version"] == before["version"]
    await seat(client, game_id, {"bot": "random"}, host=host)
    await seat(client, game_id, {"bot": "heuristic"}, host=host)
    names = [s["name"] for s in (await view(client, game_id))["seats"]]
    assert len(set(names)) == len(names) == 4


async def test_the_host_cancels_a_waiting_table_which_leaves_the_lobby(
    client: AsyncClient, pool: asyncpg.Pool
) -> None:
    game_id = await new_table(client, "gnono")
    host = await seat(client, game_id, {"name": "ada"})
    _, player = await register(client, "bo")
    guest = (await seat_player(client, game_id, player))["token"]
    assert await tables_of(client, pool, player) == [game_id]
    cancel = {"type": "cancel_table"}
    path = f"/games/{game_id}/commands"
    problem(await client.post(path, json=cancel, headers=bearer(guest)), 403, "not_host")
    assert game_id in await lobby_ids(client, pool)
    ok(await client.post(path, json=cancel, headers=bearer(host)))
    assert (await view(client, game_id))["status"] == "cancelled"
    events = ok(await client.get(f"/games/{game_id}/events"))
    assert events[-1]["event"] == {"type": "table.cancelled", "seat": 0}
    assert game_id not in await lobby_ids(client, pool)
    assert await tables_of(client, pool, player) == [], "no game to come at it"
    problem(
        await client.post(f"/games/{game_id}/seats", json={"name": "cy"}), 409, "table_not_open"
    )


async def test_bots_wait_their_tables_pace_before_each_move(
    client: AsyncClient,
    bots: Any,  # noqa: F811 (the fixture)
) -> None:
    pace = 0.3
    clock = {"turn_seconds": 3600}
    # Gnono: no seat empties a hand of 7 in fewer than 7 moves, so a game lasts 5 (a random
    # MAD game can end in 3)
    game_id = await new_table(client, "gnono", bot_pace=pace, clock=clock)
    tokens = await bots_seated(client, game_id, ["random", "random"])
    await start(client, game_id, tokens[0])

    def restarts(events: list[Any]) -> list[datetime]:
        return [
            datetime.fromisoformat(e["event"]["at"])
            for e in events
            if e["event"]["type"] == "table.clock_restarted"
        ]

    events = await until(client, game_id, lambda events: len(restarts(events)) >= 5, 30)
    times = restarts(events)
    gaps = [(later - earlier).total_seconds() for earlier, later in pairwise(times)]
    assert min(gaps) >= pace, gaps


async def test_a_quick_play_table_is_as_big_as_the_seats_it_waits_for(
    client: AsyncClient,
) -> None:
    placed = ok(
        await client.post("/quickplay", json={"kind": "onexeno", "seats": 3, "name": "q"}), 201
    )
    seen = await view(client, placed["game_id"], placed["token"])
    assert seen["setup"] == {"seats": 3}


async def test_a_game_started_by_its_last_seat_passes_its_audit(
    client: AsyncClient,
    bots: Any,  # noqa: F811 (the fixture)
) -> None:
    game_id = await new_table(client, "mad", seats=2, start_when_full=True)
    await bots_seated(client, game_id, ["heuristic", "random"])
    await finished(client, game_id)
    report = ok(await client.get(f"/games/{game_id}/audit"))
    assert report["ok"] is True, report["checks"]

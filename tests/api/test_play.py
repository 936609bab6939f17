"""Whole games over HTTP against real Postgres, through `legal_moves` only."""

import random

import pytest
from httpx import AsyncClient
from litestar.testing import AsyncTestClient

from api.main.app import create_app
from commands.log.registry import GAMES
from infra.process.settings import Settings
from tests.api.players import all_events, bearer, ok, open_table, play, view

MAX_COMMANDS = 5_000


@pytest.mark.parametrize("kind", list(GAMES))
async def test_a_whole_game_plays_to_the_end_over_http(client: AsyncClient, kind: str) -> None:
    rules = GAMES[kind]
    game_id, tokens = await open_table(client, kind, max(rules.min_seats, 2))
    final = await play(client, game_id, tokens, random.Random(kind), MAX_COMMANDS)
    assert final["status"] == "finished"
    assert sorted(s["seat"] for s in final["standings"]) == list(range(len(tokens)))
    assert min(s["place"] for s in final["standings"]) == 1
    assert len(final["seed"]) == 64, "the secret seed is revealed at the end"


async def test_a_gnono_match_runs_round_after_round_to_the_playout_score(
    client: AsyncClient,
) -> None:
    body = {"kind": "gnono", "options": {"hand_size": 7, "playout_score": 150}}
    game_id = ok(await client.post("/games", json=body), 201)["id"]
    tokens = [
        ok(await client.post(f"/games/{game_id}/seats", json={"name": f"p{n}"}), 201)["token"]
        for n in range(2)
    ]
    # A card played rather than drawn where there is a choice: random Gnono rounds run long.
    final = await play(client, game_id, tokens, random.Random(7), MAX_COMMANDS, "draw_card")
    assert final["status"] == "finished"
    assert max(final["game"]["scores"]) >= 150
    events = await all_events(client, game_id)
    assert sum(e["event"]["type"] == "gnono.round_scored" for e in events) >= 1


async def test_a_retried_command_appends_nothing(client: AsyncClient) -> None:
    game_id, tokens = await open_table(client, "gnono", 2)
    start = {"type": "start_game"}
    headers = {**bearer(tokens[0]), "Idempotency-Key": f"start-{game_id}"}
    first = ok(await client.post(f"/games/{game_id}/commands", json=start, headers=headers))
    again = ok(await client.post(f"/games/{game_id}/commands", json=start, headers=headers))
    assert again["version"] == first["version"]
    assert (await view(client, game_id))["version"] == first["version"]


async def test_a_retried_table_request_returns_the_same_game(client: AsyncClient) -> None:
    headers = {"Idempotency-Key": "create-once-9f2c"}
    first = await client.post("/games", json={"kind": "gnono"}, headers=headers)
    again = await client.post("/games", json={"kind": "gnono"}, headers=headers)
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["id"] == again.json()["id"]


async def test_a_game_goes_on_after_a_restart(settings: Settings) -> None:
    rng = random.Random(11)
    async with AsyncTestClient(create_app(settings)) as first:
        game_id, tokens = await open_table(first, "mad", 3)
        halfway = await play(first, game_id, tokens, rng, 6)
        seat_views = [await view(first, game_id, token) for token in tokens]
    async with AsyncTestClient(create_app(settings)) as second:
        assert await view(second, game_id) == halfway
        assert [await view(second, game_id, token) for token in tokens] == seat_views
        final = await play(second, game_id, tokens, rng, MAX_COMMANDS)
    assert final["status"] == "finished"


async def test_an_onexeno_session_of_partners_plays_hand_after_hand(client: AsyncClient) -> None:
    game_id, tokens = await open_table(client, "onexeno", 4, {"teams": 2, "hands": 2})
    final = await play(client, game_id, tokens, random.Random(12), MAX_COMMANDS)
    assert final["status"] == "finished"
    places = {s["seat"]: s["place"] for s in final["standings"]}
    assert places[0] == places[2] and places[1] == places[3], "partners share their place"
    events = await all_events(client, game_id)
    assert sum(e["event"]["type"] == "onexeno.hand_ended" for e in events) == 2
    assert sum(e["event"]["type"] == "onexeno.hand_dealt" for e in events) == 2


async def test_metrics_count_accepted_and_refused_commands(client: AsyncClient) -> None:
    def series(text: str, name: str) -> float:
        rows = [line for line in text.splitlines() if line.startswith(name)]
        return sum(float(line.rsplit(" ", 1)[1]) for line in rows)

    before = (await client.get("/metrics")).text
    game_id, tokens = await open_table(client, "mad", 2)
    ok(
        await client.post(
            f"/games/{game_id}/commands", json={"type": "start_game"}, headers=bearer(tokens[0])
        )
    )
    await client.post(
        f"/games/{game_id}/commands", json={"type": "start_game"}, headers=bearer(tokens[0])
    )
    after = (await client.get("/metrics")).text
    accepted = "cardroom_commands_accepted_total"
    assert series(after, accepted) - series(before, accepted) >= 4  # create, two seats, start
    refused = 'cardroom_commands_refused_total{code="already_started"}'
    assert series(after, refused) - series(before, refused) == 1
    assert "cardroom_append_seconds_count" in after and "cardroom_live_connections" in after

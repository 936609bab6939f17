"""Players: a handle registered once, a token shown once, seats linked to the player."""

import hashlib

import asyncpg
from httpx import AsyncClient

from tests.api.players import bearer, ok, view
from tests.api.registered import register, seat_player


def problem(answer: object, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text  # type: ignore[attr-defined]
    assert answer.json()["code"] == code  # type: ignore[attr-defined]


async def test_a_handle_is_registered_once_with_a_token_stored_only_as_its_hash(
    client: AsyncClient, pool: asyncpg.Pool
) -> None:
    handle, token = await register(client)
    for taken in (handle, handle.upper(), handle.title(), f" {handle} "):
        problem(await client.post("/players", json={"handle": taken}), 409, "handle_taken")
    full_width = "".join(chr(ord(c) + 0xFEE0) if c.isalnum() else c for c in handle)
    problem(await client.post("/players", json={"handle": full_width}), 409, "handle_taken")
    stored = await pool.fetchval("SELECT token_hash FROM player_tokens WHERE handle = $1", handle)
    assert bytes(stored) == hashlib.sha256(token.encode()).digest()
    logged = await pool.fetch(
        "SELECT type, data FROM events WHERE stream_id = $1", f"player:{handle}"
    )
    assert [row["type"] for row in logged] == ["player.registered"]
    assert token not in logged[0]["data"]


async def test_a_bad_handle_is_refused_and_records_nothing(
    client: AsyncClient, pool: asyncpg.Pool
) -> None:
    before = await pool.fetchval("SELECT count(*) FROM events")
    for handle in ("", "   ", "x" * 41, "a\x00b", "a/b", "bot:random", "BOT:random"):
        problem(await client.post("/players", json={"handle": handle}), 422, "invalid_handle")
    problem(await client.post("/players", json={"name": "ada"}), 400, "invalid_body")
    assert await pool.fetchval("SELECT count(*) FROM events") == before


async def test_a_seat_taken_with_a_player_token_is_the_players_and_records_the_handle(
    client: AsyncClient,
) -> None:
    handle, token = await register(client)
    game_id = ok(await client.post("/games", json={"kind": "mad"}), 201)["id"]
    seat = await seat_player(client, game_id, token)
    seen = await view(client, game_id, seat["token"])
    assert seen["seats"][0] == {"name": handle, "bot": None, "player": handle}
    events = ok(await client.get(f"/games/{game_id}/events"))
    taken = next(e["event"] for e in events if e["event"]["type"] == "table.seat_taken")
    assert taken["player"] == handle


async def test_a_player_holds_one_seat_per_table_while_casual_seats_stay_open(
    client: AsyncClient,
) -> None:
    _, token = await register(client)
    game_id = ok(await client.post("/games", json={"kind": "gnono"}), 201)["id"]
    await seat_player(client, game_id, token)
    again = await client.post(f"/games/{game_id}/seats", json={}, headers=bearer(token))
    problem(again, 409, "already_seated")
    casual = ok(await client.post(f"/games/{game_id}/seats", json={"name": "bo"}), 201)
    assert casual["seat"] == 1
    assert (await view(client, game_id))["seats"][1]["player"] is None


async def test_a_token_of_no_player_takes_no_seat(client: AsyncClient) -> None:
    game_id = ok(await client.post("/games", json={"kind": "gnono"}), 201)["id"]
    wrong = await client.post(f"/games/{game_id}/seats", json={}, headers=bearer("nobody's"))
    problem(wrong, 403, "wrong_token")
    assert (await view(client, game_id))["seats"] == []

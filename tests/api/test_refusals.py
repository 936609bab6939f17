"""Bad input gets a documented 4xx problem with a stable code, and the log stays unchanged."""

from typing import Any

import pytest
from httpx import AsyncClient

from tests.api.players import bearer, ok, open_table, view

PROBLEM = "application/problem+json"


def problem(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    assert response.json()["code"] == code


async def started_table(client: AsyncClient) -> tuple[str, list[str]]:
    game_id, tokens = await open_table(client, "gnono", 3)
    start = {"type": "start_game"}
    ok(await client.post(f"/games/{game_id}/commands", json=start, headers=bearer(tokens[0])))
    return game_id, tokens


async def versions(client: AsyncClient, game_id: str) -> int:
    return int((await view(client, game_id))["version"])


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        (b'{"kind": "gnono"', 400, "malformed_json"),
        (b'{"kind": "gnono", "colour": "red"}', 400, "invalid_body"),
        (b'{"kind": 7}', 400, "invalid_body"),
        (b'{"kind": "chess"}', 422, "unknown_kind"),
        (b'{"kind": "gnono", "options": {"hand_size": 9}}', 422, "invalid_options"),
        (b'{"kind": "gnono", "options": {"jokers": true}}', 422, "invalid_options"),
    ],
)
async def test_a_bad_table_request_is_refused(
    client: AsyncClient, body: bytes, status: int, code: str
) -> None:
    headers = {"content-type": "application/json"}
    problem(await client.post("/games", content=body, headers=headers), status, code)


async def test_an_unknown_game_is_not_found(client: AsyncClient) -> None:
    problem(await client.get("/games/no-such-game"), 404, "game_not_found")
    problem(
        await client.post("/games/no-such-game/seats", json={"name": "x"}), 404, "game_not_found"
    )


async def test_a_path_or_method_the_service_does_not_serve_is_a_problem(
    client: AsyncClient,
) -> None:
    problem(await client.get("/no/such/path"), 404, "not_found")
    problem(await client.delete("/games/kinds"), 405, "method_not_allowed")


async def test_a_command_without_a_token_is_refused_and_changes_nothing(
    client: AsyncClient,
) -> None:
    game_id, _ = await started_table(client)
    before = await versions(client, game_id)
    problem(
        await client.post(f"/games/{game_id}/commands", json={"type": "draw_card"}),
        401,
        "missing_token",
    )
    assert await versions(client, game_id) == before


async def test_a_token_of_another_game_is_refused(client: AsyncClient) -> None:
    game_id, _ = await started_table(client)
    _, other_tokens = await open_table(client, "gnono", 2)
    before = await versions(client, game_id)
    sent = await client.post(
        f"/games/{game_id}/commands", json={"type": "draw_card"}, headers=bearer(other_tokens[0])
    )
    problem(sent, 403, "wrong_token")
    problem(await client.get(f"/games/{game_id}", headers=bearer("forged")), 403, "wrong_token")
    assert await versions(client, game_id) == before


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (b"{not json", "malformed_json"),
        (b'{"type": "draw_card", "cheat": true}', "invalid_command"),
        (b'{"type": "castle_kingside"}', "invalid_command"),
        (b"[]", "invalid_command"),
    ],
)
async def test_a_malformed_command_is_refused_and_changes_nothing(
    client: AsyncClient, body: bytes, code: str
) -> None:
    game_id, tokens = await started_table(client)
    before = await versions(client, game_id)
    sent = await client.post(f"/games/{game_id}/commands", content=body, headers=bearer(tokens[0]))
    problem(sent, 400, code)
    assert await versions(client, game_id) == before


async def test_a_move_out_of_turn_is_refused_and_changes_nothing(client: AsyncClient) -> None:
    game_id, tokens = await started_table(client)
    views = [await view(client, game_id, token) for token in tokens]
    mover = next(seat for seat, seen in enumerate(views) if seen["legal_moves"])
    idle = next(seat for seat, seen in enumerate(views) if not seen["legal_moves"])
    before = await versions(client, game_id)
    move = views[mover]["legal_moves"][0]
    sent = await client.post(f"/games/{game_id}/commands", json=move, headers=bearer(tokens[idle]))
    problem(sent, 409, "not_your_turn")
    assert await versions(client, game_id) == before


async def test_a_full_table_refuses_another_seat(client: AsyncClient) -> None:
    game_id, _ = await open_table(client, "gnono", 10)
    problem(await client.post(f"/games/{game_id}/seats", json={"name": "late"}), 409, "table_full")


async def test_seats_are_not_taken_after_the_start(client: AsyncClient) -> None:
    game_id, _ = await started_table(client)
    problem(
        await client.post(f"/games/{game_id}/seats", json={"name": "late"}), 409, "table_not_open"
    )


async def test_a_blank_name_is_refused(client: AsyncClient) -> None:
    game_id, _ = await open_table(client, "gnono", 0)
    problem(await client.post(f"/games/{game_id}/seats", json={"name": "  "}), 422, "invalid_name")

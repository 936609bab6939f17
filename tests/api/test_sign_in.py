"""Signing in on another browser with a player's token, and what the lobby says of kinds."""

from httpx import AsyncClient

from commands.log.registry import GAMES
from tests.api.players import bearer, ok
from tests.api.registered import register


async def test_a_player_token_signs_in_as_its_player(client: AsyncClient) -> None:
    handle, token = await register(client)
    assert ok(await client.get("/player", headers=bearer(token))) == {"handle": handle}


async def test_signing_in_without_a_players_token_is_refused(client: AsyncClient) -> None:
    missing = await client.get("/player")
    assert (missing.status_code, missing.json()["code"]) == (401, "missing_token")
    wrong = await client.get("/player", headers=bearer("nobody's"))
    assert (wrong.status_code, wrong.json()["code"]) == (403, "wrong_token")


async def test_every_kind_says_what_it_is_and_how_long_it_lasts(client: AsyncClient) -> None:
    kinds = ok(await client.get("/games/kinds"))
    assert {kind["kind"] for kind in kinds} == set(GAMES)
    for kind in kinds:
        assert kind["blurb"].endswith("."), kind["kind"]
        low, high = kind["minutes"]
        assert 0 < low <= high, kind["kind"]

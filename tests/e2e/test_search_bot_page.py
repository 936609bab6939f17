"""The search bot in the web client: picked for the other seats, and played to the end."""

from typing import Any

import httpx

from tests.e2e.browser import needs_chromium
from tests.e2e.webclient import PLAYER, checked_standings, play_by_clicking, seat_against_bots

pytestmark = needs_chromium


def test_a_person_picks_the_search_bot_and_plays_a_whole_game_against_it(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    options = {"hand_sizes": [2, 9, 8, 7, 6]}  # MAD with two-card hands: a few moves each
    game_id = seat_against_bots(page, base, "mad", 2, options, bot="search")

    clicks = play_by_clicking(page)

    final = web_service.get(f"/games/{game_id}").json()
    assert final["status"] == "finished"
    assert final["seats"][0]["name"] == PLAYER
    assert final["seats"][1]["bot"] == "search"
    assert final["seats"][1]["name"] not in ("", PLAYER), "the bot has a name of its own"
    checked_standings(page, final)
    assert clicks > 1  # the start and at least one move

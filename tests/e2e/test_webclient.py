"""The web client the service serves, driven in chromium by clicking only."""

from typing import Any

import httpx

from tests.e2e.browser import needs_chromium
from tests.e2e.webclient import PLAYER, checked_standings, play_by_clicking, seat_against_bots

pytestmark = needs_chromium


def test_a_person_plays_a_whole_game_by_clicking_against_bots(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    # MAD with two-card hands at two seats: a few moves each.
    options = {"hand_sizes": [2, 9, 8, 7, 6]}
    game_id = seat_against_bots(page, base, "mad", 2, options, bot="heuristic")

    clicks = play_by_clicking(page)

    final = web_service.get(f"/games/{game_id}").json()
    assert final["status"] == "finished"
    assert final["seats"][0] == {"name": PLAYER, "bot": None, "player": None}
    assert final["seats"][1]["bot"] == "heuristic"
    shown = checked_standings(page, final)
    assert [row["place"] for row in shown] == sorted(row["place"] for row in shown)
    assert clicks > 1  # the start and at least one move

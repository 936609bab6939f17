"""Gnono's board in the web client: a person plays a whole game against a bot by clicking
only, wilds by their card then their colour, and the standings shown are the service's."""

import re
import time
from typing import Any

import httpx

from tests.e2e.browser import needs_chromium
from tests.e2e.webclient import (
    LAPTOP,
    PLAYER,
    checked_standings,
    play_by_clicking,
    screenshots_at_both_widths,
    seat_against_bots,
)

pytestmark = needs_chromium

DEAL_SECONDS = 90
"""The longest the round may take to be dealt, clicks and bots included."""
HAND = ".gnono__cards .card"


def test_a_person_plays_gnono_to_the_end_by_clicking(page: Any, web_service: httpx.Client) -> None:
    base = str(web_service.base_url).rstrip("/")
    # Two seats and a playout score of 1: the first round's winner almost surely wins the game.
    game_id = seat_against_bots(page, base, "gnono", 2, {"playout_score": 1})
    page.set_viewport_size(LAPTOP)
    play_by_clicking_until(page, HAND, time.monotonic() + DEAL_SECONDS)
    page.wait_for_selector(".gnono__turn--you")  # a seven-card hand cannot end before it

    assert page.locator(HAND).count() >= 1
    assert page.locator(".gnono__discard .card").count() == 1
    count = page.locator(".gnono__opponent[data-seat='1'] .gnono__count").inner_text()
    assert re.fullmatch(r"\d+ cards?", count), count
    screenshots_at_both_widths(page, "gnono")

    clicks = play_by_clicking(page)

    final = web_service.get(f"/games/{game_id}").json()
    assert final["status"] == "finished"
    assert final["seats"][0] == {"name": PLAYER, "bot": None, "player": None}
    checked_standings(page, final)
    assert clicks >= 1


def play_by_clicking_until(page: Any, selector: str, deadline: float) -> None:
    """Clicks legal moves (the start first) until `selector` shows: the round is dealt."""
    while not page.locator(selector).count():
        assert time.monotonic() < deadline, "the round was not dealt in time"
        page.wait_for_selector(f"[data-action], {selector}", timeout=10_000)
        start = page.locator("[data-action]:not([disabled])")
        if start.count() and not page.locator(selector).count():
            start.first.click()
            page.wait_for_selector(selector, timeout=10_000)

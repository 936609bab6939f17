"""Ecliptic's board in the web client: a person plays a whole game against a bot by clicking
only, each turn by its pair's two cards and then the card to place, and the standings shown
are the service's. Whole turns are played up to a board worth looking at, then clicks are
made at random to the end."""

import random
import re
import time
from collections.abc import Callable
from typing import Any

import httpx
from playwright.sync_api import Error as PlaywrightError

from tests.e2e.browser import needs_chromium
from tests.e2e.webclient import (
    ACTIONS,
    CHANGE_MS,
    LAPTOP,
    PLAYER,
    SNAPSHOT,
    STANDINGS,
    checked_standings,
    play_by_clicking,
    screenshots_at_both_widths,
    seat_against_bots,
)

pytestmark = needs_chromium

GAME_SECONDS = 50
"""The longest the board may take to come to the state looked at, clicks and bots included."""
SIGNS = {"leo": 5, "scorpio": 8}
"""The seats' own signs, in seat order, as the table is opened with them."""
YOUR_TURN = ".ecliptic__turn--you"
PLACED = ".ecliptic__slot .ecliptic__card"
PAIR = "[data-action^='pair ']:not([disabled])"
PLACE = "[data-action^='place ']:not([disabled])"
PICKED = ".ecliptic__cards--hand .card--selected"


def test_a_person_plays_ecliptic_to_the_end_by_clicking(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    game_id = seat_against_bots(page, base, "ecliptic", 2, {"signs": list(SIGNS)})
    page.set_viewport_size(LAPTOP)
    deadline = time.monotonic() + GAME_SECONDS
    page.locator("[data-action='start game']").click()
    play_turns_until(page, lambda: page.locator(PLACED).count() >= 6, deadline)

    table = web_service.get(f"/games/{game_id}").json()["game"]
    assert page.locator(YOUR_TURN).inner_text().startswith("Your turn")
    assert page.locator(".ecliptic__column").count() == 12
    for seat, sign in enumerate(SIGNS.values()):
        own = f".ecliptic__column[data-sign='{sign}'] .ecliptic__slot--own[data-seat='{seat}']"
        assert page.locator(own).count() == 1
        points = page.locator(f".ecliptic__points[data-seat='{seat}'] strong").inner_text()
        assert int(points) == table["points"][seat]
    assert page.locator(PLACED).count() == sum(
        card is not None for line in table["lines"] for card in line
    )
    count = page.locator(".ecliptic__opponent[data-seat='1'] .ecliptic__count").inner_text()
    assert re.fullmatch(rf"{table['hand_sizes'][1]} cards? in hand", count), count
    assert page.locator(PLACE).count() == 0  # the card to place is offered once a pair is picked
    page.locator(PAIR).first.click()
    page.wait_for_selector(PICKED)
    page.locator(PAIR).first.click()
    page.wait_for_selector(PLACE)
    assert page.locator(PICKED).count() == 2
    screenshots_at_both_widths(page, "ecliptic")

    clicks = play_by_clicking(page)

    final = web_service.get(f"/games/{game_id}").json()
    assert final["status"] == "finished"
    assert final["seats"][0] == {"name": PLAYER, "bot": None, "player": None}
    checked_standings(page, final)
    assert page.locator(".ecliptic__turn").inner_text().startswith("Game over")
    assert clicks >= 1


def play_turns_until(page: Any, done: Callable[[], bool], deadline: float) -> None:
    """Plays whole turns by clicking until `done()` holds as the person's turn begins (a pair
    to pick): a card to place or to keep when one is offered, else a card for the pair, each
    chosen at random."""
    rng = random.Random(0)
    while True:
        assert time.monotonic() < deadline, "the board did not come to the state wanted in time"
        page.wait_for_selector(f"{ACTIONS}, {STANDINGS}")
        assert not page.locator(STANDINGS).count(), "the game ended first"
        if page.locator(PAIR).count() and not page.locator(PICKED).count() and done():
            return
        offered = page.eval_on_selector_all(ACTIONS, "found => found.map((e) => e.dataset.action)")
        finishing = [action for action in offered if action.startswith(("place ", "keep "))]
        pairing = [action for action in offered if action.startswith("pair ")]
        choices = finishing or pairing or offered
        if not choices:
            continue
        before = page.evaluate(SNAPSHOT)
        try:
            page.locator(f'[data-action="{rng.choice(choices)}"]').click(timeout=CHANGE_MS)
            changed = f"(before) => ({SNAPSHOT})() !== before"
            page.wait_for_function(changed, arg=before, timeout=CHANGE_MS)
        except PlaywrightError:
            pass  # the board changed under the click: look again

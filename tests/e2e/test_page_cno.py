"""CNO Cycle's board in the web client: a person races a bot by clicking only, laying each
card in two steps (the card, then its pile) or one when it has a single place, and the
standings shown at the end are the service's. The bot is the random one: the heuristic bot,
moving every 50 ms, ends the round before a person's clicks have much to do."""

import random
import re
from typing import Any

import httpx
from playwright.sync_api import Error as PlaywrightError

from tests.e2e.browser import needs_chromium
from tests.e2e.webclient import (
    ACTIONS,
    LAPTOP,
    LOOK_MS,
    MOST_LOOKS,
    PLAYER,
    SNAPSHOT,
    STANDINGS,
    checked_standings,
    screenshots_at_both_widths,
    seat_against_bots,
)

pytestmark = needs_chromium

SMALLEST_DECKS = {"copies": [2] * 13}
OWN_SLOTS = ".cno__own .cno__slot"
CLICK_MS = 2_000
"""How long one click, and the change it brings, may take before the loop looks again."""
PREFERENCES = (
    '[data-action^="pile "], [data-action="new pile"], [data-action="set aside"]',
    '[data-action="declare done"]',
    ".cno__own button.card[data-action]",
    '[data-action="cycle hand"]',
)
"""What a quick player clicks first: the place for the card just picked, Done as soon as it
is offered, a card that can be laid, and only then the hand's cycle."""


def test_a_person_plays_cno_to_the_end_by_clicking(page: Any, web_service: httpx.Client) -> None:
    base = str(web_service.base_url).rstrip("/")
    game_id = seat_against_bots(page, base, "cno", 2, SMALLEST_DECKS, bot="random")
    page.set_viewport_size(LAPTOP)
    page.click('[data-action="start game"]')
    page.click('[data-action="cycle hand"]')  # offered once the round is dealt: 15 cards in hand
    page.wait_for_selector('[data-action="cycle hand"]')  # offered again once the cycle is played

    assert page.locator(OWN_SLOTS).count() == 6  # the four row slots, the stock and the hand
    opponent = page.locator(".cno__opponent[data-seat='1']")
    assert opponent.locator(".cno__mini-group").first.locator(".cno__small").count() == 4
    hand = opponent.locator("[data-field='hand']").inner_text()
    assert re.fullmatch(r"hand \d+", hand), hand
    assert page.locator(".cno__scores tbody tr").count() == 2
    page.mouse.move(0, 0)  # no button drawn as hovered
    screenshots_at_both_widths(page, "cno")

    play_cno_by_clicking(page)

    final = web_service.get(f"/games/{game_id}").json()
    assert final["status"] == "finished"
    assert final["seats"][0] == {"name": PLAYER, "bot": None, "player": None}
    checked_standings(page, final)
    assert moves_of(web_service, game_id, seat=0) >= 1  # the cycle at least


def moves_of(web_service: httpx.Client, game_id: str, seat: int) -> int:
    """How many of the game's events record a move of `seat`: its clicks that were played."""
    events = web_service.get(f"/games/{game_id}/events", params={"limit": 1000}).json()
    return sum(
        1
        for each in events
        if each["event"]["type"].startswith("cno.") and each["event"].get("seat") == seat
    )


def play_cno_by_clicking(page: Any) -> None:
    """Clicks `[data-action]` elements in the order of `PREFERENCES` until the standings show.
    The bot races every click, so a card may go from under it or a command may come back
    refused: both are part of play."""
    rng = random.Random(0)
    clicks = 0
    for _ in range(MOST_LOOKS):
        page.wait_for_selector(f"{ACTIONS}, {STANDINGS}", timeout=LOOK_MS)
        if page.locator(STANDINGS).count():
            return
        for preferred in PREFERENCES:
            actions = page.locator(f"{preferred}:not([disabled])")
            count = actions.count()
            if count:
                click_and_wait(page, actions.nth(rng.randrange(count)))
                clicks += 1
                break
    raise AssertionError(f"the game did not end within {MOST_LOOKS} looks ({clicks} clicks)")


def click_and_wait(page: Any, action: Any) -> None:
    """One click and the change it brings, unless the element went away first."""
    before = page.evaluate(SNAPSHOT)
    changed = f"(before) => ({SNAPSHOT})() !== before"
    try:
        action.click(timeout=CLICK_MS)
        page.wait_for_function(changed, arg=before, timeout=CLICK_MS)
    except PlaywrightError:
        pass  # the bot took the card or the pile first: look again

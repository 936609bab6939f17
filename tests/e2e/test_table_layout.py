"""A table's layout, measured in the browser for every kind at a phone's size (390x844) and a
laptop's (1280x800): the board is drawn at its own size (never scaled), no text a person
reads at the table is under 12 px or cut short, every control a person taps is at least
44x44 px, both when a move is offered and once a card is chosen, and opening the rules leaves
the board's box as it was. On a phone, a card chosen from the hand's dock brings the places it
may go above the dock."""

import contextlib
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.e2e.axe import serious_violations
from tests.e2e.browser import SCREENSHOTS, needs_chromium
from tests.e2e.webclient import ACTIONS, CHANGE_MS, seat_against_bots

pytestmark = needs_chromium

SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}
SMALLEST_TEXT = 12
SMALLEST_TARGET = 44
HAND = {
    "gnono": ".gnono__hand",
    "mad": ".mad__hand",
    "onexeno": ".onexeno__hand",
    "ecliptic": ".ecliptic__hand",
    "cno": ".cno__own",
}
"""Where each board draws the person's own cards."""
BOTS = {"cno": "random"}
"""CNO has no turns: its heuristic bots may end a round before anything is measured."""
PACE = {"cno": "1.5"}
"""CNO's easy bots, still between moves long enough for the board to be compared."""
BEGIN = '[data-action^="start"], [data-action^="deal"]'
MOVE = (
    '[data-status="playing"] .felt [data-action]:not([disabled])'
    ':not([data-action^="start"]):not([data-action^="deal"])'
)
"""A move of the game itself offered to the person."""
SECONDS = 60
"""The longest the table may take to offer the person a move."""

SMALL_TEXT = """(smallest) => {
  const main = document.querySelector("main.table-page");
  const found = [];
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const element = node.parentElement;
    if (!text || !element.checkVisibility({ visibilityProperty: true })) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) continue;  // visually hidden: for screen readers
    // The size drawn: the computed size times any scale the element is drawn at (a box
    // drawn a little narrower than its whole-pixel width is only rounding).
    const drawn = element.getBoundingClientRect().width;
    const ratio = element.offsetWidth ? drawn / element.offsetWidth : 1;
    const size = parseFloat(getComputedStyle(element).fontSize) * (ratio < 0.97 ? ratio : 1);
    if (size < smallest - 0.01) found.push(`${text.slice(0, 30)}: ${size.toFixed(1)} px`);
  }
  for (const element of main.querySelectorAll("*")) {  // words cut short with an ellipsis
    const cut = element.scrollWidth > element.clientWidth;
    if (cut && getComputedStyle(element).textOverflow === "ellipsis")
      found.push(`${element.textContent.slice(0, 30)}: cut`);
  }
  return found;
}"""
SMALL_TARGETS = """(smallest) => {
  const main = document.querySelector("main.table-page");
  const taps = main.querySelectorAll("button, a[href], summary, select, [data-action], "
    + "input:not([type=checkbox]):not([type=radio]), label:has(input)");
  return [...taps]
    .filter((element) => element.checkVisibility({ visibilityProperty: true }))
    .filter((element) => !element.matches("label input"))
    .map((element) => [element, element.getBoundingClientRect()])
    .filter(([, box]) => box.width < smallest - 0.5 || box.height < smallest - 0.5)
    .map(([element, box]) => `${element.tagName.toLowerCase()} "${(element.dataset.action
      ?? element.getAttribute("aria-label") ?? element.textContent).trim().slice(0, 30)}":`
      + ` ${box.width.toFixed(0)}x${box.height.toFixed(0)}`);
}"""
BOARD = """() => {
  const felt = document.querySelector(".felt");
  const board = felt.firstElementChild;
  const box = felt.getBoundingClientRect();
  return {
    version: document.querySelector("[data-version]").dataset.version,
    box: [box.x, box.y + window.scrollY, box.width, box.height],
    transform: board ? getComputedStyle(board).transform : "none",
  };
}"""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind", HAND)
def test_the_table_reads_and_taps_at_full_size_and_the_rules_open_over_it(
    page: Any, web_service: httpx.Client, kind: str, size: str
) -> None:
    base = str(web_service.base_url).rstrip("/")
    page.set_viewport_size(SIZES[size])
    seat_against_bots(page, base, kind, 2, {}, BOTS.get(kind, "heuristic"), PACE.get(kind, "0"))
    wait_for_a_move(page)
    page.mouse.move(0, 0)
    assert page.evaluate(BOARD)["transform"] == "none"
    assert page.evaluate(SMALL_TEXT, SMALLEST_TEXT) == []
    assert page.evaluate(SMALL_TARGETS, SMALLEST_TARGET) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"layout-{kind}-{size}.png")

    # A card chosen: a place to put it, a rotation, a colour... (or the card played, or the
    # one move there is, a draw, made); if the table moved on under the click, what it shows
    # now is measured.
    own = page.locator(f"{HAND[kind]} {ACTIONS}")
    with contextlib.suppress(PlaywrightError):
        (own if own.count() else page.locator(f".felt {ACTIONS}")).first.click(timeout=CHANGE_MS)
    page.mouse.move(0, 0)
    assert page.evaluate(SMALL_TEXT, SMALLEST_TEXT) == []
    assert page.evaluate(SMALL_TARGETS, SMALLEST_TARGET) == []
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.screenshot(path=SCREENSHOTS / f"layout-{kind}-{size}-chosen.png")
    page.evaluate("window.scrollTo(0, 0)")

    the_rules_open_over_the_board(page, SCREENSHOTS / f"layout-{kind}-{size}-rules.png")
    assert serious_violations(page) == []


CHOSEN_PLACE = """() => {
  const place = document.querySelector(".mad__target").getBoundingClientRect();
  return { top: place.top, bottom: place.bottom,
           dock: document.querySelector(".dock").getBoundingClientRect().top };
}"""


def test_a_card_chosen_on_a_phone_brings_the_places_it_may_go_above_the_hand(
    page: Any, web_service: httpx.Client
) -> None:
    """The hand's dock stays at the bottom of a phone's screen, over the lower part of the
    table: a card chosen from it (the page scrolled down to the hand) brings the Core to the
    top of the screen, the places the card may go in view above the dock."""
    page.set_viewport_size(SIZES["phone"])
    seat_against_bots(page, str(web_service.base_url).rstrip("/"), "mad", 2, {}, "heuristic", "0")
    wait_for_a_move(page)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.locator(f"{HAND['mad']} {ACTIONS}").first.click()
    expect(page.locator(".mad__target").first).to_be_attached()
    deadline = time.monotonic() + 5
    while True:  # the scroll is smooth: wait until it has stopped
        shown = page.evaluate(CHOSEN_PLACE)
        if (shown["top"] >= 0 and shown["bottom"] <= shown["dock"]) or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    page.screenshot(path=SCREENSHOTS / "layout-mad-phone-placing.png")
    assert shown["top"] >= 0, f"the first place is above the screen: {shown}"
    assert shown["bottom"] <= shown["dock"], f"the hand's dock covers the first place: {shown}"


def wait_for_a_move(page: Any) -> None:
    """Starts the game (and deals, at CNO) until the board offers the person a move."""
    deadline = time.monotonic() + SECONDS
    while not page.locator(MOVE).count():
        assert time.monotonic() < deadline, "no move was offered in time"
        page.wait_for_selector(f"{MOVE}, {BEGIN}", timeout=SECONDS * 1000)
        begin = page.locator(BEGIN)
        if begin.count():  # taken away under the click (another seat began): look again
            with contextlib.suppress(PlaywrightError):
                begin.first.click(timeout=CHANGE_MS)


def the_rules_open_over_the_board(page: Any, screenshot: Path) -> None:
    """Opens "How to play" and closes it again, the board's box the same before and while it
    is open; at a table in play the board may change under a bot's move, and then the
    comparison is made again."""
    for _ in range(10):
        before = page.evaluate(BOARD)
        page.get_by_role("button", name="How to play").click()
        rules = page.locator('[data-testid="how-to-play"]')
        expect(rules).to_be_visible()
        assert "Scoring" in rules.inner_text()
        during = page.evaluate(BOARD)
        page.screenshot(path=screenshot)
        rules.get_by_role("button", name="close").click()
        expect(rules).to_be_hidden()
        if before["version"] == during["version"]:
            assert during["box"] == before["box"]
            return
    raise AssertionError("the table never stood still long enough to compare")

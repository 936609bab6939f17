"""The game tables for people who do not tell colours apart, who use a screen reader or who
use the keyboard: every coloured card says its colour in words, cards that cannot be played
are dimmed without losing their hue or the contrast of their words, every cell of a board
has a name that says where it is and what is there, the arrow keys move between the cells
of a grid, and axe-core finds no serious problem at the table."""

import random
import re
import time
from contextlib import suppress
from typing import Any

import httpx
from playwright.sync_api import Error as PlaywrightError

from tests.e2e.axe import serious_violations
from tests.e2e.browser import needs_chromium
from tests.e2e.webclient import ACTIONS, EASY, LAPTOP, seat_against_bots

pytestmark = needs_chromium

TURNS = 40
"""The most moves a test makes to reach the sight it looks for."""
COLOURS = ("red", "blue", "green", "yellow")
ACTION_WORDS = ("Skip", "Reverse", "Take Two")
SEEN = 10_000
"""Milliseconds to wait for a board to show what a test looks for."""
STEP = 2_000
"""Milliseconds to wait for the version a click leads to."""

CARD_FACTS = """(cards) => cards.map((card) => ({
  classes: card.className,
  text: card.innerText.replace(/\\s+/g, " ").trim(),
  name: (card.getAttribute("aria-label") || card.innerText).replace(/\\s+/g, " ").trim(),
  small: Boolean(card.closest(".gnono__open")),
}))"""

DIMMED = """() => {
  const luminance = (colour) => {
    const [r, g, b] = colour.match(/[\\d.]+/g).slice(0, 3).map((part) => {
      const value = Number(part) / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a, b) => {
    const [low, high] = [luminance(a), luminance(b)].sort((x, y) => x - y);
    return (high + 0.05) / (low + 0.05);
  };
  const faded = (element) => {
    for (let at = element; at; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (Number(style.opacity) < 1 || style.filter !== "none") return true;
    }
    return false;
  };
  const cards = [...document.querySelectorAll(".cards--dim .card:not(button):not(.card--back)")];
  return cards.filter((card) => card.querySelector("span")).map((card) => {
    const style = getComputedStyle(card);
    const words = [...card.querySelectorAll(":scope > span")].map((span) => {
      const own = getComputedStyle(span);
      return contrast(own.color, own.backgroundColor);
    });
    return {
      hatched: style.backgroundImage.includes("gradient"),
      background: style.backgroundColor,
      faded: faded(card),
      contrast: Math.min(...words),
    };
  });
}"""


def test_every_gnono_card_says_its_colour_and_dims_without_losing_it(
    page: Any, web_service: httpx.Client
) -> None:
    options = {"playout_score": 1, "hand_size": 11}  # many cards: an action card soon
    open_table(page, web_service, "gnono", options)
    rng = random.Random(0)
    actions_seen = dimmed_seen = 0
    for _ in range(TURNS):
        page.wait_for_selector(".gnono__turn--you, [data-testid='standings']", timeout=SEEN)
        if page.locator("[data-testid='standings']").count():  # over too soon: another deal
            open_table(page, web_service, "gnono", options)
            continue
        cards = page.eval_on_selector_all(".gnono .card:not(.card--back)", CARD_FACTS)
        for card in cards:
            colour = next((c for c in COLOURS if f"card--{c}" in card["classes"]), None)
            if colour is None:
                continue
            assert colour in card["name"].split(), card
            if not card["small"]:
                assert colour in card["text"].lower(), card
            if any(word in card["name"] for word in ACTION_WORDS):
                actions_seen += 1
        for dimmed in page.evaluate(DIMMED):
            assert dimmed["hatched"] and not dimmed["faded"], dimmed
            assert dimmed["contrast"] >= 4.5, dimmed
            dimmed_seen += 1
        if actions_seen and dimmed_seen:
            break
        play_a_move(page, rng)
    assert actions_seen, "no coloured action card came to the table"
    assert dimmed_seen, "no card was dimmed"
    assert serious_violations(page) == []


def open_table(
    page: Any,
    web_service: httpx.Client,
    kind: str,
    options: dict[str, Any],
    bot: str = "heuristic",
    pace: str = "0",
) -> str:
    """A table of `kind` against a bot (at `pace`, when the form offers it), started."""
    base = str(web_service.base_url).rstrip("/")
    game_id = seat_against_bots(page, base, kind, 2, options, bot, pace)
    page.set_viewport_size(LAPTOP)
    page.locator("[data-action^='start']").click()
    return game_id


def play_a_move(page: Any, rng: random.Random) -> None:
    """Clicks one legal action and waits a moment for the table's next version (the first
    step of a two-step move leads to none)."""
    page.wait_for_selector(f"{ACTIONS}, [data-testid='standings']", timeout=SEEN)
    actions = page.locator(ACTIONS)
    if not actions.count():
        return
    version = page.locator("[data-version]").get_attribute("data-version")
    actions.nth(rng.randrange(actions.count())).click()
    with suppress(PlaywrightError):  # a first step leads to no version: the next click does
        page.wait_for_selector(f"[data-version]:not([data-version='{version}'])", timeout=STEP)


MAD_SPACE = re.compile(
    r"row (\d), column (\d)(, empty|: (plutonium|radium|thorium|uranium) \d+)"
    r"(: place your (plutonium|radium|thorium|uranium) \d+ here.*)?"
)
FOCUSED = (
    "() => document.activeElement?.getAttribute('aria-label') || document.activeElement?.innerText"
)


def test_the_mad_core_names_its_spaces_and_moves_by_arrow_keys(
    page: Any, web_service: httpx.Client
) -> None:
    open_table(page, web_service, "mad", {"hand_sizes": [6, 9, 8, 7, 6]})
    page.wait_for_selector("[data-action^='select ']", timeout=SEEN)
    assert len(named_cells(page, ".mad__core", MAD_SPACE, 5)) == 25
    assert one_tab_stop(page, ".mad__core")

    card = page.locator("[data-action^='select ']").first
    assert card.get_attribute("aria-pressed") == "false"
    card.click()
    assert card.get_attribute("aria-pressed") == "true"
    target = int(page.locator(".mad__target").first.get_attribute("data-grid-cell"))

    page.locator(".mad__core [tabindex='0']").focus()
    assert page.evaluate(FOCUSED).startswith("row 1, column 1")
    page.keyboard.press("ArrowLeft")  # the row's first space: the focus stays
    assert page.evaluate(FOCUSED).startswith("row 1, column 1")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED).startswith("row 1, column 2")
    page.keyboard.press("ArrowDown")
    assert page.evaluate(FOCUSED).startswith("row 2, column 2")
    page.keyboard.press("End")
    assert page.evaluate(FOCUSED).startswith("row 2, column 5")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Home")
    assert page.evaluate(FOCUSED).startswith("row 1, column 1")
    assert one_tab_stop(page, ".mad__core")

    walk_from_the_first_cell(page, target, 5)
    assert serious_violations(page) == []
    play_by_key(page, "Enter")
    placed = page.locator(f".mad__core [data-grid-cell='{target}']").get_attribute("aria-label")
    assert MAD_SPACE.fullmatch(placed) and ": " in placed, placed
    for dimmed in page.evaluate(DIMMED):
        assert dimmed["hatched"] and not dimmed["faded"] and dimmed["contrast"] >= 4.5, dimmed


def named_cells(page: Any, grid: str, pattern: re.Pattern[str], columns: int) -> list[str]:
    """The names of a grid's cells, each checked against `pattern`, whose first two groups
    are the cell's row and column, counted from 1 in reading order."""
    names: list[str] = page.eval_on_selector_all(
        f"{grid} [data-grid-cell]",
        "cells => cells.map((cell) => cell.getAttribute('aria-label'))",
    )
    for index, name in enumerate(names):
        found = pattern.fullmatch(name)
        assert found, name
        assert (int(found[1]) - 1, int(found[2]) - 1) == divmod(index, columns), name
    return names


def walk_from_the_first_cell(page: Any, target: int, columns: int) -> None:
    """Arrow keys from a grid's first cell, focused, to its cell `target`, an empty place
    where the chosen card may go."""
    row, column = divmod(target, columns)
    for key, times in (("ArrowDown", row), ("ArrowRight", column)):
        for _ in range(times):
            page.keyboard.press(key)
    focused = page.evaluate(FOCUSED)
    assert focused.startswith(f"row {row + 1}, column {column + 1}, empty: place your"), focused


FOCUS_AT_THE_TABLE = "() => Boolean(document.activeElement?.closest('.felt'))"


def play_by_key(page: Any, key: str) -> None:
    """Press `key` on the focused place and wait for the move's new version; the focus
    stays at the table (the place pressed is gone once the card lies there)."""
    version = page.locator("[data-version]").get_attribute("data-version")
    page.keyboard.press(key)
    page.wait_for_selector(f"[data-version]:not([data-version='{version}'])", timeout=SEEN)
    page.wait_for_function(FOCUS_AT_THE_TABLE, timeout=SEEN)


def one_tab_stop(page: Any, grid: str) -> bool:
    """Whether the grid's cells make one stop of the Tab key."""
    stops = page.eval_on_selector_all(
        f"{grid} [data-grid-cell]", "cells => cells.map((cell) => cell.tabIndex)"
    )
    return sorted(stops) == [-1] * (len(stops) - 1) + [0]


ONEXENO_CELL = re.compile(
    r"row (\d), column (\d)(, empty|, empty: place your \d here|, ONEXENO card \d.*)"
)


def test_the_onexeno_field_moves_by_arrow_keys_and_places_by_space(
    page: Any, web_service: httpx.Client
) -> None:
    open_table(page, web_service, "onexeno", {})
    page.wait_for_selector(".onexeno__pick", timeout=SEEN)
    columns = page.locator(".onexeno__row").first.locator("[data-grid-cell]").count()
    names = named_cells(page, ".onexeno__field", ONEXENO_CELL, columns)
    assert one_tab_stop(page, ".onexeno__field")

    card = page.locator(".onexeno__pick").first
    assert card.get_attribute("aria-pressed") == "false"
    card.click()
    assert card.get_attribute("aria-pressed") == "true"
    if page.locator(".onexeno__turn-choice").count():
        turn = page.locator(".onexeno__turn-choice").first
        turn.click()
        assert turn.get_attribute("aria-pressed") == "true"
    target = int(page.locator(".onexeno__target").first.get_attribute("data-grid-cell"))

    page.locator(".onexeno__field [tabindex='0']").focus()
    page.keyboard.press("Home")
    for _ in range(len(names)):
        page.keyboard.press("ArrowUp")
    assert re.search(r"\brow 1, column 1\b", page.evaluate(FOCUSED))
    page.keyboard.press("ArrowRight")
    assert re.search(r"\brow 1, column 2\b", page.evaluate(FOCUSED))
    page.keyboard.press("ArrowLeft")
    walk_from_the_first_cell(page, target, columns)
    assert one_tab_stop(page, ".onexeno__field")
    assert serious_violations(page) == []
    play_by_key(page, " ")
    assert page.locator(".onexeno__slot--card").count() >= 1


ECLIPTIC_COLOURS = ("yellow", "grey", "red", "violet", "green", "orange")
ECLIPTIC_SLOT = re.compile(
    r"(your side|\w+'s side), (\w+)(, empty|: (\w+) (\w+))(, its own sign.*)?"
)


def test_ecliptic_names_its_cards_colours_and_its_line(
    page: Any, web_service: httpx.Client
) -> None:
    open_table(page, web_service, "ecliptic", {})
    page.wait_for_selector("[data-action^='pair ']", timeout=SEEN)
    cards = page.eval_on_selector_all(".ecliptic .card:not(.card--back, .card--empty)", CARD_FACTS)
    assert cards
    for card in cards:
        assert card["name"].split()[0] in ECLIPTIC_COLOURS, card
    slots = page.eval_on_selector_all(
        ".ecliptic__slot", "slots => slots.map((slot) => slot.getAttribute('aria-label'))"
    )
    assert len(slots) == 24
    for index, name in enumerate(slots):
        found = ECLIPTIC_SLOT.fullmatch(name)
        assert found, name
        assert (found[1] == "your side") == (index % 2 == 1), name  # far side, then near
        assert found[4] is None or (found[4] in ECLIPTIC_COLOURS and found[5] == found[2]), name

    card = page.locator("[data-action^='pair ']").first
    assert card.get_attribute("aria-pressed") == "false"
    card.click()
    assert page.locator("[aria-pressed='true']").count() == 1
    for dimmed in page.evaluate(DIMMED):
        assert dimmed["hatched"] and not dimmed["faded"] and dimmed["contrast"] >= 4.5, dimmed
    assert serious_violations(page) == []


CNO_NAMES = """() => [...document.querySelectorAll(
  ".cno__own .cno__slot > .card, .cno__opponent .cno__small > .card, .cno__pile .card"
)].map((card) => card.getAttribute("aria-label") || [
  card.closest("[role='group']")?.getAttribute("aria-label"),
  card.innerText.replace(/\\s+/g, " ").trim(),
].join(": "))"""
CNO_PLACE = re.compile(
    r"(your|\w+'s) (play row, place [1-4]|stock, top card|hand, top card|set-aside heap, top card)"
    r"(, empty|: (C|N|O|F|Ne)\d+( on .*)?)"
    r"|pile \d+, topped by \w+: (C|N|O|F|Ne)\d+ on .*"
)


def test_cno_names_each_place_and_pile_by_whose_it_is(page: Any, web_service: httpx.Client) -> None:
    # the easy pace: a bot at the normal one may end the game before a slow page names it all
    open_table(page, web_service, "cno", {"copies": [2] * 13}, bot="random", pace=EASY)
    page.wait_for_selector(".cno__own .cno__slot", timeout=SEEN)
    rng = random.Random(0)
    deadline = time.monotonic() + SEEN / 1000 * 3
    while not page.locator(".cno__pile .card").count():
        assert time.monotonic() < deadline, "no pile was started"
        play_a_move(page, rng)
    names = page.evaluate(CNO_NAMES)
    assert any(name.startswith("pile 1, topped by ") for name in names), names
    assert any(name.startswith("your play row, place 1") for name in names), names
    assert any(re.match(r"\w+'s play row, place 4", name) for name in names), names
    for name in names:
        assert CNO_PLACE.fullmatch(name), name
    for dimmed in page.evaluate(DIMMED):
        assert dimmed["hatched"] and not dimmed["faded"] and dimmed["contrast"] >= 4.5, dimmed
    assert serious_violations(page) == []

"""ONEXENO's board in the web client: a person plays a whole hand against a bot by clicking
only, each card by itself, then its turn, then its place on the field, and the standings
shown are the service's."""

import random
import re
from typing import Any

import httpx
from playwright.sync_api import Error as PlaywrightError

from tests.e2e.browser import needs_chromium
from tests.e2e.webclient import (
    ACTIONS,
    CHANGE_MS,
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

YOUR_TURN = ".onexeno__turn--you"
CARD = ".onexeno__pick"
TURN = ".onexeno__turn-choice"
TARGET = ".onexeno__target"
FIELD_CARD = ".onexeno__slot--card"
STEPS = (TARGET, TURN, CARD)
"""A placement's steps, last first: the loop finishes a started placement before anything else."""
REFUSAL = '[data-testid="refusal"]'
VERSION = f"""() => [
  document.querySelector("[data-version]")?.dataset.version,
  document.querySelector('{REFUSAL}')?.textContent,
].join("|")"""
NEXT_STEP = f"""([until, steps]) => {{
  if (document.querySelector(until)) return {{ step: null }};
  for (const step of steps) {{
    const count = document.querySelectorAll(step).length;
    if (count) return {{ step, count, version: ({VERSION})(), snapshot: ({SNAPSHOT})() }};
  }}
  return false;
}}"""
"""The first of `steps` the page offers, how many of it and the page as it is (false while it
offers none), or no step once `until` shows."""
MISMATCHES = """() => {
  const dark = (slot) => [...slot.querySelectorAll(".onexeno__card > *")].map(
    (square) => square.matches(".onexeno__square--dark"),
  );
  const faces = (selector) => new Map(
    [...document.querySelectorAll(selector)].map((slot) => [slot.dataset.cell, dark(slot)]),
  );
  const placed = faces(".onexeno__slot--card");
  const shown = new Map([...placed, ...faces(".onexeno__target")]);
  const sides = [
    [0, 1, [2, 5, 8], [0, 3, 6]],
    [1, 0, [6, 7, 8], [0, 1, 2]],
    [0, -1, [0, 3, 6], [2, 5, 8]],
    [-1, 0, [0, 1, 2], [6, 7, 8]],
  ];
  const mismatches = [];
  for (const [cell, squares] of shown) {
    const [row, col] = cell.split(",").map(Number);
    for (const [down, across, ours, theirs] of sides) {
      const next = placed.get(`${row + down},${col + across}`);
      if (next && ours.some((square, index) => squares[square] !== next[theirs[index]])) {
        mismatches.push(`${cell} against ${row + down},${col + across}`);
      }
    }
  }
  return mismatches;
}"""
"""Where a card on the field, or the chosen card shown on a place it may go, differs in colour
from a field card beside it along the edge they share (squares in reading order)."""


def test_a_person_plays_onexeno_to_the_end_by_clicking(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    # The fewest seats and hands: one hand of two seats, which lasts until the stack is empty.
    game_id = seat_against_bots(page, base, "onexeno", 2, {"teams": 0, "hands": 1})
    page.set_viewport_size(LAPTOP)
    clicks = play_by_placing(page, until=f"{YOUR_TURN} ~ .onexeno__hand {CARD}")

    # The bot waits for this seat now, so the page and the service show the same table.
    table = web_service.get(f"/games/{game_id}").json()["game"]
    assert page.locator(FIELD_CARD).count() == len(table["field"]) >= 1
    assert page.locator(f"{FIELD_CARD} .onexeno__square").count() == 8 * len(table["field"])
    assert page.evaluate(MISMATCHES) == []
    assert page.locator(".onexeno__stack-size").inner_text() == str(table["stack_size"])
    count = page.locator(".onexeno__opponent[data-seat='1'] .onexeno__count").inner_text()
    assert count == f"{table['seats'][1]['hand_size']} cards"
    assert page.locator("[data-testid='scores'] tbody tr").count() == 2
    assert not page.locator(REFUSAL).count(), "the board offered only legal moves"
    assert not page.locator(TARGET).count(), "places show only once a card is chosen"
    cards = page.locator(CARD)
    for index in range(cards.count()):  # a card that may lie turned more ways than one, if any
        cards.nth(index).click()
        page.wait_for_selector(f"{TURN}, {TARGET}")
        if page.locator(TURN).count():
            assert not page.locator(TARGET).count(), "places show only once the card is turned"
            page.locator(TURN).last.click()
            break
    page.wait_for_selector(TARGET)
    assert page.evaluate(MISMATCHES) == []
    assert re.fullmatch(r"Your turn: place it .*", page.locator(YOUR_TURN).inner_text())

    screenshots_at_both_widths(page, "onexeno")

    clicks += play_by_placing(page, until=STANDINGS)

    final = web_service.get(f"/games/{game_id}").json()
    assert final["status"] == "finished"
    assert final["seats"][0] == {"name": PLAYER, "bot": None, "player": None}
    checked_standings(page, final)
    assert page.locator(FIELD_CARD).count() == len(final["game"]["field"])
    assert page.evaluate(MISMATCHES) == []
    assert not page.locator(REFUSAL).count()
    assert clicks >= 3


def play_by_placing(page: Any, until: str, seed: int = 0) -> int:
    """Clicks `[data-action]` elements until `until` shows, answering how many clicks it made:
    the furthest step of a placement first (a place, else a turn, else a card, chosen by a
    seeded generator), and any other move (the start, a pass) when no card fits. After a
    click that sends a move it waits for the table's next version (or a refusal)."""
    rng = random.Random(seed)
    steps = [f"{step}{ACTIONS}" for step in STEPS] + [ACTIONS]
    clicks = 0
    for _ in range(MOST_LOOKS):
        offered = page.wait_for_function(NEXT_STEP, arg=[until, steps], timeout=LOOK_MS)
        found = offered.json_value()
        step = found["step"]
        if step is None:
            return clicks
        sends = step == ACTIONS or step.startswith(TARGET)
        watched, before = (VERSION, found["version"]) if sends else (SNAPSHOT, found["snapshot"])
        try:
            page.locator(step).nth(rng.randrange(found["count"])).click(timeout=CHANGE_MS)
            clicks += 1
            changed = f"(before) => ({watched})() !== before"
            page.wait_for_function(changed, arg=before, timeout=CHANGE_MS)
        except PlaywrightError:
            pass  # the element went away under the click, or nothing changed yet: look again
    raise AssertionError(
        f"the game did not reach {until} within {MOST_LOOKS} looks ({clicks} clicks)"
    )

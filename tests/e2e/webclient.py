"""Driving the web client as a person does, by clicking, for the browser tests (the clicking
convention is written at the top of web/src/games/board.ts).

- `open_lobby(page, base)`: the lobby, its create form ready.
- `seat_against_bots(page, base, kind, seats, options, bot, pace)`: opens a table in the
  lobby's form, the page's person in the first seat and bots in the others (moving at once,
  where the kind has turns, unless `pace` names another of the form's paces); answers the
  game's id once the table's page shows.
- `play_by_clicking(page)`: clicks one of the enabled `[data-action]` elements at a time,
  chosen by a seeded generator (always the first might never end a game), until the
  standings show; refusals and races with the bots are part of play. A game is bounded by
  its looks at the page (`MOST_LOOKS`) and each step by the page's timeout, never by the
  clock: a slow machine plays a long game to its end, and a game that never ends fails.
- `standings_shown(page)`: the standings table as data, to compare with `GET /games/{id}`.
- `screenshots_at_both_widths(page, name)`: `<name>-laptop.png` and `<name>-phone.png`, the
  phone's without a sideways scroll.
"""

import json
import random
import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Error as PlaywrightError

from tests.e2e.browser import SCREENSHOTS

CREATE_FORM = '[data-testid="create-table"]'
YOUR_NAME = 'input[name="your-name"]'
"""The lobby's one name field: for quick play and for opening a table."""
STANDINGS = '[data-testid="standings"]'
ACTIONS = "[data-action]:not([disabled])"
PLAYER = "browser"
EASY = "1.5"
"""The real-time games' easy bots' pace (seconds between a change and a bot's move), as the
table form offers it."""
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 800}
CHANGE_MS = 5_000
"""How long a click may take to change what the page offers before another is tried."""
MOST_LOOKS = 2_000
"""The most times `play_by_clicking` looks at the page for its next click (each look clicks
at most once): a game that never ends fails, a long one on a slow machine does not."""
LOOK_MS = 60_000
"""The longest a look waits for the page to offer a click or the standings, a bot's thinking
included."""

SNAPSHOT = """() => [
  document.querySelector("[data-version]")?.dataset.version,
  document.querySelector('[data-testid="refusal"]')?.textContent,
  ...[...document.querySelectorAll("[data-action]")].map((e) => e.dataset.action + e.disabled),
].join("|")"""


def open_lobby(page: Any, base: str) -> None:
    page.goto(f"{base}/")
    page.wait_for_selector(f'{CREATE_FORM} select[name="kind"] option', state="attached")


def seat_against_bots(
    page: Any,
    base: str,
    kind: str,
    seats: int,
    options: dict[str, Any],
    bot: str = "heuristic",
    pace: str = "0",
) -> str:
    open_lobby(page, base)
    form = page.locator(CREATE_FORM)
    form.locator('select[name="kind"]').select_option(kind)
    form.locator('input[name="seats"]').fill(str(seats))
    for name, value in options.items():
        _set_option(form.locator(f'[name="option.{name}"]'), value)
    page.locator(YOUR_NAME).fill(PLAYER)
    form.locator('select[name="bots"]').select_option(bot)
    if form.locator(f'select[name="bot_pace"] option[value="{pace}"]').count():
        form.locator('select[name="bot_pace"]').select_option(pace)  # "0": at once, a quick game
    form.locator('button[type="submit"]').click()
    page.wait_for_url(re.compile(r"/play/[0-9a-f-]{36}$"))
    game_id: str = page.url.rsplit("/", 1)[1]
    return game_id


def _set_option(field: Any, value: Any) -> None:
    if field.evaluate("e => e.tagName") == "SELECT":
        field.select_option(json.dumps(value))
    elif field.get_attribute("type") == "checkbox":
        field.set_checked(bool(value))
    elif isinstance(value, list):
        field.fill(", ".join("random" if item is None else str(item) for item in value))
    else:
        field.fill(str(value))


def play_by_clicking(page: Any, seed: int = 0) -> int:
    """Clicks until the standings show; answers how many clicks it made."""
    rng = random.Random(seed)
    clicks = 0
    for _ in range(MOST_LOOKS):
        page.wait_for_selector(f"{ACTIONS}, {STANDINGS}", timeout=LOOK_MS)
        if page.locator(STANDINGS).count():
            return clicks
        actions = page.locator(ACTIONS)
        count = actions.count()
        if not count:
            continue
        before = page.evaluate(SNAPSHOT)
        try:
            actions.nth(rng.randrange(count)).click(timeout=CHANGE_MS)
            clicks += 1
            changed = f"(before) => ({SNAPSHOT})() !== before"
            page.wait_for_function(changed, arg=before, timeout=CHANGE_MS)
        except PlaywrightError:
            pass  # the element went away under the click, or nothing changed yet: look again
    raise AssertionError(f"the game did not end within {MOST_LOOKS} looks ({clicks} clicks)")


def standings_shown(page: Any) -> list[dict[str, Any]]:
    """Each row of the standings, in the order shown: seat, place, name and score."""
    rows: list[dict[str, Any]] = page.eval_on_selector_all(
        f"{STANDINGS} tbody tr[data-seat]",
        """rows => rows.map((row) => ({
            seat: Number(row.dataset.seat),
            place: Number(row.querySelector('[data-field="place"]').textContent),
            name: row.querySelector('[data-field="name"]').textContent,
            score: Number(row.querySelector('[data-field="score"]').textContent),
        }))""",
    )
    return rows


def checked_standings(page: Any, final: dict[str, Any]) -> list[dict[str, Any]]:
    """The standings the page shows, in its order, once checked against the finished game's
    view: every seat's place and score, under its seat's name."""
    shown = standings_shown(page)
    names = [seat["name"] for seat in final["seats"]]
    assert sorted(shown, key=lambda row: row["seat"]) == [
        {**standing, "name": names[standing["seat"]]} for standing in final["standings"]
    ]
    return shown


def screenshots_at_both_widths(
    page: Any, name: str, before_phone: Callable[[], None] | None = None
) -> None:
    """The page as it stands at laptop width, then at phone width (after `before_phone`),
    which must need no sideways scroll; the page is left at laptop width."""
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"{name}-laptop.png", full_page=True)
    page.set_viewport_size(PHONE)
    if before_phone is not None:
        before_phone()
    page.screenshot(path=SCREENSHOTS / f"{name}-phone.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.set_viewport_size(LAPTOP)

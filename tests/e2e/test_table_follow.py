"""Following a table as a person: at laptop and phone width, for every kind, a bot's move
appears in the table's log as a sentence naming the bot, is marked on the board and announced
politely, and the tab's title says when it is the person's turn."""

import random
import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.e2e.axe import serious_violations
from tests.e2e.browser import SCREENSHOTS, needs_chromium
from tests.e2e.test_replay_page import finished_game_of_bots
from tests.e2e.webclient import ACTIONS, CHANGE_MS, LAPTOP, seat_against_bots

pytestmark = needs_chromium

TALL_PHONE = {"width": 390, "height": 844}
WIDTHS = {"laptop": LAPTOP, "phone": TALL_PHONE}
MOVES = {
    "gnono": ["gnono.card_played"],
    "mad": ["mad.card_placed"],
    "onexeno": ["onexeno.card_placed"],
    "ecliptic": ["ecliptic.turn_played"],
    "cno": ["cno.card_played", "cno.pile_started"],
}
"""The events that put a card on the board, by kind (the ones the table marks)."""
PLAY_PARTS = {
    "gnono": (".gnono__turn", ".gnono__hand"),
    "mad": (".mad__turn", ".mad__hand"),
    "onexeno": (".onexeno__turn", ".onexeno__hand"),
    "ecliptic": (".ecliptic__turn", ".ecliptic__hand"),
    "cno": (".cno__status", ".cno__own"),
}
"""Each board's prompt and the person's hand: both must be in view during play, unscrolled."""
IN_VIEW = """async (selector) => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const box = document.querySelector(selector)?.getBoundingClientRect();
  return box ? [box.top, box.bottom, window.innerHeight] : null;
}"""
"""Where an element lies once the page has drawn itself (at a CNO table the bot moves at any
moment: the board is measured and fitted again before each drawing)."""
QUICK = {"gnono": {"playout_score": 1}}
"""Options for a game of bots that ends soon (one round of Gnono)."""
GAME_SECONDS = 60
"""The longest a game may take to show a bot's move to the person, clicks included."""
LOG_LINES = '[data-testid="table-log"] li'
SHOWN = """() => [...document.querySelectorAll('[data-testid="table-log"] li, .last-move')]
  .map((e) => [e.dataset.type, e.dataset.eventVersion, e.dataset.lastMove, e.textContent])"""
BOTS_MOVE_SHOWN = """([types, bot]) => {
  const moves = [...document.querySelectorAll('[data-testid="table-log"] li')]
    .filter((line) => types.includes(line.dataset.type));
  const last = moves.at(-1);
  const mark = document.querySelector(".felt .last-move");
  return Boolean(last && mark && last.textContent.startsWith(bot + " ")
    && mark.dataset.lastMove === last.dataset.eventVersion
    && document.title.startsWith("Your turn"));
}"""


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("kind", MOVES)
def test_a_bots_move_is_told_marked_and_announced_and_the_title_says_your_turn(
    page: Any, web_service: httpx.Client, kind: str, width: str
) -> None:
    base = str(web_service.base_url).rstrip("/")
    page.set_viewport_size(WIDTHS[width])
    game_id = seat_against_bots(page, base, kind, 2, {}, bot="heuristic")
    assert "Your turn" not in page.title()
    bot = click_until_a_bots_move_is_shown(page, web_service, game_id, MOVES[kind])

    lines = page.locator(LOG_LINES)
    assert lines.count() >= 3  # the table's own events are told too
    told = lines.all_inner_texts()
    assert all(line[:1].isupper() or line[:1].isdigit() or line.startswith(bot) for line in told)
    assert not any("version" in line for line in told)
    announced = page.locator('[data-testid="announcer"]')
    assert announced.get_attribute("aria-live") == "polite"
    latest, said = page.evaluate(
        """() => [[...document.querySelectorAll('[data-testid="table-log"] li')].at(-1).textContent,
        document.querySelector('[data-testid="announcer"]').textContent]"""
    )  # read at once: at a CNO table the bot may move between two reads
    assert said == latest
    assert page.title().startswith("Your turn")
    page.evaluate("window.scrollTo(0, 0)")  # clicks scroll the page; a person starts at its top
    for part in PLAY_PARTS[kind]:
        top, bottom, height = page.evaluate(IN_VIEW, part)
        assert top >= 0 and bottom <= height, f"{part} lies at {top}-{bottom} of {height}"
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"follow-{kind}-{width}.png")

    assert serious_violations(page) == []

    page.get_by_role("button", name="How to play").click()
    rules = page.locator('[data-testid="how-to-play"]')
    expect(rules.locator("h3").first).to_be_visible()
    assert "Scoring" in rules.locator("h3").all_inner_texts()
    page.screenshot(path=SCREENSHOTS / f"rules-{kind}-{width}.png")


def click_until_a_bots_move_is_shown(
    page: Any, service: httpx.Client, game_id: str, types: list[str]
) -> str:
    """Clicks legal moves at random until the last move in the log is the bot's, marked on
    the board, on the person's turn; answers the bot's name."""
    seats = service.get(f"/games/{game_id}").json()["seats"]
    rng, deadline = random.Random(7), time.monotonic() + GAME_SECONDS
    bot: str | None = None
    while True:
        assert time.monotonic() < deadline, (bot, page.title(), page.evaluate(SHOWN)[-6:])
        seats = seats if bot else service.get(f"/games/{game_id}").json()["seats"]
        bot = next((seat["name"] for seat in seats if seat.get("bot")), None)
        if bot and page.evaluate(BOTS_MOVE_SHOWN, [types, bot]):
            return bot
        actions = page.locator(ACTIONS)
        if not actions.count():
            page.wait_for_timeout(100)
            continue
        try:
            actions.nth(rng.randrange(actions.count())).click(timeout=CHANGE_MS)
            page.wait_for_timeout(150)
        except PlaywrightError:
            pass  # the element went away under the click: look again


@pytest.mark.parametrize("kind", MOVES)
def test_the_end_says_who_won_and_how_in_view_at_both_widths(
    page: Any, web_service: httpx.Client, kind: str
) -> None:
    base = str(web_service.base_url).rstrip("/")
    game_id = finished_game_of_bots(web_service, kind, QUICK.get(kind, {}))
    final = web_service.get(f"/games/{game_id}").json()
    winners = [final["seats"][s["seat"]]["name"] for s in final["standings"] if s["place"] == 1]
    for width, size in WIDTHS.items():
        page.set_viewport_size(size)
        page.goto(f"{base}/play/{game_id}")
        outcome = page.locator('[data-testid="outcome"]')
        expect(outcome).to_contain_text(winners[0])
        assert page.locator('[data-testid="scoring"]').inner_text()
        top, bottom, height = page.evaluate(IN_VIEW, '[data-testid="standings"]')
        assert top >= 0 and bottom <= height, f"the standings lie at {top}-{bottom} of {height}"
        assert serious_violations(page) == []
        page.screenshot(path=SCREENSHOTS / f"end-{kind}-{width}.png")

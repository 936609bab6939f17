"""The rules for players: each game's page (`/rules/{kind}`), reached from the lobby's list
of games, tells a newcomer what they are trying to do, how play goes, the scoring and a worked
example drawn with the game's own cards, in words with no code name in them; the table's
"How to play" shows the same rules over the table, with a link to the page."""

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.e2e.axe import serious_violations
from tests.e2e.browser import SCREENSHOTS, needs_chromium
from tests.e2e.webclient import LAPTOP, open_lobby

pytestmark = needs_chromium

KINDS = ("gnono", "mad", "onexeno", "ecliptic", "cno")
PHONE = {"width": 390, "height": 844}
HEADINGS = ["What you are trying to do", "How play goes", "Scoring", "An example"]
CODE_NAME = re.compile(
    r"`"  # a code mark
    r"|\b[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]+\b"  # snake_case: draw_cards, hand_sizes
    r"|\b[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*"  # dotted: cards.PLAYED_ON
)
"""What reads as an identifier from the code rather than a word."""
CARDS = ".rules .card, .rules .onexeno__card"


def code_names(text: str) -> list[str]:
    return [match.group(0) for match in CODE_NAME.finditer(text)]


def test_code_names_are_found_in_words() -> None:
    said = "Hands come from Options.hand_sizes; `draw_cards` one at a time (cards.PLAYED_ON)."
    assert code_names(said) == ["Options.hand_sizes", "`", "draw_cards", "`", "cards.PLAYED_ON"]
    assert code_names("Place a card beside one of the same number. The game ends.") == []


@pytest.mark.parametrize("kind", KINDS)
def test_each_games_rules_page_is_written_for_players(
    page: Any, web_service: httpx.Client, kind: str
) -> None:
    base = str(web_service.base_url).rstrip("/")
    page.set_viewport_size(LAPTOP)
    open_lobby(page, base)
    page.locator(f'[data-testid="kinds"] [data-kind="{kind}"] a[href="/rules/{kind}"]').click()
    page.wait_for_url(f"{base}/rules/{kind}")
    rules = page.locator('[data-testid="rules"]')
    expect(rules.locator("h2").first).to_be_visible()
    assert rules.locator("h2").all_inner_texts() == HEADINGS
    assert page.locator(CARDS).count() >= 2  # the example, drawn with the game's own cards
    assert code_names(page.locator("main").inner_text()) == []
    assert serious_violations(page) == []
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"rules-page-{kind}-laptop.png", full_page=True)
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert serious_violations(page) == []
    page.screenshot(path=SCREENSHOTS / f"rules-page-{kind}-phone.png", full_page=True)


@pytest.mark.parametrize("kind", KINDS)
def test_the_tables_how_to_play_shows_the_same_rules_and_links_to_the_page(
    page: Any, web_service: httpx.Client, kind: str
) -> None:
    base = str(web_service.base_url).rstrip("/")
    created = web_service.post("/games", json={"kind": kind, "options": {}})
    assert created.status_code == 201, created.text
    page.set_viewport_size(PHONE)
    page.goto(f"{base}/play/{created.json()['id']}")
    page.get_by_role("button", name="How to play").click()
    dialog = page.locator('[data-testid="how-to-play"]')
    expect(dialog).to_be_visible()
    assert dialog.locator('[data-testid="rules"] h3').all_inner_texts() == HEADINGS
    assert code_names(dialog.inner_text()) == []
    assert serious_violations(page) == []
    dialog.get_by_role("link", name="on a page of their own").click()
    page.wait_for_url(f"{base}/rules/{kind}")
    expect(page.locator('[data-testid="rules"] h2').first).to_have_text(HEADINGS[0])

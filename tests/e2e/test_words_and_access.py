"""Words and accessibility: an API address opened in a browser shows its page (the lobby at
`/lobby`, a table at `/games/{id}`) under the page's own address; the lobby has its <h1>;
a table's header says its state in one chip; ONEXENO's hand cards are named in full to a
screen reader; Ecliptic names its colours in words beside their symbols; Gnono names its
Wild Take Four alike on the card and in the log; a line taken in ONEXENO shows where it lay."""

import re
import time
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.api.players import bearer
from tests.e2e.axe import serious_violations
from tests.e2e.browser import SCREENSHOTS, needs_chromium
from tests.e2e.webclient import LAPTOP, seat_against_bots

pytestmark = needs_chromium

PHONE = {"width": 390, "height": 844}
GAME_SECONDS = 60
TRIES = 4
"""ONEXENO games of heuristic bots played to find one whose log takes a line."""


def both_sizes(page: Any, name: str) -> None:
    """No serious axe finding, and a screenshot, at a laptop's size and a phone's."""
    for size, label in ((LAPTOP, "laptop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        page.screenshot(path=SCREENSHOTS / f"{name}-{label}.png", full_page=True)
        assert serious_violations(page) == [], f"{name} at the {label}'s size"


def test_an_api_address_opened_in_a_browser_shows_its_page(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    page.goto(f"{base}/lobby")
    expect(page.locator("h1")).to_have_count(1)
    expect(page.locator('[data-testid="play-as"]')).to_be_visible()
    assert page.url == f"{base}/"
    game_id = web_service.post("/games", json={"kind": "mad"}).json()["id"]
    page.goto(f"{base}/games/{game_id}")
    expect(page.locator("main.table-page")).to_have_attribute("data-status", "open")
    assert page.url == f"{base}/play/{game_id}"
    header = page.locator(".table-header .chip")
    expect(header).to_have_count(1)
    expect(header).to_have_text("waiting for the start")
    assert web_service.get("/lobby").headers["content-type"].startswith("application/json")


def test_cards_are_named_in_full_and_colours_in_words(page: Any, web_service: httpx.Client) -> None:
    base = str(web_service.base_url).rstrip("/")
    seat_against_bots(page, base, "onexeno", 2, {})
    page.locator("[data-action^='start']").first.click()
    pick = page.locator(".onexeno__pick, .onexeno__held").first
    pick.wait_for()
    named = page.locator(".onexeno__cards .onexeno__card").first.get_attribute("aria-label")
    assert named and re.fullmatch(r"the \d with dark .+|the [08], all (light|dark)", named), named
    both_sizes(page, "onexeno-hand-named")

    seat_against_bots(page, base, "ecliptic", 2, {})
    page.locator("[data-action^='start']").first.click()
    key = page.locator('[data-testid="colour-key"] li')
    expect(key).to_have_count(6)
    expect(key).to_contain_text(["yellow", "grey", "red", "violet", "green", "orange"])
    both_sizes(page, "ecliptic-colour-key")


def test_a_line_taken_in_onexeno_shows_where_it_lay(page: Any, web_service: httpx.Client) -> None:
    base = str(web_service.base_url).rstrip("/")
    for _ in range(TRIES):
        game_id = finished_onexeno(web_service)
        log = web_service.get(f"/games/{game_id}/log", params={"limit": 1000}).json()["events"]
        taken = [r["version"] for r in log if r["type"] == "onexeno.tricks_taken"]
        if taken:
            break
    else:
        raise AssertionError("no game took a line")
    page.goto(f"{base}/replay/{game_id}?at={taken[0]}")
    shown = page.locator('[data-testid="taken"]')
    expect(shown.first).to_be_visible()
    assert shown.count() >= 5  # a line of five, at least
    label = shown.first.get_attribute("aria-label") or ""
    assert re.search(r"ONEXENO card \d taken by \w+, now empty", label), label
    both_sizes(page, "onexeno-line-taken")


def finished_onexeno(http: httpx.Client) -> str:
    """A game of two heuristic bots, which take lines when they can, played to its end."""
    options = {"kind": "onexeno", "options": {"bot_pace": 0}}
    game_id: str = http.post("/games", json=options).json()["id"]
    host = http.post(f"/games/{game_id}/seats", json={"bot": "heuristic"}).json()["token"]
    http.post(f"/games/{game_id}/seats", json={"bot": "heuristic"}, headers=bearer(host))
    http.post(f"/games/{game_id}/commands", json={"type": "start_game"}, headers=bearer(host))
    deadline = time.monotonic() + GAME_SECONDS
    while http.get(f"/games/{game_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the game did not end in time"
        time.sleep(0.1)
    return game_id

"""The lobby with many tables: each list shows a page the service cuts (`limit`, `offset`)
and "show more" adds the next; one filter shows a single game's tables; a waiting table says
its game, its age and its options in words, a finished game its winner, score and date; with
200 tables waiting the page stays under three screens tall at 1280x800."""

import re
import time
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.api.players import bearer
from tests.e2e.axe import serious_violations
from tests.e2e.browser import SCREENSHOTS, needs_chromium
from tests.e2e.test_replay_page import finished_game_of_bots
from tests.e2e.webclient import LAPTOP

pytestmark = needs_chromium

TABLES = 200
KINDS = ("gnono", "mad", "onexeno", "ecliptic", "cno")
PAGE = 6
"""The tables a list shows at first, and how many more each "show more" adds."""
FULL = 4
"""Games in play, and finished, past what their lists show at first."""
OPEN = '[data-testid="open-tables"] li.table-entry'
FINISHED = '[data-testid="finished-tables"] li.table-entry'
MORE_PAGES = 10
"""Pages of finished games looked through for the test's own (the newest of other tests'
games, on the same database, come first)."""
CODE_NAME = re.compile(r"\b[a-z]+_[a-z_]+\b")


def game_in_play(http: httpx.Client) -> str:
    """A MAD game of two bots that move once every ten seconds: in play for a while."""
    options = {"bot_pace": 10}
    game_id: str = http.post("/games", json={"kind": "mad", "options": options}).json()["id"]
    host = http.post(f"/games/{game_id}/seats", json={"bot": "random"}).json()["token"]
    http.post(f"/games/{game_id}/seats", json={"bot": "random"}, headers=bearer(host))
    started = http.post(
        f"/games/{game_id}/commands", json={"type": "start_game"}, headers=bearer(host)
    )
    assert started.status_code == 200, started.text
    return game_id


def test_two_hundred_waiting_tables_keep_the_lobby_under_three_screens(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    for _ in range(FULL):  # the games in play and finished lists show their first rows too
        game_in_play(web_service)
        finished_game_of_bots(web_service)
    for number in range(TABLES):
        created = web_service.post("/games", json={"kind": KINDS[number % len(KINDS)]})
        assert created.status_code == 201, created.text
    page.set_viewport_size(LAPTOP)
    page.goto(f"{base}/")
    more = page.locator('[data-testid="more-open"]')
    expect(more).to_be_visible()  # more than a page waits: the first page is full
    expect(page.locator(OPEN)).to_have_count(PAGE)
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 3 * LAPTOP["height"], f"the lobby is {height} px tall"
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "lobby-200-tables.png", full_page=True)
    assert serious_violations(page) == []

    first = page.locator(OPEN).first
    age = first.locator('[data-testid="age"]').inner_text()
    assert re.fullmatch(r"opened (just now|\d+ minutes? ago)", age), age
    options = first.locator('[data-testid="options"]').inner_text()
    assert options and not CODE_NAME.search(options), options

    more.click()
    expect(page.locator(OPEN)).to_have_count(2 * PAGE)

    page.locator('select[name="kind-filter"]').select_option("mad")
    expect(page.locator(OPEN)).to_have_count(PAGE)
    expect(page.locator(f'{OPEN}:not([data-kind="mad"])')).to_have_count(0)
    assert "cards each" in page.locator(OPEN).first.locator('[data-testid="options"]').inner_text()


def test_a_finished_game_shows_its_winner_score_and_date(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    game_id = finished_game_of_bots(web_service, "mad")
    final = web_service.get(f"/games/{game_id}").json()
    first = next(standing for standing in final["standings"] if standing["place"] == 1)
    winner = final["seats"][first["seat"]]["name"]
    listed_finished(web_service, game_id)
    page.set_viewport_size(LAPTOP)
    page.goto(f"{base}/")
    page.locator('select[name="kind-filter"]').select_option("mad")
    entry = page.locator(f'{FINISHED}[data-game="{game_id}"]')
    expect(page.locator(FINISHED).first).to_be_visible()
    more = page.locator('[data-testid="more-finished"]')
    for _ in range(MORE_PAGES):  # games other tests finished since may list before it
        if entry.count() or not more.count():
            break
        shown = page.locator(FINISHED).count()
        more.click()
        expect(page.locator(FINISHED)).not_to_have_count(shown)
    expect(entry).to_be_visible()
    result = entry.locator('[data-testid="result"]').inner_text()
    assert result.startswith(winner) and result.endswith(f"with {first['score']}"), result
    assert re.search(r"\d{4}", entry.locator('[data-testid="finished-at"]').inner_text())
    expect(page.locator(f'{FINISHED}:not([data-kind="mad"])')).to_have_count(0)


def listed_finished(http: httpx.Client, game_id: str, seconds: float = 15) -> None:
    """Return once the table summaries list the game as finished (the read model trails the
    log a little, and the lobby reads the list when it opens)."""
    deadline = time.monotonic() + seconds
    params = {"status": "finished", "kind": "mad", "limit": 100}
    while game_id not in {
        row["game_id"] for row in http.get("/tables", params=params).json()["items"]
    }:
        assert time.monotonic() < deadline, "the finished game was not listed in time"
        time.sleep(0.2)

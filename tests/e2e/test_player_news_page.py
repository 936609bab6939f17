"""The player's news in the web client: a challenge made to the player before the page opened
shows on it and is accepted there, which opens its table; one made while the page is open
shows at once and leaves once answered; a table elsewhere where it is the player's turn shows
as a badge; the tab's title says first what awaits the player (a challenge, a turn at another
table), so a person in another tab sees it; a player's page challenges them."""

import json
import re
import time
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.api.players import bearer
from tests.e2e.browser import SCREENSHOTS, needs_chromium
from tests.e2e.webclient import open_lobby

pytestmark = needs_chromium

TABLE_URL = re.compile(r"/play/[0-9a-f-]{36}$")


def register(http: httpx.Client, prefix: str) -> tuple[str, str]:
    handle = f"{prefix}-{time.monotonic_ns() % 10**8}"
    answer = http.post("/players", json={"handle": handle})
    assert answer.status_code == 201, answer.text
    return handle, answer.json()["token"]


def challenge(http: httpx.Client, token: str, handle: str) -> str:
    body = {"kind": "mad", "challenged": handle}
    answer = http.post("/challenges", json=body, headers=bearer(token))
    assert answer.status_code == 201, answer.text
    return str(answer.json()["challenge_id"])


def bring_the_turn_to(http: httpx.Client, game_id: str, other: str, player: str) -> None:
    """Have `other` move until `player` may move at the game."""
    while not http.get(f"/games/{game_id}", headers=bearer(player)).json()["legal_moves"]:
        moves = http.get(f"/games/{game_id}", headers=bearer(other)).json()["legal_moves"]
        sent = http.post(f"/games/{game_id}/commands", json=moves[0], headers=bearer(other))
        assert sent.status_code == 200, sent.text


def test_a_challenge_is_accepted_on_the_page_and_a_turn_elsewhere_shows(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    ada, ada_token = register(web_service, "ada")
    bo, bo_token = register(web_service, "bo")
    first_offer = challenge(web_service, ada_token, bo)
    open_lobby(page, base)
    kept = json.dumps({"handle": bo, "token": bo_token})
    page.evaluate(f"() => localStorage.setItem('cardroom.player', {json.dumps(kept)})")
    page.reload()
    open_lobby(page, base)

    offered = page.locator(f'[data-challenge="{first_offer}"]')
    offered.wait_for()
    assert ada in offered.inner_text()
    expect(page).to_have_title(f"Challenge from {ada} · Cardroom")
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "player-news-challenge.png", full_page=True)
    offered.locator("button", has_text="Accept").click()
    page.wait_for_url(TABLE_URL)
    first = page.url.rsplit("/", 1)[1]
    page.locator('[data-testid="status"]:text-is("playing")').wait_for()
    expect(page).not_to_have_title(re.compile("^Challenge"))

    second = challenge(web_service, ada_token, bo)
    page.locator(f'[data-challenge="{second}"]').wait_for()
    expect(page).to_have_title(re.compile(f"^Challenge from {re.escape(ada)} · "))
    accepted = web_service.post(f"/challenges/{second}/accept", headers=bearer(bo_token))
    assert accepted.status_code == 201, accepted.text
    page.locator(f'[data-challenge="{second}"]').wait_for(state="detached")
    elsewhere = accepted.json()["game_id"]
    bring_the_turn_to(web_service, elsewhere, ada_token, bo_token)
    badge = page.locator(f'a[href="/play/{elsewhere}"] [data-testid="your-turn-elsewhere"]')
    badge.wait_for()
    assert page.locator(f'a[href="/play/{first}"] [data-testid="your-turn-elsewhere"]').count() == 0
    expect(page).to_have_title(re.compile("^Your turn at another table · "))
    page.screenshot(path=SCREENSHOTS / "player-news-turn-elsewhere.png", full_page=True)

    page.goto(f"{base}/people/{ada}")
    form = page.locator('[data-testid="challenge-form"]')
    form.locator("button").click()
    form.locator("text=Challenge sent").wait_for()
    page.screenshot(path=SCREENSHOTS / "person-challenge.png", full_page=True)

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
from tests.e2e.axe import serious_violations
from tests.e2e.browser import SCREENSHOTS, needs_chromium
from tests.e2e.webclient import LAPTOP, open_lobby

pytestmark = needs_chromium

PHONE = {"width": 390, "height": 844}
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


def offered_to(http: httpx.Client, token: str) -> str:
    """The first challenge the player's read model lists, once it lists one (within 10 s)."""
    for _ in range(200):
        items = http.get("/players/me/challenges", headers=bearer(token)).json()["items"]
        if items:
            return str(items[0]["challenge_id"])
        time.sleep(0.05)
    raise AssertionError("no challenge was listed")


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
    page.locator('main[data-status="playing"]').wait_for()
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


def test_the_challenger_is_taken_to_the_table_once_the_challenge_is_accepted(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    ada, ada_token = register(web_service, "ada")
    bo, bo_token = register(web_service, "bo")
    open_lobby(page, base)
    kept = json.dumps({"handle": ada, "token": ada_token})
    page.evaluate(f"() => localStorage.setItem('cardroom.player', {json.dumps(kept)})")
    page.goto(f"{base}/people/{bo}")
    form = page.locator('[data-testid="challenge-form"]')
    form.locator("button").click()
    expect(form.locator('[data-testid="challenge-said"]')).to_contain_text(f"waiting for {bo}")
    offered = offered_to(web_service, bo_token)
    accepted = web_service.post(f"/challenges/{offered}/accept", headers=bearer(bo_token))
    assert accepted.status_code == 201, accepted.text
    game_id = accepted.json()["game_id"]
    # polled until it comes, for at most 2 s from the acceptance's answer
    page.wait_for_url(f"{base}/play/{game_id}", timeout=2000)
    expect(page.locator('[data-testid="challenge-accepted"]')).to_contain_text(
        f"{bo} accepted your challenge"
    )
    page.locator('main[data-status="playing"]').wait_for()
    assert serious_violations(page) == []
    for size, name in ((LAPTOP, "laptop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        page.screenshot(path=SCREENSHOTS / f"challenger-taken-to-table-{name}.png", full_page=True)

"""Players, quick play and clocks in the web client: a handle registered in the lobby quick-plays
a table that another player, over HTTP, fills and starts while the page looks on; a table
opened with a clock per turn shows each seat's clock, the running one counting down."""

import re
from typing import Any

import httpx

from tests.api.players import bearer
from tests.e2e.browser import SCREENSHOTS, needs_chromium
from tests.e2e.webclient import CREATE_FORM, PLAYER, open_lobby

pytestmark = needs_chromium

TABLE_URL = re.compile(r"/play/[0-9a-f-]{36}$")
STATUS = '[data-testid="status"]'
CLOCKS = '[data-testid="clock"]'
RUNNING_CLOCK = ".clock--running"
START = '[data-action="start game"]'
TURN_SECONDS = 30


def test_a_registered_player_quick_plays_a_table_another_player_fills(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    mad = next(info for info in web_service.get("/games/kinds").json() if info["kind"] == "mad")
    assert mad["min_seats"] == 2  # quick play opens a table of the fewest seats a kind plays with
    open_lobby(page, base)
    page.locator('input[name="handle"]').fill("ada")
    page.locator('[data-testid="register"]').click()
    assert page.locator('[data-testid="handle"]').inner_text() == "ada"

    page.locator('[data-testid="quickplay-mad"]').click()
    page.wait_for_url(TABLE_URL)
    game_id = page.url.rsplit("/", 1)[1]
    page.locator(f'{STATUS}:text-is("open")').wait_for()
    page.evaluate("() => { window.sameDocument = true; }")

    bob = web_service.post("/players", json={"handle": "bob"})
    assert bob.status_code == 201, bob.text
    bob_token = bob.json()["token"]
    quick = web_service.post("/quickplay", json={"kind": "mad"}, headers=bearer(bob_token))
    assert quick.status_code == 201, quick.text
    assert quick.json()["game_id"] == game_id
    assert quick.json()["seat"] == 1

    page.locator(f'{STATUS}:text-is("playing")').wait_for()
    assert page.evaluate("() => window.sameDocument") is True
    seats = page.locator(".seats .seat__name").all_inner_texts()
    assert seats == ["ada", "bob"]
    assert page.locator('.seat[data-seat="0"] .seat__you').count() == 1
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "quickplay-started.png", full_page=True)


def test_a_table_with_a_clock_per_turn_shows_each_seat_counting_down(
    page: Any, web_service: httpx.Client
) -> None:
    open_lobby(page, str(web_service.base_url).rstrip("/"))
    form = page.locator(CREATE_FORM)
    form.locator('select[name="kind"]').select_option("mad")
    form.locator('select[name="clock"]').select_option("turn")
    form.locator('input[name="clock.turn_seconds"]').fill(str(TURN_SECONDS))
    form.locator('input[name="player"]').fill(PLAYER)
    form.locator('select[name="bots"]').select_option("random")
    form.locator('button[type="submit"]').click()
    page.wait_for_url(TABLE_URL)
    game_id = page.url.rsplit("/", 1)[1]
    page.locator(START).click()

    page.locator(RUNNING_CLOCK).first.wait_for()
    view = web_service.get(f"/games/{game_id}").json()
    assert view["clock"]["options"]["turn_seconds"] == TURN_SECONDS
    clocks = page.locator(CLOCKS)
    assert clocks.count() == len(view["seats"]) == 2
    assert all(text.strip() for text in clocks.all_inner_texts())
    first = page.locator(RUNNING_CLOCK).first.inner_text()
    assert re.fullmatch(r"0:[0-3]\d", first), first
    page.wait_for_function(
        "([selector, first]) => document.querySelector(selector)?.textContent !== first",
        arg=[RUNNING_CLOCK, first],
    )
    second = page.locator(RUNNING_CLOCK).first.inner_text()
    assert second != first
    page.screenshot(path=SCREENSHOTS / "clock-per-turn.png", full_page=True)

"""Tables that do what their host asked, identity that keeps, and the lobby's words, in the web
client at a laptop's and a phone's size, each page checked by axe-core.

- A two-seat table left open for people takes two people, starts when the second sits and
  leaves the waiting list; only its host is shown the bots, the invite link and the cancel.
- The host cancels a table, which leaves the lobby.
- Bots seated by the form have names of their own.
- Forgetting the player asks first and shows the token, which signs in on another browser.
- Unknown addresses show the client's "not found"; the lobby describes each game.
"""

import re
import uuid
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.e2e.axe import serious_violations
from tests.e2e.browser import SCREENSHOTS, needs_chromium, opened
from tests.e2e.webclient import CREATE_FORM, YOUR_NAME, open_lobby

pytestmark = needs_chromium

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
WAITING = '[data-testid="open-tables"] li.table-entry[data-game="{game}"]'
PLAYING = 'li.table-entry[data-game="{game}"] [data-testid="game-link"]'


def open_table(
    page: Any, base: str, kind: str, seats: int, bots: str, name: str, pace: str | None = None
) -> str:
    """Open a table in the lobby's form, the page's person in its first seat, its bots at
    `pace` (one of the form's choices) when given; its id."""
    open_lobby(page, base)
    form = page.locator(CREATE_FORM)
    form.locator('select[name="kind"]').select_option(kind)
    form.locator('input[name="seats"]').fill(str(seats))
    player = page.locator(YOUR_NAME)
    if player.count():
        player.fill(name)
    form.locator('select[name="bots"]').select_option(bots)
    if pace is not None:
        form.locator('select[name="bot_pace"]').select_option(label=pace)
    form.locator('button[type="submit"]').click()
    page.wait_for_url(re.compile(r"/play/[0-9a-f-]{36}$"))
    game_id: str = page.url.rsplit("/", 1)[1]
    return game_id


def accessible(page: Any, name: str) -> None:
    """No serious or critical axe-core violation at either size; a screenshot of each."""
    for size, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        page.screenshot(path=SCREENSHOTS / f"{name}-{size}.png", full_page=True)
        assert serious_violations(page) == [], f"{name} at the {size}'s size"
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


def test_a_two_seat_table_takes_two_people_starts_when_full_and_leaves_the_lobby(
    page: Any, browser: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    page.set_viewport_size(LAPTOP)
    game_id = open_table(page, base, "gnono", 2, "none", "host")
    host = page.locator('[data-testid="host-controls"]')
    expect(host.locator('[data-testid="invite-link"]')).to_have_value(f"{base}/play/{game_id}")
    expect(host.locator("[data-bot]")).to_have_count(3)  # random, heuristic, search
    page.screenshot(path=SCREENSHOTS / "host-table-laptop.png", full_page=True)

    shot = SCREENSHOTS / "guest-table-phone.png"
    with opened(browser, f"{base}/", shot, viewport=PHONE) as guest:
        entry = guest.locator(WAITING.format(game=game_id))
        expect(entry).to_contain_text("1 of 2 seats taken")
        expect(entry.locator("[data-bot]")).to_have_count(0)
        accessible(guest, "lobby")
        guest.set_viewport_size(PHONE)
        entry.locator('input[name="player"]').fill("guest")
        entry.locator('[data-testid="take-seat"] button[type="submit"]').click()
        guest.wait_for_url(f"{base}/play/{game_id}")
        expect(guest.locator('main[data-status="playing"]')).to_be_visible()
        expect(guest.locator(".seats li")).to_have_count(2)
        expect(guest.locator('[data-testid="host-controls"]')).to_have_count(0)
        guest.goto(f"{base}/")
        expect(guest.locator(PLAYING.format(game=game_id))).to_have_text(
            re.compile("your turn|resume")
        )
        expect(guest.locator(WAITING.format(game=game_id))).to_have_count(0)
    expect(page.locator('main[data-status="playing"]')).to_be_visible()
    assert [seat["name"] for seat in web_service.get(f"/games/{game_id}").json()["seats"]] == [
        "host",
        "guest",
    ]


def test_the_host_cancels_a_table_which_leaves_the_lobby(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    page.set_viewport_size(PHONE)
    game_id = open_table(page, base, "mad", 3, "none", "host")
    page.locator('[data-testid="cancel-table"]').click()
    page.locator('[data-testid="cancel-confirmed"]').click()
    expect(page.locator("main.table-page")).to_have_attribute("data-status", "cancelled")
    expect(page.locator('[data-testid="host-controls"]')).to_have_count(0)
    open_lobby(page, base)
    expect(page.locator('[data-testid="kinds"] li')).to_have_count(5)
    expect(page.locator(WAITING.format(game=game_id))).to_have_count(0)
    assert web_service.get(f"/games/{game_id}").json()["status"] == "cancelled"


def test_bots_seated_by_the_form_have_names_of_their_own(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    page.set_viewport_size(LAPTOP)
    game_id = open_table(page, base, "mad", 4, "heuristic", "host")
    names = page.locator(".seats .seat__name")
    expect(names).to_have_count(4)
    shown = names.all_inner_texts()
    assert len(set(shown)) == 4 and not any("heuristic" in name for name in shown), shown
    seen = web_service.get(f"/games/{game_id}").json()
    assert [seat["name"] for seat in seen["seats"]] == shown
    assert seen["setup"] == {"seats": 4}, "watchable: the service's pace for people"


def test_cnos_bots_may_be_easy(page: Any, web_service: httpx.Client) -> None:
    base = str(web_service.base_url).rstrip("/")
    page.set_viewport_size(PHONE)
    game_id = open_table(page, base, "cno", 2, "random", "host", pace="easy")
    seen = web_service.get(f"/games/{game_id}").json()
    assert seen["setup"] == {"seats": 2, "bot_pace": 1.5}


def test_forgetting_asks_first_and_the_token_signs_in_on_another_browser(
    page: Any, browser: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    handle = f"kit-{uuid.uuid4().hex[:6]}"
    page.set_viewport_size(LAPTOP)
    open_lobby(page, base)
    page.locator('input[name="handle"]').fill(handle)
    page.locator('[data-testid="register"]').click()
    header = page.locator('[data-testid="header-player"]')
    expect(header).to_have_text(handle)
    expect(header).to_have_attribute("href", f"/people/{handle}")
    page.locator('[data-testid="forget-player"]').click()
    token = page.locator('[data-testid="player-token"]').input_value()
    assert web_service.get("/player", headers={"Authorization": f"Bearer {token}"}).json() == {
        "handle": handle
    }
    page.screenshot(path=SCREENSHOTS / "forget-laptop.png", full_page=True)
    assert serious_violations(page) == []
    page.locator('[data-testid="forget-confirmed"]').click()
    expect(page.locator('[data-testid="register"]')).to_be_visible()
    expect(header).to_have_count(0)

    with opened(browser, f"{base}/", SCREENSHOTS / "sign-in-phone.png", viewport=PHONE) as other:
        other.locator(".sign-in summary").click()
        other.locator('[data-testid="sign-in"] input[name="token"]').fill(token)
        other.locator('[data-testid="sign-in"] button[type="submit"]').click()
        expect(other.locator('[data-testid="handle"]')).to_have_text(handle)
        other.locator('[data-testid="header-player"]').click()
        other.wait_for_url(f"{base}/people/{handle}")
        expect(other.locator("main h1")).to_contain_text(handle)
        accessible(other, "player-page")


def test_unknown_addresses_show_the_clients_page_and_the_scoreboard_passes_axe(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    for path in ("/boards", "/foo"):
        answer = page.goto(f"{base}{path}")
        assert answer is not None and answer.status == 404
        expect(page.locator('[data-testid="not-found"] h1')).to_have_text("Not found")
    page.screenshot(path=SCREENSHOTS / "not-found-laptop.png", full_page=True)
    page.goto(f"{base}/boards/gnono")
    expect(page.locator("main h1")).to_be_visible()
    accessible(page, "scoreboard")

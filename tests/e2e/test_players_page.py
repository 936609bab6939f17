"""Players, quick play, clocks, ratings and rematch in the web client: a handle registered in
the lobby quick-plays a table that another player, over HTTP, fills and starts while the page
looks on; a table opened with a clock per turn shows each seat's clock, the running one
counting down; a rated game shows on the kind's ratings and its player's page, and its seat
opens the rematch from the finished table."""

import math
import random
import re
import time
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.api.players import bearer
from tests.e2e.axe import serious_violations
from tests.e2e.browser import SCREENSHOTS, needs_chromium
from tests.e2e.webclient import CREATE_FORM, LAPTOP, PHONE, PLAYER, YOUR_NAME, open_lobby

pytestmark = needs_chromium

PHONE_TALL = {"width": 390, "height": 844}
TABLE_URL = re.compile(r"/play/[0-9a-f-]{36}$")
STATUS = "main[data-status"
"""The table's status as its page holds it, completed by the status: `f'{STATUS}="open"]'`."""
CLOCKS = '[data-testid="clock"]'
RUNNING_CLOCK = ".clock--running"
START = '[data-action="start game"]'
TURN_SECONDS = 30
OPTIONS = {"hand_sizes": [2, 9, 8, 7, 6]}
"""MAD's smallest hands for two seats: a game of a few placements."""
GAME_SECONDS = 20
"""The longest the rated game over HTTP, then its projection into the ratings, may take."""
POLL_SECONDS = 0.05
BOTS_SECONDS = 60
"""A bound on quick play's wait for bots (the page asks for them after 15 seconds)."""


def no_table_waiting(http: httpx.Client, kind: str) -> None:
    """Fill every quick-play table of `kind` still waiting for players, so that the next
    quick play opens a table: the service's other tests leave some (a rematch offered to
    quick play, a table a guest waits at). Ends when a guest opened a table, filled too."""
    while True:
        seated = http.post("/quickplay", json={"kind": kind, "name": "filler"})
        assert seated.status_code == 201, seated.text
        if seated.json()["seat"] == 0:
            assert http.post("/quickplay", json={"kind": kind, "name": "filler"}).json()["seat"]
            return


def test_a_registered_player_quick_plays_a_table_another_player_fills(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    mad = next(info for info in web_service.get("/games/kinds").json() if info["kind"] == "mad")
    assert mad["min_seats"] == 2  # quick play opens a table of the fewest seats a kind plays with
    no_table_waiting(web_service, "mad")
    open_lobby(page, base)
    page.locator('input[name="handle"]').fill("ada")
    page.locator('[data-testid="register"]').click()
    assert page.locator('[data-testid="handle"]').inner_text() == "ada"
    told = page.locator('[data-testid="token-only-here"]')
    expect(told).to_contain_text("Your token lives only in this browser.")
    kept = page.locator('[data-testid="player-token"]').input_value()
    assert kept == page.evaluate("() => JSON.parse(localStorage.getItem('cardroom.player')).token")
    assert (
        page.locator('[data-testid="save-token"]').get_attribute("download") == "cardroom-ada.txt"
    )
    expect(page.locator('[data-testid="copy-token"]')).to_be_visible()
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "lobby-playing-as.png", full_page=True)

    page.locator('[data-testid="quickplay-mad"]').click()
    page.wait_for_url(TABLE_URL)
    game_id = page.url.rsplit("/", 1)[1]
    page.locator(f'{STATUS}="open"]').wait_for()
    page.evaluate("() => { window.sameDocument = true; }")

    bob = web_service.post("/players", json={"handle": "bob"})
    assert bob.status_code == 201, bob.text
    bob_token = bob.json()["token"]
    quick = web_service.post("/quickplay", json={"kind": "mad"}, headers=bearer(bob_token))
    assert quick.status_code == 201, quick.text
    assert quick.json()["game_id"] == game_id
    assert quick.json()["seat"] == 1

    page.locator(f'{STATUS}="playing"]').wait_for()
    assert page.evaluate("() => window.sameDocument") is True
    seats = page.locator(".seats .seat__name").all_inner_texts()
    assert seats == ["ada", "bob"]
    assert page.locator('.seat[data-seat="0"] .seat__you').count() == 1
    page.screenshot(path=SCREENSHOTS / "quickplay-started.png", full_page=True)


def test_a_first_visit_plays_in_one_step_under_a_suggested_name(
    page: Any, web_service: httpx.Client
) -> None:
    open_lobby(page, str(web_service.base_url).rstrip("/"))
    name = page.locator(YOUR_NAME)
    suggested = name.input_value()
    assert re.fullmatch(r"\w+ \d{3}", suggested), suggested
    quick = page.locator('[data-testid="quickplay-mad"]')
    expect(quick).to_be_enabled()
    seated_as = page.locator(f'{CREATE_FORM} [data-testid="seated-as"]')
    expect(seated_as).to_have_text(f"You sit down as {suggested} (your name, above).")
    name.fill("")
    expect(quick).to_be_disabled()
    expect(page.locator('[data-testid="name-needed"]')).to_have_text("Give a name to play.")
    expect(page.locator(f'{CREATE_FORM} button[type="submit"]')).to_be_disabled()
    name.fill("dee")
    expect(quick).to_be_enabled()
    expect(seated_as).to_have_text("You sit down as dee (your name, above).")
    assert serious_violations(page) == []
    for size, shot in ((LAPTOP, "laptop"), (PHONE_TALL, "phone")):
        page.set_viewport_size(size)
        page.screenshot(path=SCREENSHOTS / f"lobby-first-visit-{shot}.png", full_page=True)
    no_table_waiting(web_service, "mad")
    quick.click()
    page.wait_for_url(TABLE_URL)
    expect(page.locator(".seats .seat__name")).to_have_text(["dee"])


def test_quick_play_can_ask_for_search_bots_when_nobody_comes(
    page: Any, web_service: httpx.Client
) -> None:
    no_table_waiting(web_service, "ecliptic")
    open_lobby(page, str(web_service.base_url).rstrip("/"))
    page.locator(YOUR_NAME).fill("cy")
    page.locator('select[name="quickplay-bots"]').select_option("search")
    page.locator('[data-testid="quickplay-ecliptic"]').click()
    page.wait_for_url(TABLE_URL)
    countdown = page.locator('[data-testid="bots-countdown"]')
    promise = re.compile(r"Bots take the free seats in \d+ s if nobody comes\.")
    expect(countdown).to_have_text(promise)
    first = int(re.findall(r"\d+", countdown.inner_text())[0])
    assert 0 < first <= 15
    expect(countdown).not_to_have_text(f"Bots take the free seats in {first} s if nobody comes.")
    assert serious_violations(page) == []
    for size, name in ((LAPTOP, "laptop"), (PHONE_TALL, "phone")):
        page.set_viewport_size(size)
        page.screenshot(path=SCREENSHOTS / f"quickplay-bots-countdown-{name}.png", full_page=True)
    page.locator(f'{STATUS}="playing"]').wait_for(timeout=BOTS_SECONDS * 1000)
    game_id = page.url.rsplit("/", 1)[1]
    seats = web_service.get(f"/games/{game_id}").json()["seats"]
    assert [seat["bot"] for seat in seats] == [None, "search"]
    page.screenshot(path=SCREENSHOTS / "quickplay-search-bots.png", full_page=True)


def test_a_table_with_a_clock_per_turn_shows_each_seat_counting_down(
    page: Any, web_service: httpx.Client
) -> None:
    open_lobby(page, str(web_service.base_url).rstrip("/"))
    form = page.locator(CREATE_FORM)
    form.locator('select[name="kind"]').select_option("mad")
    form.locator('select[name="clock"]').select_option("turn")
    form.locator('input[name="clock.turn_seconds"]').fill(str(TURN_SECONDS))
    page.locator(YOUR_NAME).fill(PLAYER)
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


def test_a_rated_game_shows_on_the_ratings_and_its_seat_opens_the_rematch(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    registered = web_service.post("/players", json={"handle": "cy"})
    assert registered.status_code == 201, registered.text
    game_id, seat_token = play_rated_game(web_service, registered.json()["token"])
    rating = wait_for_the_rating(web_service, "cy", time.monotonic() + GAME_SECONDS)

    page.goto(f"{base}/boards/mad")
    page.locator('[data-tab="ratings"]').click()
    row = page.locator('[data-testid="ratings"] tr[data-player="cy"]')
    familiar = math.floor(1500 + 50 * rating["ordinal"] + 0.5)  # as web/src/rating.ts says
    assert row.locator('[data-field="rating"]').inner_text() == str(familiar)
    assert row.locator('[data-field="played"]').inner_text() == "1"
    page.set_viewport_size(PHONE)
    page.screenshot(path=SCREENSHOTS / "ratings-phone.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert serious_violations(page) == []

    row.locator("a").click()
    page.locator('[data-testid="rating-changes"] [data-field="change"]').wait_for()
    assert page.locator('[data-field="rating"]').inner_text().startswith(f"rating {familiar}")
    page.screenshot(path=SCREENSHOTS / "person-ratings-phone.png", full_page=True)
    assert serious_violations(page) == []

    page.evaluate(
        "([game, token]) => localStorage.setItem(`cardroom.seat.${game}`, token)",
        [game_id, seat_token],
    )
    page.goto(f"{base}/play/{game_id}")
    page.locator('[data-testid="rematch"]').wait_for()
    page.screenshot(path=SCREENSHOTS / "rematch-offered-phone.png", full_page=True)
    page.locator('[data-testid="rematch"]').click()
    page.wait_for_url(lambda url: TABLE_URL.search(url) is not None and game_id not in url)
    rematch_id = page.url.rsplit("/", 1)[1]
    assert web_service.get(f"/games/{game_id}").json()["rematch"] == rematch_id
    page.locator(f'{STATUS}="open"]').wait_for()
    assert page.locator(".seat--you .seat__name").inner_text() == "cy"


def play_rated_game(http: httpx.Client, player_token: str) -> tuple[str, str]:
    """A two-seat MAD game, the player against a random bot making random legal moves over
    HTTP, played to its end; answers its id and the player's seat token."""
    created = http.post("/games", json={"kind": "mad", "options": OPTIONS})
    assert created.status_code == 201, created.text
    game_id: str = created.json()["id"]
    seated = http.post(f"/games/{game_id}/seats", json={}, headers=bearer(player_token))
    assert seated.status_code == 201, seated.text
    token: str = seated.json()["token"]
    bot = http.post(f"/games/{game_id}/seats", json={"bot": "random"}, headers=bearer(token))
    assert bot.status_code == 201, bot.text
    rng = random.Random(0)
    deadline = time.monotonic() + GAME_SECONDS
    while True:
        assert time.monotonic() < deadline, "the game did not end in time"
        view = http.get(f"/games/{game_id}", headers=bearer(token)).json()
        if view["status"] == "finished":
            return game_id, token
        if view["legal_moves"]:
            move = rng.choice(view["legal_moves"])
            sent = http.post(f"/games/{game_id}/commands", json=move, headers=bearer(token))
            assert sent.status_code == 200, sent.text
        else:
            time.sleep(POLL_SECONDS)  # the bot's turn: look again shortly


def wait_for_the_rating(http: httpx.Client, player: str, deadline: float) -> dict[str, Any]:
    """The player's entry on MAD's ratings, once the projection has rated their game."""
    while True:
        board = http.get("/ratings/mad", params={"limit": 200})
        assert board.status_code == 200, board.text
        entry = next((e for e in board.json()["items"] if e["player"] == player), None)
        if entry is not None:
            return entry
        assert time.monotonic() < deadline, "the ratings did not show the game in time"
        time.sleep(POLL_SECONDS)

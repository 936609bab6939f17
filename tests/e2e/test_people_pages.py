"""The scoreboards, the players' pages and the live lobby in the web client: a game played over
HTTP shows on its kind's scoreboard with the figures the API answers, its player's name leads
to their page listing it; a table another client opens appears in an open lobby by itself."""

import random
import time
import uuid
from typing import Any
from urllib.parse import quote

import httpx
from playwright.sync_api import expect

from tests.api.players import bearer
from tests.e2e.browser import SCREENSHOTS, needs_chromium
from tests.e2e.webclient import PHONE

pytestmark = needs_chromium

PLAYER = f"ada-{uuid.uuid4().hex[:6]}"
"""A registered player's handle (only players count on scoreboards), new to each run."""
OPTIONS = {"hand_sizes": [2, 9, 8, 7, 6]}
"""MAD's smallest hands for two seats: a game of a few placements."""
GAME_SECONDS = 20
"""The longest the game over HTTP, then its projection into the read models, may take."""
POLL_SECONDS = 0.05
SCOREBOARD = '[data-testid="scoreboard"]'
PERSON = '[data-testid="person"]'
OPEN_TABLES = '[data-testid="open-tables"] li.table-entry[data-game]'


def test_a_finished_game_shows_on_the_scoreboard_and_leads_to_its_players_page(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    game_id = play_against_a_random_bot(web_service, PLAYER, time.monotonic() + GAME_SECONDS)
    standing = standing_of(web_service.get(f"/games/{game_id}").json(), PLAYER)
    wait_for_the_read_models(web_service, PLAYER, game_id, time.monotonic() + GAME_SECONDS)
    rank, entry = scoreboard_entry(web_service, "mad", PLAYER)

    page.goto(f"{base}/boards/mad")
    row = page.locator(f'{SCOREBOARD} tr[data-player="{PLAYER}"]')
    row.wait_for()
    assert fields(row, "rank", "player", "played", "won", "points") == [
        str(rank),
        PLAYER,
        str(entry["played"]),
        str(entry["won"]),
        str(entry["points"]),
    ]
    assert entry["played"] >= 1
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "scoreboard.png", full_page=True)
    assert fits_a_phone(page, "scoreboard-phone.png")

    row.locator('[data-field="player"] a').click()
    page.wait_for_url(f"{base}/people/{PLAYER}")
    game = page.locator(f'{PERSON} [data-kind="mad"] [data-game="{game_id}"]')
    game.wait_for()
    result = {1: "won", 2: "2nd place"}[standing["place"]]  # two seats
    assert game.locator('[data-field="result"]').inner_text() == result
    assert game.locator('[data-field="score"]').inner_text() == f"score {standing['score']}"
    assert game.get_by_role("link", name="replay").get_attribute("href") == f"/replay/{game_id}"
    assert fits_a_phone(page, "person-phone.png")


def test_unknown_kinds_and_players_are_told_in_a_sentence(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    page.goto(f"{base}/boards/bridge")
    missing = page.locator('[data-testid="missing"]')
    assert missing.inner_text() == "No game called “bridge” is played here; pick one above."
    expect(page.locator(".kind-switcher a[href='/boards/mad']")).to_have_count(1)  # kinds load

    page.goto(f"{base}/people/{quote('nobody at all')}")
    assert missing.inner_text() == "Nobody named “nobody at all” has finished a game here yet."


def test_the_lobby_shows_a_table_another_client_opens_without_a_reload(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    navigations: list[str] = []
    page.goto(f"{base}/")
    page.wait_for_function(
        "() => document.body.textContent.includes('Tables waiting for players')"
        " && !document.body.textContent.includes('Looking for tables')"
    )
    page.on("framenavigated", lambda frame: navigations.append(frame.url))
    page.evaluate("() => { window.sameDocument = true; }")
    shown_before = open_tables(page)

    created = web_service.post("/games", json={"kind": "mad", "options": OPTIONS})
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    assert game_id not in shown_before

    page.locator(f'{OPEN_TABLES}[data-game="{game_id}"]').wait_for()
    assert page.evaluate("() => window.sameDocument") is True
    assert navigations == []


def play_against_a_random_bot(http: httpx.Client, name: str, deadline: float) -> str:
    """A two-seat MAD game, the player `name` (registered here) playing random legal moves
    over HTTP, played to its end."""
    created = http.post("/games", json={"kind": "mad", "options": OPTIONS})
    assert created.status_code == 201, created.text
    game_id: str = created.json()["id"]
    registered = http.post("/players", json={"handle": name})
    assert registered.status_code == 201, registered.text
    player = bearer(registered.json()["token"])
    seated = http.post(f"/games/{game_id}/seats", json={}, headers=player)
    assert seated.status_code == 201, seated.text
    token = seated.json()["token"]
    bot = http.post(f"/games/{game_id}/seats", json={"bot": "random"}, headers=bearer(token))
    assert bot.status_code == 201, bot.text
    rng = random.Random(0)
    while True:
        assert time.monotonic() < deadline, "the game did not end in time"
        view = http.get(f"/games/{game_id}", headers=bearer(token)).json()
        if view["status"] == "finished":
            return game_id
        if view["legal_moves"]:
            move = rng.choice(view["legal_moves"])
            sent = http.post(f"/games/{game_id}/commands", json=move, headers=bearer(token))
            assert sent.status_code == 200, sent.text
        else:
            time.sleep(POLL_SECONDS)  # the bot's turn: look again shortly


def standing_of(final: dict[str, Any], name: str) -> dict[str, Any]:
    assert final["status"] == "finished"
    seat = next(seat for seat, taken in enumerate(final["seats"]) if taken["name"] == name)
    standing: dict[str, Any] = next(s for s in final["standings"] if s["seat"] == seat)
    return standing


def wait_for_the_read_models(http: httpx.Client, name: str, game_id: str, deadline: float) -> None:
    """Until the player's record lists the game (the scoreboard is written with it)."""
    while True:
        answer = http.get(f"/players/{quote(name)}")
        if answer.status_code == 200:
            if game_id in {game["game_id"] for game in answer.json()["recent_games"]}:
                return
        else:
            assert answer.status_code == 404, answer.text
        assert time.monotonic() < deadline, "the read models did not show the game in time"
        time.sleep(POLL_SECONDS)


def scoreboard_entry(http: httpx.Client, kind: str, name: str) -> tuple[int, dict[str, Any]]:
    """The player's rank (1 = first) and entry on the kind's scoreboard, as the API answers."""
    board = http.get(f"/scoreboards/{kind}", params={"limit": 200})
    assert board.status_code == 200, board.text
    entries = board.json()["items"]
    rank = next(rank for rank, entry in enumerate(entries, 1) if entry["player"] == name)
    return rank, entries[rank - 1]


def fields(row: Any, *names: str) -> list[str]:
    return [row.locator(f'[data-field="{name}"]').inner_text() for name in names]


def fits_a_phone(page: Any, screenshot: str) -> bool:
    """Whether the page needs no horizontal scroll at a phone's width (saved as `screenshot`)."""
    laptop = page.viewport_size
    page.set_viewport_size(PHONE)
    page.screenshot(path=SCREENSHOTS / screenshot, full_page=True)
    fits: bool = page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.set_viewport_size(laptop)
    return fits


def open_tables(page: Any) -> list[str]:
    games: list[str] = page.eval_on_selector_all(
        OPEN_TABLES, "entries => entries.map((entry) => entry.dataset.game)"
    )
    return games

"""The end screen and the rematch: the finished table hears from its live stream, without
reading the game again, that another seat opened the rematch; the end screen of a rematch
shows the series' wins per player."""

import random
import time
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.api.players import bearer
from tests.e2e.axe import serious_violations
from tests.e2e.browser import SCREENSHOTS, needs_chromium
from tests.e2e.webclient import LAPTOP

pytestmark = needs_chromium

OPTIONS = {"hand_sizes": [2, 9, 8, 7, 6]}
"""MAD's smallest hands for two seats: a game of a few placements."""
PHONE = {"width": 390, "height": 844}
GAME_SECONDS = 20
REMATCH = '[data-testid="rematch"]'
OFFER_SECONDS = 2.0
"""The longest the offer may take to show: well under a poll every 3 s."""
OLD_POLL_SECONDS = 3.5
"""Longer than the finished table used to wait between two reads of the game."""


def posted(http: httpx.Client, path: str, body: Any = None, token: str | None = None) -> Any:
    answer = http.post(path, json=body, headers=bearer(token) if token else {})
    assert answer.status_code in (200, 201), answer.text
    return answer.json()


def played_out(http: httpx.Client, game_id: str, tokens: list[str]) -> None:
    """Random legal moves of the seats until the game is over."""
    rng = random.Random(game_id)
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline:
        views = [http.get(f"/games/{game_id}", headers=bearer(token)).json() for token in tokens]
        if views[0]["status"] == "finished":
            return
        movers = [seat for seat, seen in enumerate(views) if seen["legal_moves"]]
        seat = rng.choice(movers)
        move = rng.choice(views[seat]["legal_moves"])
        posted(http, f"/games/{game_id}/commands", move, tokens[seat])
    raise AssertionError("the game did not end in time")


def finished_game(
    http: httpx.Client, names: tuple[str, ...] = ("Ada", "Bo")
) -> tuple[str, list[str]]:
    """A two-seat MAD game between `names`, played to its end over HTTP; its id and tokens."""
    game_id = posted(http, "/games", {"kind": "mad", "options": OPTIONS})["id"]
    tokens = [posted(http, f"/games/{game_id}/seats", {"name": name})["token"] for name in names]
    posted(http, f"/games/{game_id}/commands", {"type": "start_game"}, tokens[0])
    played_out(http, game_id, tokens)
    return game_id, tokens


def rematch_of(http: httpx.Client, game_id: str, tokens: list[str]) -> tuple[str, list[str]]:
    """The rematch both seats ask for, played to its end; its id and tokens in the old order."""
    seats = [posted(http, f"/games/{game_id}/rematch", None, token) for token in tokens]
    rematch_id = seats[0]["game_id"]
    by_seat = sorted(seats, key=lambda seat: seat["seat"])
    played_out(http, rematch_id, [seat["token"] for seat in by_seat])
    return rematch_id, [seat["token"] for seat in seats]


def as_seat(page: Any, base: str, game_id: str, token: str) -> None:
    """The table's page as the seat holding `token`."""
    page.goto(f"{base}/")
    page.evaluate(
        "([game, token]) => localStorage.setItem(`cardroom.seat.${game}`, token)", [game_id, token]
    )
    page.goto(f"{base}/play/{game_id}")


def test_the_rematch_another_seat_opens_is_offered_at_once_without_polling(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    game_id, tokens = finished_game(web_service)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(f"{request.method} {request.url}"))
    as_seat(page, base, game_id, tokens[1])
    offer = page.locator(REMATCH)
    offer.wait_for()
    assert offer.inner_text() == "rematch"
    page.wait_for_timeout(OLD_POLL_SECONDS * 1000)
    quiet = list(requests)

    opened = time.monotonic()
    rematch_id = posted(web_service, f"/games/{game_id}/rematch", None, tokens[0])["game_id"]
    page.locator(f'{REMATCH}:text-is("join the rematch")').wait_for(timeout=OFFER_SECONDS * 1000)
    assert time.monotonic() - opened < OFFER_SECONDS
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "rematch-offered-live.png", full_page=True)

    reads = [line for line in requests if line == f"GET {base}/games/{game_id}"]
    assert reads == [], "the finished table does not read the game again"
    assert requests == quiet, "the offer came by the open stream, with no new request"
    offer.click()
    page.wait_for_url(f"{base}/play/{rematch_id}")


def test_the_end_screen_of_a_rematch_shows_the_series_score(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    game_id, tokens = finished_game(web_service)
    rematch_id, rematch_tokens = rematch_of(web_service, game_id, tokens)
    wins = {"Ada": 0, "Bo": 0}
    for played in (game_id, rematch_id):
        final = web_service.get(f"/games/{played}").json()
        for standing in final["standings"]:
            wins[final["seats"][standing["seat"]]["name"]] += standing["place"] == 1
    assert web_service.get(f"/games/{rematch_id}").json()["rematch_of"] == game_id

    as_seat(page, base, rematch_id, rematch_tokens[0])
    series = page.locator('[data-testid="series"]')
    series.wait_for()
    seats = web_service.get(f"/games/{rematch_id}").json()["seats"]
    expected = ", ".join(f"{seat['name']} {wins[seat['name']]}" for seat in seats)
    assert series.inner_text() == f"Series: {expected}"
    assert sum(wins.values()) >= 2
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "rematch-series.png", full_page=True)

    as_seat(page, base, game_id, tokens[0])
    page.locator('[data-testid="result"]').wait_for()
    assert page.locator('[data-testid="series"]').count() == 0, "a first game has no series"


def test_the_rematch_says_whom_it_waits_for(page: Any, web_service: httpx.Client) -> None:
    base = str(web_service.base_url).rstrip("/")
    game_id, tokens = finished_game(web_service, ("Ada", "Sam"))
    seat = posted(web_service, f"/games/{game_id}/rematch", None, tokens[0])
    as_seat(page, base, seat["game_id"], seat["token"])
    expect(page.locator('[data-testid="awaited"]')).to_have_text(
        "Waiting for Sam to join the rematch."
    )
    expect(page.locator('[data-testid="seats-awaited"]')).to_have_text(
        "waiting for 1 more player: the game starts once every seat is taken"
    )
    assert serious_violations(page) == []
    for size, name in ((LAPTOP, "laptop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        page.screenshot(path=SCREENSHOTS / f"rematch-waiting-{name}.png", full_page=True)
    posted(web_service, f"/games/{game_id}/rematch", None, tokens[1])
    expect(page.locator('[data-testid="awaited"]')).to_have_count(0)

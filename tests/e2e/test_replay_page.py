"""The replay page: a finished game scrubbed from its creation to its end beside its log and
its audit; and a table reloaded mid-game, which resumes the same seat at the same game."""

import random
import time
from typing import Any

import httpx
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.api.players import bearer
from tests.e2e.axe import serious_violations
from tests.e2e.browser import SCREENSHOTS, needs_chromium
from tests.e2e.webclient import (
    ACTIONS,
    CHANGE_MS,
    LAPTOP,
    PHONE,
    PLAYER,
    STANDINGS,
    checked_standings,
    play_by_clicking,
    seat_against_bots,
)

pytestmark = needs_chromium

QUICK_MAD = {"hand_sizes": [2, 9, 8, 7, 6]}
"""MAD with two-card hands at two seats: a game of a few dozen commands."""
RELOADED_MAD = {"hand_sizes": [3, 9, 8, 7, 6]}
"""Three-card hands: after the start and one move of the person's, neither seat can have
played out its hand, whichever seat the game chose to go first (a Criticality that empties
the Core may still end it)."""
TABLES = 3
"""Tables the reload test opens at most, to find a game still going after two moves."""
GAME_SECONDS = 45
"""The longest a game may take, bots and clicks included (a few seconds as a rule)."""
POLL_SECONDS = 0.05
PHONE_TALL = {"width": 390, "height": 844}
VERSION = '[data-testid="replay-version"]'
SCRUBBER = '[data-testid="scrubber"]'
AUDIT = '[data-testid="audit"]'
CURRENT_LINE = '[data-testid="log"] [aria-current="step"]'
OFFERED = """() => [
  document.querySelector("[data-version]")?.dataset.version,
  document.querySelector('[data-testid="refusal"]')?.textContent,
  ...[...document.querySelectorAll("[data-action]")].map((e) => e.dataset.action),
].join("|")"""
"""What the page shows a player, but for buttons disabled while a move is on its way."""


def test_a_finished_game_replays_from_its_creation_to_its_audited_end(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    game_id = finished_game_of_bots(web_service)
    final = web_service.get(f"/games/{game_id}").json()
    last = final["version"]
    audit = web_service.get(f"/games/{game_id}/audit").json()

    page.goto(f"{base}/replay/{game_id}")
    expect(page.locator(VERSION)).to_have_text(str(last))
    expect(page.locator(SCRUBBER)).to_have_attribute("max", str(last))
    expect(page.locator(".scrubber__version")).to_have_text(f"step {last} of {last}")

    page.locator(SCRUBBER).fill("1")
    expect(page.locator("main[data-version='1']")).to_have_attribute("data-status", "open")
    expect(page.locator(VERSION)).to_have_text("1")
    assert page.url.endswith(f"/replay/{game_id}?at=1")
    assert page.locator(".seats .seat").count() == 0  # as created: no seat, no game
    assert page.locator(STANDINGS).count() == 0
    expect(page.locator(CURRENT_LINE)).to_have_attribute("data-from", "1")
    expect(page.locator("[data-testid='step-back']")).to_be_disabled()

    page.locator("[data-testid='step-forward']").click()
    expect(page.locator("main[data-version='2']")).to_be_visible()
    expect(page.locator(VERSION)).to_have_text("2")
    expect(page.locator(".seats .seat")).to_have_count(1)  # the first bot took its seat

    start = page.locator("[data-testid='log'] li", has_text="The game started")
    start.locator("button").click()
    started = start.get_attribute("data-to") or ""
    expect(page.locator(VERSION)).to_have_text(started)
    expect(page.locator(CURRENT_LINE)).to_have_attribute("data-to", started)
    assert page.locator("[data-action]").count() == 0  # a replay cannot move

    page.locator("[data-testid='last']").click()
    expect(page.locator(f"main[data-version='{last}']")).to_have_attribute(
        "data-status", "finished"
    )
    expect(page.locator(VERSION)).to_have_text(str(last))
    expect(page.locator(CURRENT_LINE)).to_have_attribute("data-to", str(last))
    checked_standings(page, final)
    expect(page.locator(f"{AUDIT} [data-check]")).to_have_count(len(audit["checks"]))
    assert audit["ok"] and audit_shown(page) == [
        {"name": check["name"], "passed": True, "detail": check["detail"]}
        for check in audit["checks"]
    ]
    assert serious_violations(page) == []
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "replay.png", full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=SCREENSHOTS / "replay-phone.png", full_page=True)
    assert serious_violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    page.goto(f"{base}/replay/{game_id}?at=3")  # a link opens at its version
    expect(page.locator(VERSION)).to_have_text("3")
    expect(page.locator(".seats .seat")).to_have_count(2)


def test_a_reload_mid_game_resumes_the_seat_at_the_same_game(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    deadline = time.monotonic() + GAME_SECONDS
    for _ in range(TABLES):  # a Criticality may empty the Core and end a game at once
        game_id = seat_against_bots(page, base, "mad", 2, RELOADED_MAD, bot="heuristic")
        if click_moves(page, 2, deadline) == 2:  # the start and one move
            page.wait_for_selector(f"{ACTIONS}, {STANDINGS}")  # the bot's answer, if any
            if not page.locator(STANDINGS).count():
                break
    else:
        raise AssertionError(f"each of {TABLES} games ended before the seat's next move")
    before = shown_version(page)

    page.reload()
    page.wait_for_selector("[data-version]")
    assert page.url == f"{base}/play/{game_id}"
    assert shown_version(page) >= before
    expect(page.locator(".seat--you .seat__name")).to_have_text(PLAYER)
    page.wait_for_selector(ACTIONS)  # the seat is offered its moves again
    play_by_clicking(page)

    final = web_service.get(f"/games/{game_id}").json()
    assert final["status"] == "finished"
    checked_standings(page, final)


def finished_game_of_bots(
    http: httpx.Client, kind: str = "mad", options: dict[str, Any] = QUICK_MAD
) -> str:
    """A game of two random bots (by default a quick MAD game), played to its end."""
    created = http.post("/games", json={"kind": kind, "options": options})
    game_id: str = created.json()["id"]
    tokens = [http.post(f"/games/{game_id}/seats", json={"bot": "random"}).json()["token"]]
    host = bearer(tokens[0])  # the host seats the second bot
    tokens.append(
        http.post(f"/games/{game_id}/seats", json={"bot": "random"}, headers=host).json()["token"]
    )
    started = http.post(
        f"/games/{game_id}/commands", json={"type": "start_game"}, headers=bearer(tokens[0])
    )
    assert started.status_code == 200, started.text
    deadline = time.monotonic() + GAME_SECONDS
    while http.get(f"/games/{game_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, f"{kind} game {game_id} did not end in time"
        time.sleep(POLL_SECONDS)
    return game_id


def click_moves(page: Any, moves: int, deadline: float, seed: int = 0) -> int:
    """Clicks legal moves until `moves` of them are accepted (or the game ends); answers how
    many were, each seen by the page's version moving on with no refusal."""
    rng = random.Random(seed)
    accepted = 0
    while accepted < moves and not page.locator(STANDINGS).count():
        left = deadline - time.monotonic()
        assert left > 0, f"only {accepted} moves were accepted in time"
        page.wait_for_selector(f"{ACTIONS}, {STANDINGS}", timeout=left * 1000)
        actions = page.locator(ACTIONS)
        count = actions.count()
        if not count:
            continue
        version = shown_version(page)
        before = page.evaluate(OFFERED)
        try:
            actions.nth(rng.randrange(count)).click(timeout=CHANGE_MS)
            changed = f"(before) => ({OFFERED})() !== before"
            page.wait_for_function(changed, arg=before, timeout=CHANGE_MS)
        except PlaywrightError:
            continue  # the element went away under the click, or nothing changed yet
        if not page.locator('[data-testid="refusal"]').count() and shown_version(page) > version:
            accepted += 1
    return accepted


def shown_version(page: Any) -> int:
    return int(page.locator("[data-version]").get_attribute("data-version"))


def audit_shown(page: Any) -> list[dict[str, Any]]:
    checks: list[dict[str, Any]] = page.eval_on_selector_all(
        f"{AUDIT} [data-check]",
        """items => items.map((item) => ({
            name: item.dataset.check,
            passed: item.dataset.passed === "true",
            detail: item.querySelector(".audit__detail").textContent,
        }))""",
    )
    return checks


def test_the_replay_steps_by_move_and_by_round_and_plays_itself(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    game_id = finished_game_of_bots(web_service, "onexeno", {"hands": 2})
    log = web_service.get(f"/games/{game_id}/log", params={"limit": 1000}).json()["events"]
    starts = [r["version"] for r in log if r["type"] == "onexeno.hand_dealt"]
    assert len(starts) == 2
    page.goto(f"{base}/replay/{game_id}?at=1")
    expect(page.locator(VERSION)).to_have_text("1")
    lines = page.locator("[data-testid='log'] li")
    numbers = page.locator("[data-testid='log'] .replay-log__versions", has_text="move 1")
    expect(numbers.first).to_be_visible()
    unnumbered = [
        line.locator(".replay-log__versions").inner_text()
        for line in lines.all()
        if "took seat" in line.inner_text() or "was opened" in line.inner_text()
    ]
    assert unnumbered and set(unnumbered) == {""}, "the table's own steps are not moves"

    page.locator("[data-testid='round-forward']").click()
    expect(page.locator('[data-testid="replay-move"]')).to_contain_text("round 1 of 2")
    page.locator("[data-testid='round-forward']").click()
    expect(page.locator('[data-testid="replay-move"]')).to_contain_text("round 2 of 2")
    second = int(page.locator(VERSION).inner_text())
    assert second >= starts[1]
    page.locator("[data-testid='step-forward']").click()
    expect(page.locator('[data-testid="replay-move"]')).to_contain_text("round 2 of 2")
    after_move = int(page.locator(VERSION).inner_text())
    assert after_move > second
    page.locator("[data-testid='step-back']").click()
    expect(page.locator(VERSION)).to_have_text(str(second))

    play = page.locator("[data-testid='autoplay']")
    play.click()
    expect(play).to_have_attribute("aria-pressed", "true")
    expect(page.locator(VERSION)).not_to_have_text(str(second))
    play.click()
    expect(play).to_have_attribute("aria-pressed", "false")
    paused = page.locator(VERSION).inner_text()
    assert int(paused) > second
    assert serious_violations(page) == []
    for size, name in ((LAPTOP, "laptop"), (PHONE_TALL, "phone")):
        page.set_viewport_size(size)
        page.screenshot(path=SCREENSHOTS / f"replay-by-move-{name}.png", full_page=True)
    expect(page.locator(VERSION)).to_have_text(paused)  # paused, it stays

"""Studying a game in the browser: "try from here" on a finished game's replay opens a
sandbox, whose table links back to the step, lets bots answer and shows the search bot's
hints; the replay then lists the sandbox among the forks of the game. A step of the replay
shows the hints for the seat to act then."""

from typing import Any

import httpx
from playwright.sync_api import expect

from tests.api.players import bearer
from tests.e2e.axe import serious_violations
from tests.e2e.browser import SCREENSHOTS, needs_chromium
from tests.e2e.test_replay_page import finished_game_of_bots
from tests.e2e.webclient import LAPTOP

pytestmark = needs_chromium

PHONE = {"width": 390, "height": 844}
SANDBOX = '[data-testid="sandbox"]'


def a_step_in_play(http: httpx.Client, game_id: str) -> int:
    """A version a command left the game at, the game still in play then."""
    records = http.get(f"/games/{game_id}/log").json()["events"]
    started = next(r["version"] for r in records if r["type"] == "table.game_started")
    ends = [r["version"] for r in records if r["metadata"].get("ends_command", True)]
    finished = next(r["version"] for r in records if r["type"] == "table.game_finished")
    return next(at for at in ends if started < at < finished - 1)


def replay_at_a_step_in_play(page: Any, http: httpx.Client) -> tuple[str, int]:
    """A finished game of bots, its replay opened on a laptop at a step in play: the game's id
    and the step."""
    game_id = finished_game_of_bots(http)
    at = a_step_in_play(http, game_id)
    page.set_viewport_size(LAPTOP)
    page.goto(f"{str(http.base_url).rstrip('/')}/replay/{game_id}?at={at}")
    return game_id, at


def test_a_replay_step_is_tried_in_a_sandbox_with_hints_and_bots(
    page: Any, web_service: httpx.Client
) -> None:
    game_id, at = replay_at_a_step_in_play(page, web_service)
    page.locator('[data-testid="try-from-here"]').click()
    expect(page.locator(SANDBOX)).to_be_visible()
    sandbox_id = page.url.rsplit("/", 1)[1]
    token = page.evaluate(f"localStorage.getItem('cardroom.seat.{sandbox_id}')")
    seen = web_service.get(f"/games/{sandbox_id}", headers=bearer(token)).json()
    assert seen["every_seat"] and seen["sandbox"] == {
        "source": game_id,
        "at": at,
        "link": seen["sandbox"]["link"],
        "by": None,
    }
    back = page.locator(f"{SANDBOX} a")
    expect(back).to_have_attribute("href", f"/replay/{game_id}?at={at}")

    page.locator('[data-testid="show-hints"]').click()
    hints = page.locator('[data-testid="hints"]')
    expect(hints).to_have_attribute("data-moves", str(len(seen["legal_moves"])))
    expect(hints.locator("li")).to_have_count(min(10, len(seen["legal_moves"])))
    assert serious_violations(page) == []
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "sandbox.png", full_page=True)

    other = 1 - seen["you"]
    page.locator(f'[data-testid="see-seat-{other}"]').click()
    expect(page.locator(f'[data-testid="see-seat-{other}"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    page.screenshot(path=SCREENSHOTS / "sandbox-other-hand.png", full_page=True)
    page.locator(f'[data-testid="see-seat-{seen["you"]}"]').click()
    expect(page.locator(f'[data-testid="see-seat-{other}"]')).to_have_attribute(
        "aria-pressed", "false"
    )

    page.locator('[data-testid="bots-answer"]').click()
    expect(page.locator('[data-testid="every-seat"]')).to_be_enabled()
    handed = web_service.get(f"/games/{sandbox_id}", headers=bearer(token)).json()
    assert sum(1 for seat in handed["seats"] if seat["bot"]) == len(handed["seats"]) - 1

    page.set_viewport_size(PHONE)
    page.screenshot(path=SCREENSHOTS / "sandbox-phone.png", full_page=True)
    assert serious_violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    back.click()
    expect(page.locator('[data-testid="replay-version"]')).to_have_text(str(at))
    forks = page.locator('[data-testid="forks"] a')
    for _ in range(3):  # the list is a read model: it trails the log a little
        if forks.count():
            break
        page.wait_for_timeout(500)
        page.reload()
    expect(forks.first).to_have_attribute("href", f"/play/{sandbox_id}")
    page.set_viewport_size(LAPTOP)
    page.screenshot(path=SCREENSHOTS / "replay-forks.png", full_page=True)
    assert serious_violations(page) == []


def test_a_replay_step_shows_the_hints_for_the_seat_to_act_then(
    page: Any, web_service: httpx.Client
) -> None:
    game_id, at = replay_at_a_step_in_play(page, web_service)
    then = web_service.get(f"/games/{game_id}/replay", params={"at": at}).json()
    seat = then["game"]["turn"]  # a MAD game: the seat whose turn it was
    ranked = web_service.get(
        f"/games/{game_id}/hints", params={"seat": seat, "at": at, "milliseconds": 50}
    ).json()["moves"]
    assert ranked, "the seat to act has moves to rank"
    expect(page.locator('[data-testid="replay-version"]')).to_have_text(str(at))
    asked = page.locator('[data-testid="show-hints"]')
    expect(asked).to_have_text(f"show hints for {then['seats'][seat]['name']}")
    asked.click()
    hints = page.locator('[data-testid="hints"]')
    expect(hints).to_have_attribute("data-moves", str(len(ranked)))
    expect(hints.locator("li")).to_have_count(min(10, len(ranked)))
    assert serious_violations(page) == []
    page.screenshot(path=SCREENSHOTS / "replay-hints.png", full_page=True)

    page.locator('[data-testid="step-forward"]').click()  # another step: asked for anew
    expect(page.locator('[data-testid="replay-version"]')).not_to_have_text(str(at))
    expect(page.locator('[data-testid="hints"]')).to_have_count(0)

"""A grace before the clock plays for someone: a seat whose time runs out is warned on its
page and gets its grace; once absent, it says "I am back" and its turns wait for it again."""

from typing import Any

import httpx
from playwright.sync_api import expect

from tests.api.players import bearer
from tests.e2e.axe import serious_violations
from tests.e2e.browser import SCREENSHOTS, needs_chromium
from tests.e2e.webclient import LAPTOP

pytestmark = needs_chromium

PHONE = {"width": 390, "height": 844}
WAIT_MS = 60_000
"""A bound on what must come (three timeouts of each seat), never on how fast it comes."""


def posted(http: httpx.Client, path: str, body: Any, token: str | None = None) -> Any:
    answer = http.post(path, json=body, headers=bearer(token) if token else {})
    assert answer.status_code in (200, 201), answer.text
    return answer.json()


def test_a_seat_out_of_time_is_warned_and_says_it_is_back(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    clock = {"turn_seconds": 1, "grace_seconds": 3}
    # Gnono, where a hand of seven outlasts three timeouts of its seat and the grace before
    # each later one: a random two-seat MAD game may end within six moves.
    game_id = posted(web_service, "/games", {"kind": "gnono", "options": {"clock": clock}})["id"]
    tokens = [
        posted(web_service, f"/games/{game_id}/seats", {"name": name})["token"]
        for name in ("Ada", "Bo")
    ]
    page.goto(f"{base}/")
    page.evaluate(
        "([game, token]) => localStorage.setItem(`cardroom.seat.${game}`, token)",
        [game_id, tokens[0]],
    )
    page.goto(f"{base}/play/{game_id}")
    posted(web_service, f"/games/{game_id}/commands", {"type": "start_game"}, tokens[0])

    warning = page.locator('[data-testid="grace-warning"]')
    expect(warning).to_contain_text("Your time is up", timeout=WAIT_MS)
    expect(page.locator('[data-testid="clock"]').first).to_be_visible()
    assert serious_violations(page) == []
    for size, name in ((LAPTOP, "laptop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        page.screenshot(path=SCREENSHOTS / f"clock-grace-{name}.png", full_page=True)

    back = page.locator('[data-action="return_to_table"]')
    expect(back).to_be_visible(timeout=WAIT_MS)
    page.screenshot(path=SCREENSHOTS / "clock-away.png", full_page=True)
    back.click()
    expect(back).to_have_count(0)
    events = web_service.get(f"/games/{game_id}/events", params={"limit": 1000}).json()
    assert {"type": "table.seat_marked_present", "seat": 0} in [e["event"] for e in events]
    assert "table.seat_warned" in [e["event"]["type"] for e in events]

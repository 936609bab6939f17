"""The tournaments' pages of the web client: a registered player creates a Swiss from the
list, adds bots, enters and starts it from its page, is shown their next table, and sees it
play out, its standings those `GET /tournaments/{id}` answers, each finished table a link to
its replay; at laptop and phone width, with nothing axe-core finds serious. A list longer
than a page shows the rest with "show more"."""

import json
import time
import uuid
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.e2e.axe import serious_violations
from tests.e2e.browser import needs_chromium
from tests.e2e.webclient import LAPTOP, screenshots_at_both_widths

pytestmark = needs_chromium
FINISH_SECONDS = 120.0


def sign_in(page: Any, base: str, http: httpx.Client, handle: str) -> None:
    """The page's browser plays as a newly registered player."""
    registered = http.post("/players", json={"handle": handle})
    assert registered.status_code == 201, registered.text
    kept = {"handle": handle, "token": registered.json()["token"]}
    page.goto(f"{base}/")
    page.evaluate(f"() => localStorage.setItem('cardroom.player', {json.dumps(json.dumps(kept))})")


def test_a_player_creates_enters_and_follows_a_swiss_to_its_end(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    handle = f"t-{uuid.uuid4().hex[:6]}"
    sign_in(page, base, web_service, handle)
    page.set_viewport_size(LAPTOP)
    page.goto(f"{base}/")
    page.get_by_test_id("header-tourneys").click()
    page.wait_for_url(f"{base}/tourneys")
    form = page.get_by_test_id("create-tournament")
    form.locator('select[name="kind"] option[value="mad"]').wait_for(state="attached")
    form.locator('select[name="kind"]').select_option("mad")
    form.locator('input[name="length"]').fill("2")
    form.locator('input[name="turn"]').fill("1")
    form.locator('input[name="grace"]').fill("0")  # the player lets the clock play for them
    screenshots_at_both_widths(page, "tourneys")
    assert serious_violations(page) == []
    form.locator('button[type="submit"]').click()
    page.wait_for_url(f"{base}/tourneys/*")
    tournament_id = page.url.rsplit("/", 1)[1]
    rows = page.locator('[data-testid="standings"] tbody tr')
    for count in range(1, 4):
        page.get_by_test_id("add-bot").click()
        expect(rows).to_have_count(count)
    page.get_by_test_id("enter").click()
    page.wait_for_selector(f'[data-testid="standings"] tr[data-entry="{handle}"]')
    expect(rows).to_have_count(4)
    page.get_by_test_id("start").click()
    next_table = page.get_by_test_id("next-table")
    next_table.wait_for()
    game_id = tournament_id_of_table(web_service, tournament_id, handle)
    assert next_table.locator("a").get_attribute("href") == f"/play/{game_id}"
    screenshots_at_both_widths(page, "tourney-running")
    assert serious_violations(page) == []

    shown = finished(web_service, tournament_id)
    page.locator('[data-testid="status"]', has_text="finished").wait_for()
    points = {
        row.get_attribute("data-entry"): int(row.locator('[data-field="points"]').inner_text())
        for row in page.locator('[data-testid="standings"] tbody tr').all()
    }
    assert points == {row["entry"]: row["points"] for row in shown["standings"]}
    replay = page.locator(f'[data-game="{game_id}"] a')
    assert replay.get_attribute("href") == f"/replay/{game_id}"
    screenshots_at_both_widths(page, "tourney-finished")
    assert serious_violations(page) == []


def tournament_id_of_table(http: httpx.Client, tournament_id: str, handle: str) -> str:
    """The game of the player's table in the first round."""
    shown = http.get(f"/tournaments/{tournament_id}").json()
    tables = shown["round_tables"][0]["tables"]
    return str(next(t["game_id"] for t in tables if handle in t["entries"]))


def finished(http: httpx.Client, tournament_id: str) -> Any:
    deadline = time.monotonic() + FINISH_SECONDS
    while time.monotonic() < deadline:
        shown = http.get(f"/tournaments/{tournament_id}").json()
        if shown["status"] == "finished":
            return shown
        time.sleep(0.2)
    raise AssertionError("the tournament did not finish")


def test_a_list_longer_than_a_page_shows_the_rest_with_show_more(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    registered = web_service.post("/players", json={"handle": f"o-{uuid.uuid4().hex[:6]}"})
    token = {"Authorization": f"Bearer {registered.json()['token']}"}
    body = {"kind": "gnono", "format": "swiss", "rounds": 1, "seats": 2, "starts_in": 3600}
    created = set()
    for _ in range(LISTED + 1):
        answer = web_service.post("/tournaments", json=body, headers=token)
        assert answer.status_code == 201, answer.text
        created.add(answer.json()["tournament_id"])
    deadline = time.monotonic() + 10
    while not created <= upcoming(web_service):  # the list is a read model: it trails a little
        assert time.monotonic() < deadline, "the tournaments were not listed in time"
        time.sleep(0.2)
    page.set_viewport_size(LAPTOP)
    page.goto(f"{base}/tourneys")
    listed = page.locator('[data-testid="tourneys-upcoming"] li[data-tournament]')
    expect(listed).to_have_count(LISTED)
    more = page.get_by_test_id("more-tourneys-upcoming")
    while more.count():
        shown = listed.count()
        more.click()
        expect(listed).not_to_have_count(shown)
    ids = {row.get_attribute("data-tournament") for row in listed.all()}
    assert created <= ids
    assert len(ids) == listed.count(), "no tournament is listed twice"


LISTED = 50
"""The tournaments a list shows at first: the service's page."""


def upcoming(http: httpx.Client) -> set[str]:
    rows = http.get("/tournaments", params={"status": "upcoming", "limit": 200}).json()["items"]
    return {row["tournament_id"] for row in rows}

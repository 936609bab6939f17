"""The table's log, the whole game long: every event worth telling has its line (no cap on
their number), and a run of the same minor event is told as one line ("Ada turned over 6
cards")."""

from itertools import groupby
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.api.players import bearer
from tests.e2e.browser import needs_chromium

pytestmark = needs_chromium

LOG_LINES = '[data-testid="table-log"] li'
GAME_SECONDS = 90
UNTOLD = {"table.clock_restarted"}
TRIES = 6
"""Games tried: CNO has no turns, so how long a table of random bots plays is chance and
timing (a run on a busy machine had three short games in a row)."""
LONG = 200
"""More lines than the log once kept."""
OPTIONS = {"bot_pace": 0, "rounds": 3}
"""Three rounds of bots at full speed: a game of several hundred lines."""


def posted(http: httpx.Client, path: str, body: Any, token: str | None = None) -> Any:
    answer = http.post(path, json=body, headers=bearer(token) if token else {})
    assert answer.status_code in (200, 201), answer.text
    return answer.json()


def told(http: httpx.Client, game_id: str) -> list[tuple[str, str]]:
    """Each event's type and sentence, as a spectator is told them."""
    events: list[Any] = []
    while True:
        after = events[-1]["version"] if events else 0
        page = http.get(f"/games/{game_id}/events", params={"after": after, "limit": 1000}).json()
        events += page
        if len(page) < 1000:
            return [(each["event"]["type"], each["narration"]) for each in events]


def expected_lines(events: list[tuple[str, str]]) -> list[tuple[str, int]]:
    """The log's lines and the run each tells: each run of one sentence told once, a run of
    cycles in a count."""
    lines = []
    for (kind, sentence), run in groupby(e for e in events if e[0] not in UNTOLD):
        count = len(list(run))
        if count == 1:
            lines.append((sentence, 1))
        elif kind == "cno.hand_cycled":
            lines.append((f"{sentence.split(' turned over')[0]} turned over {count} cards", count))
        else:
            lines.append((f"{sentence} ({count} times)", count))
    return lines


def test_the_log_tells_the_whole_game_with_runs_of_one_event_told_once(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    for _ in range(TRIES):  # until a game is long and has a run told as one line (most are)
        game_id = posted(web_service, "/games", {"kind": "cno", "options": OPTIONS})["id"]
        host = posted(web_service, f"/games/{game_id}/seats", {"bot": "random"})["token"]
        posted(web_service, f"/games/{game_id}/seats", {"bot": "random"}, host)
        page.goto(f"{base}/play/{game_id}")
        expect(page.locator(LOG_LINES)).to_have_count(3)
        posted(web_service, f"/games/{game_id}/commands", {"type": "start_game"}, host)
        expect(page.locator("main.table-page")).to_have_attribute(
            "data-status", "finished", timeout=GAME_SECONDS * 1000
        )
        lines = expected_lines(told(web_service, game_id))
        expect(page.locator(LOG_LINES)).to_have_count(len(lines))
        assert page.locator(LOG_LINES).all_inner_texts() == [line for line, _ in lines]
        if len(lines) > LONG and any(count > 1 for _, count in lines):
            return
    raise AssertionError(f"none of {TRIES} games was long with a run of one event")

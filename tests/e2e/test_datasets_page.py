"""The datasets page of the web client: reached from the lobby, it lists this month's file
of a kind a game just finished in, whose download link serves a file that verifies."""

import gzip
import time
import uuid
from datetime import UTC, datetime
from typing import Any

import httpx

from commands.audit.dataset import verify_lines
from commands.log import dataset
from tests.e2e.browser import SCREENSHOTS, needs_chromium
from tests.e2e.test_people_pages import GAME_SECONDS, POLL_SECONDS, play_against_a_random_bot

pytestmark = needs_chromium


def listed_month(http: httpx.Client, kind: str, month: str, deadline: float) -> dict[str, Any]:
    """The month's entry of `GET /datasets`, once the finished game is in it."""
    while time.monotonic() < deadline:
        for each in http.get("/datasets", params={"kind": kind}).json():
            if each["month"] == month:
                return dict(each)
        time.sleep(POLL_SECONDS)
    raise AssertionError(f"no {kind} dataset of {month} listed")


def test_the_datasets_page_lists_this_months_games_with_a_link_that_downloads_them(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    game_id = play_against_a_random_bot(
        web_service, f"data-{uuid.uuid4().hex[:6]}", time.monotonic() + GAME_SECONDS
    )
    month = datetime.now(UTC).strftime("%Y-%m")
    entry = listed_month(web_service, "mad", month, time.monotonic() + GAME_SECONDS)

    page.goto(base)
    page.get_by_test_id("datasets-link").click()
    page.wait_for_url(f"{base}/data")
    row = page.locator(f'[data-testid="datasets"] tr[data-kind="mad"][data-month="{month}"]')
    row.wait_for()
    shown = int(row.locator('[data-field="games"]').inner_text())
    then = listed_month(web_service, "mad", month, time.monotonic() + GAME_SECONDS)
    # other tests finish games of the month meanwhile: the page shows a count of the moment
    assert entry["games"] <= shown <= then["games"], (entry, shown, then)
    assert "(so far)" in row.inner_text()
    link = row.get_by_test_id("download")
    assert link.get_attribute("href") == f"/datasets/mad/{month}.ndjson.gz"
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "datasets.png", full_page=True)

    with page.expect_download() as downloading:
        link.click()
    body = downloading.value.path().read_bytes()
    lines = list(dataset.lines([gzip.decompress(body)]))
    assert game_id in [dataset.decode(line).game_id for line in lines]
    assert verify_lines(lines).ok

"""Browser fixtures for the end-to-end tests: Debian's chromium driven by Playwright, and the
real `cardroom serve` for the web client's pages.

- `browser`: one chromium per test module (Playwright cannot download its own here). It is
  closed with its module: Playwright's synchronous API runs an event loop of its own while
  it lives, under which no asynchronous fixture of a later test could start.
- `web_service`: the service for the web client, one per test process, its bots quick
  (`CARDROOM_BOT_PACE` 0.05 s); an `httpx.Client` on its base URL.
- `page`: a fresh page for one test on the web service (started first, for the same
  reason), with short step timeouts (an `expect` waits as long as a step: what a page shows
  of a read model trails it by the projection lag, which a busy machine stretches); at the
  end it is saved as a screenshot in tests/e2e/screenshots/ (git-ignored), and no script of
  it may have failed uncaught.
"""

import re
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.e2e.test_service import service
from tests.servers import fresh_database

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
STEP_SECONDS = 15
"""The longest any single browser step (launch, navigation, a script) may take."""
SCREENSHOTS = Path(__file__).parent / "screenshots"
expect.set_options(timeout=STEP_SECONDS * 1000)

needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="needs Debian's chromium (`make browser` installs it)"
)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=CHROMIUM_ARGS,
            headless=True,
            timeout=STEP_SECONDS * 1000,
        )
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="session")
async def web_database_url(postgres_url: str) -> AsyncIterator[str]:
    """The browser tests' service's database, its own: the games its quick bots play all
    session long never reach the other tests' services (their bots, counters and counts)."""
    async with fresh_database(postgres_url) as url:
        yield url


@pytest.fixture(scope="session")
def web_service(
    web_database_url: str, redis_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[httpx.Client]:
    stream = f"cardroom:test:{uuid.uuid4().hex[:8]}:web"  # its database's one stream
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CARDROOM_BOT_PACE", "0.05")
        folder = tmp_path_factory.mktemp("web")
        with service(web_database_url, redis_url, stream, folder) as http:
            yield http


@contextmanager
def opened(browser: Any, url: str, screenshot: Path | None = None, **context: Any) -> Iterator[Any]:
    """A page at `url` (`context`: Playwright's page options, e.g. `viewport`); no script of
    it may fail uncaught; saved to `screenshot` at the end when given."""
    page = browser.new_page(**context)
    page.set_default_timeout(STEP_SECONDS * 1000)
    page.set_default_navigation_timeout(STEP_SECONDS * 1000)
    uncaught: list[str] = []
    page.on("pageerror", lambda error: uncaught.append(str(error)))
    try:
        page.goto(url)
        yield page
    finally:
        if screenshot is not None:
            SCREENSHOTS.mkdir(exist_ok=True)
            page.screenshot(path=screenshot, full_page=True)
        page.close()
    assert not uncaught


def screenshot_path(request: pytest.FixtureRequest) -> Path:
    return SCREENSHOTS / (re.sub(r"[^\w.-]+", "_", request.node.name) + ".png")


@pytest.fixture
def page(web_service: httpx.Client, browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A blank page; the test goes where it needs to (`web_service.base_url`)."""
    with opened(browser, "about:blank", screenshot_path(request)) as blank:
        yield blank

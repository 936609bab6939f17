"""A page served from another origin plays whole games against the real `cardroom serve` in
Debian's chromium, through the public API with `fetch` and `EventSource` only; a page from an
origin the service does not allow cannot read the API at all."""

import functools
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest

from tests.e2e.browser import STEP_SECONDS, needs_chromium, opened
from tests.e2e.test_service import service

PAGE = Path(__file__).parent / "page"
GAME_SECONDS = 180
"""The longest a whole game may take in the page, bots included."""

pytestmark = needs_chromium


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def static_site(folder: Path) -> Iterator[str]:
    """`folder` served over HTTP on a port of its own; yields the site's origin."""
    server = ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(folder))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def allowed_site() -> Iterator[str]:
    with static_site(PAGE) as origin:
        yield origin


@pytest.fixture(scope="module")
def other_site() -> Iterator[str]:
    with static_site(PAGE) as origin:
        yield origin


@pytest.fixture(scope="module")
def api(
    database_url: str,
    redis_url: str,
    stream: str,
    allowed_site: str,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[httpx.Client]:
    """The service, allowing the first site's origin only; CNO's bots move every 50 ms."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CARDROOM_CORS_ORIGINS", allowed_site)
        patch.setenv("CARDROOM_BOT_PACE", "0.05")
        with service(database_url, redis_url, stream, tmp_path_factory.mktemp("browser")) as http:
            yield http


def cells(page: Any, selector: str) -> list[list[str]]:
    return page.eval_on_selector_all(
        selector, "rows => rows.map(row => [...row.cells].map(cell => cell.textContent))"
    )


@pytest.mark.parametrize(
    ("kind", "seats", "options"),
    [("mad", 3, {}), ("cno", 2, {"copies": [2] * 13})],  # CNO's smallest decks: a short round
)
def test_a_page_from_another_origin_plays_a_whole_game(
    kind: str,
    seats: int,
    options: dict[str, Any],
    api: httpx.Client,
    allowed_site: str,
    browser: Any,
    tmp_path: Path,
) -> None:
    """MAD takes turns; CNO has none, so its bots (every 50 ms) race the page's moves."""
    query = urlencode(
        {
            "api": str(api.base_url).rstrip("/"),
            "kind": kind,
            "seats": seats,
            "seed": seats,
            "options": json.dumps(options),
        }
    )
    with opened(browser, f"{allowed_site}/play.html?{query}") as page:
        try:
            page.wait_for_function(
                "['finished', 'failed'].includes(document.getElementById('status').textContent)",
                timeout=GAME_SECONDS * 1000,
            )
        finally:
            page.screenshot(path=tmp_path / f"{kind}.png", full_page=True)
            print(page.inner_text("body"))
        assert page.text_content("#status") == "finished", page.text_content("#error")
        game_id = page.text_content("#game")
        shown = cells(page, "#standings tbody tr")
        version = int(page.text_content("#version") or 0)
        sent = int(page.text_content("#moves") or 0)

    final = api.get(f"/games/{game_id}").json()
    assert final["status"] == "finished"
    assert final["kind"] == kind
    assert final["seats"][0] == {"name": "browser", "bot": None, "player": None}
    assert all(seat["bot"] == "random" for seat in final["seats"][1:])
    assert shown == [
        [str(s["seat"]), final["seats"][s["seat"]]["name"], str(s["score"]), str(s["place"])]
        for s in final["standings"]
    ]
    assert len(shown) == len(final["seats"]) == seats
    assert version == final["version"]
    assert sent > 0


ATTEMPTS = """async (api) => {
  const within = (promise) => Promise.race([
    promise, new Promise((resolve) => setTimeout(() => resolve("no answer"), 10000)),
  ]);
  const read = async (request) => {
    try {
      const response = await request;
      return `read ${response.status}`;
    } catch (error) {
      return error.name;
    }
  };
  const stream = () => new Promise((resolve) => {
    const live = new EventSource(`${api}/lobby/live`);
    live.addEventListener("lobby", () => { live.close(); resolve("read lobby"); });
    live.onerror = () => {
      if (live.readyState === EventSource.CLOSED) resolve("closed");
    };
  });
  return {
    get: await within(read(fetch(`${api}/games/kinds`))),
    post: await within(read(fetch(`${api}/games`, {
      method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({kind: "mad"}),
    }))),
    live: await within(stream()),
  };
}"""


def test_a_page_from_an_origin_not_allowed_cannot_read_the_api(
    api: httpx.Client, allowed_site: str, other_site: str, browser: Any
) -> None:
    origin = str(api.base_url).rstrip("/")
    with opened(browser, f"{allowed_site}/play.html") as page:
        assert page.evaluate(ATTEMPTS, origin) == {
            "get": "read 200",
            "post": "read 201",
            "live": "read lobby",
        }
    with opened(browser, f"{other_site}/play.html") as page:
        assert page.evaluate(ATTEMPTS, origin) == {
            "get": "TypeError",
            "post": "TypeError",
            "live": "closed",
        }


INJECT_INLINE_SCRIPT = """() => {
  const script = document.createElement("script");
  script.textContent = "window.injected = true";
  document.body.append(script);
  return window.injected === true;
}"""


def test_the_docs_page_renders_under_its_content_security_policy(
    api: httpx.Client, browser: Any
) -> None:
    """Swagger UI draws every operation with no policy violation, and the policy holds: a
    script injected inline does not run."""
    document = api.get("/schema/openapi.json").json()
    operations = sum(len(methods) for methods in document["paths"].values())
    page = browser.new_page()
    page.set_default_timeout(STEP_SECONDS * 1000)
    messages: list[str] = []
    page.on("console", lambda message: messages.append(message.text))
    page.on("pageerror", lambda error: messages.append(str(error)))
    try:
        page.goto(str(api.base_url.join("/schema")))
        page.wait_for_selector(".opblock")
        assert page.locator(".opblock").count() == operations
        assert not [text for text in messages if "Content Security Policy" in text], messages
        assert not page.evaluate(INJECT_INLINE_SCRIPT)
    finally:
        page.close()
    assert any("Content Security Policy" in text for text in messages), messages

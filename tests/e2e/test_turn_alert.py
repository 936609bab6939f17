"""The table's turn alert: a switch, off by default and remembered in the browser, that asks
leave to notify and, once on, sounds and notifies when the seat's turn comes in a hidden tab."""

from typing import Any

import httpx

from tests.api.players import bearer
from tests.e2e.browser import SCREENSHOTS, needs_chromium
from tests.e2e.test_rematch_page import OPTIONS, as_seat, posted

pytestmark = needs_chromium


FAKE_NOTIFICATIONS = """(() => {
  const asked = () => Number(localStorage.getItem("test.asked") ?? 0);
  window.notices = [];
  window.tones = 0;
  class Recorded {
    static get permission() { return localStorage.getItem("test.permission") ?? "default"; }
    static async requestPermission() {
      localStorage.setItem("test.asked", String(asked() + 1));
      localStorage.setItem("test.permission", "granted");
      return "granted";
    }
    constructor(title, options) { window.notices.push({ title, body: options?.body }); }
    close() {}
  }
  window.Notification = Recorded;
  const create = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function () {
    window.tones += 1;
    return create.call(this);
  };
  Object.defineProperty(document, "hidden", { get: () => window.tabHidden === true });
  Object.defineProperty(document, "visibilityState", {
    get: () => (window.tabHidden === true ? "hidden" : "visible"),
  });
})()"""
"""The page's notifications recorded (permission granted once asked, kept across reloads),
its tones counted, and its tab hidden when the test says so."""
TURN_ALERT = '[data-testid="turn-alert"]'


def test_the_turn_alert_is_remembered_asks_leave_and_tells_a_hidden_tab_its_turn(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    page.add_init_script(FAKE_NOTIFICATIONS)
    game_id = posted(web_service, "/games", {"kind": "mad", "options": OPTIONS})["id"]
    tokens = [
        posted(web_service, f"/games/{game_id}/seats", {"name": n})["token"] for n in ("Ada", "Bo")
    ]
    as_seat(page, base, game_id, tokens[0])
    toggle = page.locator(TURN_ALERT)
    assert not toggle.is_checked(), "off by default"
    assert page.evaluate("localStorage.getItem('test.asked')") is None
    toggle.check()
    page.wait_for_function("() => localStorage.getItem('test.asked') === '1'")
    page.reload()
    assert page.locator(TURN_ALERT).is_checked(), "remembered across a reload"
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "turn-alert-on.png")

    page.evaluate("() => { window.tabHidden = true; }")
    posted(web_service, f"/games/{game_id}/commands", {"type": "start_game"}, tokens[0])
    first = web_service.get(f"/games/{game_id}", headers=bearer(tokens[1])).json()
    if first["legal_moves"]:  # Bo places first: then it is Ada's turn
        posted(web_service, f"/games/{game_id}/commands", first["legal_moves"][0], tokens[1])
    page.wait_for_function("() => window.notices.length > 0")
    notices = page.evaluate("window.notices")
    assert notices == [{"title": "Your turn", "body": "MAD (Mutually Assured Destruction)"}]
    assert page.evaluate("window.tones") == 2
    assert page.evaluate("localStorage.getItem('test.asked')") == "1", "asked once only"

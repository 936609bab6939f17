"""The options of a new table in words: each kind's presets ("short", "standard", "long") set
its options at once, every option is named in words and explained beside it, with what its
value now means, and enumerated ones offer their choices in words."""

from typing import Any

import httpx
from playwright.sync_api import expect

from tests.e2e.axe import serious_violations
from tests.e2e.browser import SCREENSHOTS, needs_chromium
from tests.e2e.webclient import CREATE_FORM, LAPTOP, open_lobby

pytestmark = needs_chromium

PHONE = {"width": 390, "height": 844}


def test_presets_set_the_options_and_each_option_is_explained_in_words(
    page: Any, web_service: httpx.Client
) -> None:
    base = str(web_service.base_url).rstrip("/")
    open_lobby(page, base)
    form = page.locator(CREATE_FORM)
    form.locator('select[name="kind"]').select_option("cno")
    presets = form.locator('[data-testid="presets"]')
    expect(presets.locator('input[value="standard"]')).to_be_checked()
    target = form.locator('[data-testid="explain-target_score"]')
    expect(target).to_contain_text("0: no target; the rounds alone decide")
    presets.locator('input[value="short"]').check()
    expect(form.locator('[name="option.copies"]')).to_have_value(", ".join(["3"] * 13))
    expect(form.locator('[data-testid="explain-copies"]')).to_contain_text(
        "now 3 of each isotope, a deck of 39 cards"
    )
    form.locator('[name="option.rounds"]').fill("2")
    expect(presets.locator('input[name="preset"]:checked')).to_have_count(0)
    presets.locator('input[value="long"]').check()
    expect(form.locator('[name="option.rounds"]')).to_have_value("3")
    expect(form.locator('[data-testid="explain-rounds"]')).to_contain_text("lasts 3 rounds")
    for size, name in ((LAPTOP, "laptop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        page.screenshot(path=SCREENSHOTS / f"create-options-cno-{name}.png", full_page=True)
    assert serious_violations(page) == []

    form.locator('select[name="kind"]').select_option("onexeno")
    teams = form.locator('select[name="option.teams"]')
    expect(teams.locator("option")).to_have_text(
        ["everyone for themselves", "2 pairs of partners", "3 pairs of partners"]
    )
    corners = form.locator('[data-testid="explain-corner_match"]')
    expect(corners).to_contain_text("must also match")
    form.locator('[name="option.corner_match"]').uncheck()
    expect(corners).to_contain_text("Only edges must match")
    form.locator('select[name="kind"]').select_option("mad")
    expect(form.locator('[data-testid="explain-hand_sizes"]')).to_contain_text(
        "10 at 2 seats, 9 at 3 seats"
    )
    assert serious_violations(page) == []

    form.locator('select[name="kind"]').select_option("cno")
    form.locator('[data-testid="presets"] input[value="long"]').check()
    form.locator('select[name="bots"]').select_option("random")
    form.locator('button[type="submit"]').click()
    page.wait_for_url(f"{base}/play/**")
    game_id = page.url.rsplit("/", 1)[1]
    options = web_service.get(f"/games/{game_id}").json()["options"]
    assert (options["rounds"], options["copies"]) == (3, [4] * 13)

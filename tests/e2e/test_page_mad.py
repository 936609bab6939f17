"""MAD's board in the web client: a person plays a whole game against a bot by clicking only,
each card by the card then its space; the board shows the Core, the hands and the
Criticalities as the rules find them, and the standings shown are the service's."""

import random
from typing import Any

import httpx

from domain.games.mad import board
from domain.games.mad.cards import Card
from domain.games.mad.model import CRITICAL_MASS, SIZE
from tests.e2e.browser import needs_chromium
from tests.e2e.webclient import (
    LAPTOP,
    PLAYER,
    checked_standings,
    screenshots_at_both_widths,
    seat_against_bots,
)

pytestmark = needs_chromium

TURNS = 200
"""The most turns of the person each half of a game may take: a game that never ends fails,
while a long one on a slow machine does not (with these options and this way of playing,
a game takes the person 16 turns at the median and 63 at the most over 400 seeded playouts)."""
MIDDLE = 4
"""The cards in the Core at the middle of a game, where the board is looked at."""
TABLES = 3
"""How many tables may be opened to reach a game's middle."""
OPTIONS = {"hand_sizes": [6, 9, 8, 7, 6]}
"""Six cards each at two seats: a few turns each, and a Core with some cards on it."""
YOUR_TURN = ".mad__turn--you"
STANDINGS = '[data-testid="standings"]'
HAND_CARD = "[data-action^='select ']"
DRAW = "[data-action='draw']"
SPACE = ".mad__target[data-action]"
SAFE_SPACE = f"{SPACE}[data-critical='0']"
CORE_CARDS = ".mad__core .card"
CARD_NAMES = """(cards) => cards.map((card) => [
  card.querySelector(".card__corner").textContent.split(" ").pop(),
  card.querySelector(".card__label").textContent,
].join(" "))"""


def test_a_person_plays_mad_to_the_end_by_clicking(page: Any, web_service: httpx.Client) -> None:
    game_id = play_to_the_middle(page, str(web_service.base_url).rstrip("/"))

    view = seat_view(page, web_service, game_id)
    game = view["game"]
    assert game["phase"] == "escalation"
    assert page.locator(YOUR_TURN).inner_text().startswith("Your turn")
    assert page.locator(SPACE).count() == 0  # the spaces show only once a card is chosen
    assert core_shown(page) == [[name(card) for card in row] for row in game["core"]]
    hand = page.eval_on_selector_all(".mad__cards .card", CARD_NAMES)
    assert hand == [name(card) for card in game["hand"]]
    count = page.locator(".mad__opponent[data-seat='1'] .mad__count").inner_text()
    assert count == f"{game['seats'][1]['hand_size']} cards"

    critical = check_the_spaces_of_each_card(page, game["core"], view["legal_moves"])
    if critical:
        critical.hover()
        picked = int(critical.get_attribute("data-critical"))
        assert page.locator(".mad__space--doomed").count() == picked >= CRITICAL_MASS
    screenshots_at_both_widths(page, "mad", critical.hover if critical else None)

    assert not play_turns(page)

    final = web_service.get(f"/games/{game_id}").json()
    assert final["status"] == "finished"
    assert final["seats"][0] == {"name": PLAYER, "bot": None, "player": None}
    checked_standings(page, final)


def seat_view(page: Any, web_service: httpx.Client, game_id: str) -> Any:
    """`GET /games/{id}` with the seat token the page keeps, once the page shows that version."""
    token = page.evaluate("id => localStorage.getItem('cardroom.seat.' + id)", game_id)
    view = web_service.get(f"/games/{game_id}", headers={"Authorization": f"Bearer {token}"})
    page.wait_for_selector(f"[data-version='{view.json()['version']}']")
    return view.json()


def check_the_spaces_of_each_card(page: Any, core: list[list[Any]], moves: list[Any]) -> Any:
    """Chooses each card of the hand in turn: its spaces are its legal placements, each marked
    with the cards the rules' Criticality would pick up there. Leaves chosen the card with the
    most Criticalities (the last card on a tie); answers its first such space, or None."""
    spaces = tuple(Card(**card) if card else None for row in core for card in row)
    cards = page.locator(HAND_CARD)
    criticalities = []
    for index in range(cards.count()):
        cards.nth(index).click()
        page.wait_for_selector(SPACE)
        card = cards.nth(index).get_attribute("data-action").removeprefix("select ")
        placements = {
            (move["row"], move["column"]): Card(**move["card"])
            for move in moves
            if move["type"] == "place_card" and name(move["card"]) == card
        }
        shown = spaces_shown(page)
        assert set(shown) == set(placements)
        for (row, column), marked in shown.items():
            picked = picked_up(spaces, placements[row, column], board.space(row, column))
            assert marked == picked, (card, row, column)
        criticalities.append(sum(map(bool, shown.values())))
    most = max(range(len(criticalities)), key=lambda index: (criticalities[index], index))
    if most != len(criticalities) - 1:
        cards.nth(most).click()
        page.wait_for_selector(SPACE)
    critical = page.locator(f"{SPACE}:not([data-critical='0'])")
    return critical.first if critical.count() else None


def picked_up(spaces: tuple[Card | None, ...], card: Card, at: int) -> int:
    """How many cards placing `card` at `at` picks up, as the rules find the Criticalities."""
    after = tuple(card if space == at else held for space, held in enumerate(spaces))
    return len(board.criticality(after, at))


def spaces_shown(page: Any) -> dict[tuple[int, int], int]:
    """Each space offered to the chosen card, and how many cards placing it there picks up."""
    rows = page.eval_on_selector_all(
        SPACE,
        """targets => targets.map((target) => {
            const space = target.closest(".mad__space");
            const at = [space.dataset.row, space.dataset.column, target.dataset.critical];
            return at.map(Number);
        })""",
    )
    return {(row, column): critical for row, column, critical in rows}


def core_shown(page: Any) -> list[list[str | None]]:
    spaces = page.eval_on_selector_all(
        ".mad__core .mad__space",
        f"""spaces => spaces.map((space) => {{
            const card = space.querySelector(".card");
            return card ? ({CARD_NAMES})([card])[0] : null;
        }})""",
    )
    return [spaces[row * SIZE : (row + 1) * SIZE] for row in range(SIZE)]


def name(card: dict[str, Any] | None) -> str | None:
    return f"{card['element']} {card['number']}" if card else None


def play_to_the_middle(page: Any, base: str) -> str:
    """Opens a table, starts it and plays to its middle (the person's turn with MIDDLE cards
    or more in the Core); answers the game's id. A game over before its middle (a
    Criticality no card could avoid emptied the Core) is left for a new table."""
    for _ in range(TABLES):
        game_id = seat_against_bots(page, base, "mad", 2, OPTIONS)
        page.set_viewport_size(LAPTOP)
        page.locator("[data-action='start game']").click()
        if play_turns(page, middle=MIDDLE):
            return game_id
    raise AssertionError(f"{TABLES} games in a row ended before their middle")


def play_turns(page: Any, middle: int | None = None, seed: int = 0) -> bool:
    """Plays the person's turns by clicking: the draw, or a card then one of its spaces, away
    from Criticalities when it can (random clicks pick up so many cards that a game can take
    minutes). Answers False once the game is over, or True at the person's turn to place a
    card with `middle` cards or more in the Core, when given."""
    rng = random.Random(seed)
    for _ in range(TURNS):
        page.wait_for_selector(f"{HAND_CARD}, {DRAW}, {STANDINGS}")
        if page.locator(STANDINGS).count():
            return False
        cards = page.locator(HAND_CARD).count()
        if middle is not None and cards and page.locator(CORE_CARDS).count() >= middle:
            return True
        version = page.locator("[data-version]").get_attribute("data-version")
        if cards:
            spaces = choose_a_card(page, rng)
            spaces.nth(rng.randrange(spaces.count())).click()
        else:
            page.locator(DRAW).click()
        page.wait_for_selector(f"[data-version]:not([data-version='{version}'])")
    raise AssertionError(f"the game went on for more than {TURNS} of the person's turns")


def choose_a_card(page: Any, rng: random.Random) -> Any:
    """Chooses the cards of the hand in a random order until one has a space away from any
    Criticality; answers that card's safe spaces, or the last card's spaces when none has."""
    cards = page.locator(HAND_CARD)
    order = list(range(cards.count()))
    rng.shuffle(order)
    for index in order:
        if "card--selected" not in cards.nth(index).get_attribute("class"):
            cards.nth(index).click()
        page.wait_for_selector(SPACE)
        if page.locator(SAFE_SPACE).count():
            return page.locator(SAFE_SPACE)
    return page.locator(SPACE)

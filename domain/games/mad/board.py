"""The Core: a 5 x 5 grid of spaces, where placements are judged and Criticalities found.

Spaces are numbered row by row; two spaces are adjacent when they share a side.
"""

from collections.abc import Callable
from typing import Final

from domain.games.mad.cards import Card
from domain.games.mad.model import CRITICAL_MASS, SIZE, Core

SPACES: Final = range(SIZE * SIZE)
EMPTY_CORE: Final[Core] = (None,) * (SIZE * SIZE)


def _sides(space: int) -> tuple[int, ...]:
    row, column = divmod(space, SIZE)
    steps = ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1))
    return tuple(r * SIZE + c for r, c in steps if 0 <= r < SIZE and 0 <= c < SIZE)


NEIGHBOURS: Final = tuple(_sides(space) for space in SPACES)


def space(row: int, column: int) -> int:
    return row * SIZE + column


def isolated(core: Core, at: int) -> bool:
    """A Nuclear Proliferation space: empty, with no occupied space beside it."""
    return core[at] is None and all(core[side] is None for side in NEIGHBOURS[at])


def beside_a_card(core: Core, at: int) -> bool:
    return any(core[side] is not None for side in NEIGHBOURS[at])


Touching = tuple[frozenset[int], frozenset[str]]
"""The numbers and the elements of the cards beside a space."""


def touching(core: Core, at: int) -> Touching:
    cards = [card for side in NEIGHBOURS[at] if (card := core[side]) is not None]
    return frozenset(card.number for card in cards), frozenset(card.element for card in cards)


def fits(card: Card, touched: Touching) -> bool:
    """The card shares a number or an element with a card beside the space."""
    numbers, elements = touched
    return card.number in numbers or card.element in elements


def criticality(core: Core, at: int) -> tuple[Card, ...]:
    """Every card of the Criticalities through the card at `at`, in space order.

    For number and for element, the side-connected group through `at` of cards sharing
    that attribute is a Criticality when it holds CRITICAL_MASS cards or more.
    """
    found: set[int] = set()
    for same in (_same_number, _same_element):
        group = _group(core, at, same)
        if len(group) >= CRITICAL_MASS:
            found |= group
    return tuple(card for index in sorted(found) if (card := core[index]) is not None)


def full(core: Core) -> bool:
    return all(card is not None for card in core)


def empty(core: Core) -> bool:
    return all(card is None for card in core)


def rows(core: Core) -> tuple[tuple[Card | None, ...], ...]:
    return tuple(core[row * SIZE : (row + 1) * SIZE] for row in range(SIZE))


def _same_number(a: Card, b: Card) -> bool:
    return a.number == b.number


def _same_element(a: Card, b: Card) -> bool:
    return a.element == b.element


def _group(core: Core, at: int, same: Callable[[Card, Card], bool]) -> set[int]:
    """The spaces connected to `at` through sides whose cards are `same` as its card."""
    origin = core[at]
    if origin is None:
        return set()
    group, frontier = {at}, [at]
    while frontier:
        for side in NEIGHBOURS[frontier.pop()]:
            card = core[side]
            if side not in group and card is not None and same(card, origin):
                group.add(side)
                frontier.append(side)
    return group

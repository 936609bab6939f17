"""MAD's cards: one per element and number, and what two cards may share."""

from typing import Annotated, Final, Literal

import msgspec

Element = Literal["Pu", "Ra", "Th", "U"]

ELEMENTS: Final[tuple[Element, ...]] = ("Pu", "Ra", "Th", "U")
NUMBERS: Final = range(1, 14)


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    element: Element
    number: Annotated[int, msgspec.Meta(ge=1, le=13)]

    def __str__(self) -> str:
        """The card as a player names it: "Pu 7"."""
        return f"{self.element} {self.number}"


DECK: Final = tuple(Card(element, number) for element in ELEMENTS for number in NUMBERS)
"""Element by element, each from 1 to 13: the order hands are shown in."""


def deck_index(card: Card) -> int:
    """The card's place in `DECK`."""
    return ELEMENTS.index(card.element) * len(NUMBERS) + card.number - NUMBERS.start


def alike(card: Card, other: Card) -> bool:
    """The two cards share a number or an element."""
    return card.number == other.number or card.element == other.element

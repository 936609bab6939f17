"""The Gnono deck (the standard 108-card deck), score values and when cards match."""

from types import MappingProxyType
from typing import Final, Literal

import msgspec

Colour = Literal["red", "yellow", "green", "blue"]
Rank = Literal[
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9",
    "skip", "reverse", "take_two", "wild", "wild_take_four",
]  # fmt: skip

COLOURS: Final[tuple[Colour, ...]] = ("red", "yellow", "green", "blue")
NUMBERS: Final[tuple[Rank, ...]] = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9")
ACTIONS: Final[tuple[Rank, ...]] = ("take_two", "reverse", "skip")
WILDS: Final[tuple[Rank, ...]] = ("wild", "wild_take_four")
COPIES_OF_ZERO: Final = 1
COPIES_PER_COLOUR: Final = 2
COPIES_OF_WILDS: Final = 4
ACTION_VALUE: Final = 20
WILD_VALUE: Final = 50
PENALTIES: Final = MappingProxyType({"take_two": 2, "wild_take_four": 4})
RANK_NAMES: Final = MappingProxyType(
    {
        "skip": "Skip",
        "reverse": "Reverse",
        "take_two": "Take Two",
        "wild": "Wild",
        "wild_take_four": "Wild Take Four",
    }
)
"""How players call the ranks that are not numbers."""


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One physical card; wilds have no colour; `copy` tells identical cards apart."""

    rank: Rank
    colour: Colour | None = None
    copy: int = 0

    def __str__(self) -> str:
        """The card as a player names it: "blue 5", "red Take Two", "Wild Take Four"."""
        name = RANK_NAMES.get(self.rank, self.rank)
        return name if self.colour is None else f"{self.colour} {name}"


def _build_deck() -> tuple[Card, ...]:
    coloured = tuple(
        Card(rank, colour, copy)
        for colour in COLOURS
        for rank in (*NUMBERS, *ACTIONS)
        for copy in range(COPIES_OF_ZERO if rank == "0" else COPIES_PER_COLOUR)
    )
    wilds = tuple(Card(rank, None, copy) for rank in WILDS for copy in range(COPIES_OF_WILDS))
    return coloured + wilds


DECK: Final = _build_deck()


def is_wild(card: Card) -> bool:
    return card.colour is None


def is_number(card: Card) -> bool:
    return card.rank in NUMBERS


def value(card: Card) -> int:
    """The card's score value when left in a hand at the end of a round."""
    if is_number(card):
        return int(card.rank)
    return WILD_VALUE if is_wild(card) else ACTION_VALUE


def draw_value(card: Card) -> int:
    """The card's value in the first-player draw: numbers by face, every other card 0."""
    return int(card.rank) if is_number(card) else 0


def penalty(card: Card) -> int:
    """How many cards the next player must take when this card is played."""
    return PENALTIES.get(card.rank, 0)


def matches(card: Card, top: Card, colour: Colour | None) -> bool:
    """A non-wild card matches by current colour, or by the same number or action kind."""
    return card.colour is not None and (card.colour == colour or card.rank == top.rank)

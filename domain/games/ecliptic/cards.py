"""Ecliptic's cards and the arithmetic of signs: runs round the zodiac, colour groups, points.

Signs are numbered 1 (Aries) to 12 (Pisces) and are cyclic: 12 and 1 are consecutive.
"""

from collections.abc import Iterable, Mapping, Sequence
from datetime import date
from types import MappingProxyType
from typing import Final, Literal, get_args

import msgspec

SignName = Literal[
    "aries",
    "taurus",
    "gemini",
    "cancer",
    "leo",
    "virgo",
    "libra",
    "scorpio",
    "sagittarius",
    "capricorn",
    "aquarius",
    "pisces",
]
SIGNS: Final[tuple[SignName, ...]] = get_args(SignName)
SIGN_COUNT: Final = len(SIGNS)
COLOURS: Final = ("yellow", "grey", "red", "violet", "green", "orange")
SYMBOLS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "yellow": "sun",
        "grey": "moon",
        "red": "star",
        "violet": "galaxy",
        "green": "planet",
        "orange": "comet",
    }
)
HAND_SIZE: Final = 7
# (month, first day, sign): the sun sign that starts on that day; Capricorn spans New Year.
DAY_SIGN_STARTS: Final = (
    (1, 20, 11),
    (2, 19, 12),
    (3, 21, 1),
    (4, 20, 2),
    (5, 21, 3),
    (6, 21, 4),
    (7, 23, 5),
    (8, 23, 6),
    (9, 23, 7),
    (10, 23, 8),
    (11, 22, 9),
    (12, 22, 10),
)
CAPRICORN: Final = 10
ColourScoring = Literal["group", "run"]


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One of the 72 cards: a sign (1-12) in a colour, each colour drawn with its symbol."""

    sign: int
    colour: str
    symbol: str

    def __str__(self) -> str:
        """The card as a player names it: its colour and sign, "yellow Leo"."""
        return f"{self.colour} {SIGNS[self.sign - 1].capitalize()}"


DECK: Final = tuple(
    Card(sign, colour, SYMBOLS[colour]) for sign in range(1, SIGN_COUNT + 1) for colour in COLOURS
)


def card_key(card: Card) -> tuple[int, int]:
    """Deck order: by sign, then by colour."""
    return card.sign, COLOURS.index(card.colour)


def is_pair(first: Card, second: Card) -> bool:
    """Two cards of the same sign or of the same colour."""
    return first != second and (first.sign == second.sign or first.colour == second.colour)


def sign_number(name: str) -> int:
    return SIGNS.index(name) + 1


def sign_of_day(day: date) -> int:
    """The sun sign of a calendar day, by the usual tropical boundaries."""
    sign = CAPRICORN
    for month, first, starting in DAY_SIGN_STARTS:
        if (day.month, day.day) >= (month, first):
            sign = starting
    return sign


def following(sign: int, steps: int = 1) -> int:
    """The sign `steps` places after `sign`, round the zodiac."""
    return (sign - 1 + steps) % SIGN_COUNT + 1


def longest_run(signs: Iterable[int]) -> tuple[int, int]:
    """Length and first sign of the longest cyclic run of distinct consecutive signs.

    Among runs of equal length the one starting at the lowest sign wins; (0, 0) when empty.
    """
    mask = 0
    for sign in signs:
        mask |= 1 << (sign - 1)
    return _RUNS[mask]


def _run_of(mask: int) -> tuple[int, int]:
    """`longest_run` of the signs whose bits `mask` sets (bit 0 for sign 1)."""
    present = {sign for sign in range(1, SIGN_COUNT + 1) if mask >> (sign - 1) & 1}
    if len(present) == SIGN_COUNT:
        return SIGN_COUNT, 1
    best = (0, 0)
    for start in sorted(present):
        if following(start, -1) in present:
            continue
        length = 1
        while following(start, length) in present:
            length += 1
        if length > best[0]:
            best = (length, start)
    return best


_RUNS: Final = tuple(_run_of(mask) for mask in range(1 << SIGN_COUNT))
"""`longest_run` of every set of signs, computed once: scoring asks it constantly."""
_COLOUR_INDEX: Final = MappingProxyType({colour: index for index, colour in enumerate(COLOURS)})


def biggest_colour(cards: Sequence[Card]) -> tuple[str, int]:
    """The most frequent colour and its count; ties go to the earlier colour."""
    counts = [0] * len(COLOURS)
    for card in cards:
        counts[_COLOUR_INDEX[card.colour]] += 1
    most = max(range(len(COLOURS)), key=counts.__getitem__)  # the first of equal counts
    return COLOURS[most], counts[most]


def strength(hand: Sequence[Card]) -> int:
    """A hand's battle value: longest run of distinct signs plus the largest colour group."""
    return longest_run(card.sign for card in hand)[0] + biggest_colour(hand)[1]


def contributing(hand: Sequence[Card]) -> tuple[Card, ...]:
    """The cards a player shows for their total: the colour group and one card per run sign.

    For a run sign held in several colours, the card of the group's colour is shown (so fewer
    cards are revealed), otherwise the first in deck order.
    """
    colour, _ = biggest_colour(hand)
    length, start = longest_run(card.sign for card in hand)
    shown = {card for card in hand if card.colour == colour}
    for sign in (following(start, step) for step in range(length)):
        held = sorted(
            (c for c in hand if c.sign == sign), key=lambda c: (c.colour != colour, card_key(c))
        )
        shown.add(held[0])
    return tuple(sorted(shown, key=card_key))


def side_cards(side: Sequence[Card | None]) -> tuple[Card, ...]:
    return tuple(card for card in side if card is not None)


def colour_points(cards: Sequence[Card], scoring: ColourScoring) -> int:
    """The largest colour group, or with "run" scoring the longest one-colour run of signs."""
    if scoring == "group":
        return biggest_colour(cards)[1]
    return max(longest_run(c.sign for c in cards if c.colour == colour)[0] for colour in COLOURS)


def points(side: Sequence[Card | None], own_sign: int, scoring: ColourScoring) -> int:
    """A side's score: its longest run, its colour points and 1 for holding one's own sign."""
    cards = side_cards(side)
    run = longest_run(card.sign for card in cards)[0]
    return run + colour_points(cards, scoring) + int(side[own_sign - 1] is not None)

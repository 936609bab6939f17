"""Dealing the cards a seat cannot see anew: the one step every game's `sample` shares.

A seat knows which positions it cannot see (the game's `hidden` cards) and which cards may
lie there, but not which card lies where. `redeal` gathers the unseen cards in a fixed order
that does not depend on where they lie, shuffles them with the given `Chance` and puts one
in every unseen position, so a sample never reads the true placement of a hidden card.
"""

from collections.abc import Sequence
from typing import TypeVar

import msgspec

from domain.chance import Chance

C = TypeVar("C")


def redeal(
    zones: Sequence[tuple[C, ...]], hidden: frozenset[C], chance: Chance
) -> tuple[tuple[C, ...], ...]:
    """`zones` with every card in `hidden` swapped for a random one of the same hidden cards;
    every other card, and every zone's size, stays as it was."""
    unseen = sorted(
        (card for zone in zones for card in zone if card in hidden), key=msgspec.json.encode
    )
    dealt = iter(chance.shuffle(unseen))
    return tuple(tuple(next(dealt) if card in hidden else card for card in zone) for zone in zones)


def relocated(
    card: C | None, before: Sequence[tuple[C, ...]], after: Sequence[tuple[C, ...]]
) -> C | None:
    """The card that lies, after a `redeal`, where `card` lay before it."""
    for old, new in zip(before, after, strict=True):
        if card in old:
            return new[old.index(card)]
    return card

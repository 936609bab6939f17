"""Card-moving helpers shared by the games: cards are hashable values, piles are tuples."""

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Literal, TypeVar

from domain.errors import Refusal

C = TypeVar("C")
Code = Literal["card_not_in_hand"]


def remove_cards(pile: Sequence[C], cards: Iterable[C]) -> tuple[C, ...]:
    """`pile` without one copy of each of `cards`; refuses when a card is not there."""
    wanted = Counter(cards)
    kept: list[C] = []
    for card in pile:
        if wanted[card] > 0:
            wanted[card] -= 1
        else:
            kept.append(card)
    if +wanted:
        missing = ", ".join(sorted(map(str, +wanted)))
        raise Refusal[Code]("card_not_in_hand", "not held: {}", missing).error()
    return tuple(kept)


def deal(
    deck: Sequence[C], hands: int, size: int
) -> tuple[tuple[tuple[C, ...], ...], tuple[C, ...]]:
    """Deal `size` cards to each of `hands` hands, one at a time round the table.

    Returns the hands and the rest of the deck; the deck's first card is its top.
    """
    dealt = tuple(tuple(deck[seat : hands * size : hands]) for seat in range(hands))
    return dealt, tuple(deck[hands * size :])


def same_cards(a: Iterable[C], b: Iterable[C]) -> bool:
    """Whether two collections hold the same cards, counting copies."""
    return Counter(a) == Counter(b)

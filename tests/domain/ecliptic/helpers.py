"""Building given Ecliptic states and sending commands through `decide`."""

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime

import pytest

from domain.chance import Chance
from domain.decider import Context
from domain.errors import DomainError
from domain.games.ecliptic import rules
from domain.games.ecliptic.cards import DECK, SYMBOLS, Card
from domain.games.ecliptic.model import EMPTY_LINE, Command, Event, Options, State, Turn

NOW = datetime(2026, 3, 21, 12, 0, tzinfo=UTC)


def card(sign: int, colour: str) -> Card:
    return Card(sign, colour, SYMBOLS[colour])


def ctx(
    seat: int | None, now: datetime = NOW, seed: bytes = b"ecliptic", label: int = 1
) -> Context:
    return Context(seat=seat, now=now, chance=Chance(seed, label))


def line(cards: Iterable[Card]) -> tuple[Card | None, ...]:
    slots = list(EMPTY_LINE)
    for placed in cards:
        slots[placed.sign - 1] = placed
    return tuple(slots)


def given(
    hands: Sequence[Sequence[Card]],
    *,
    stock: Sequence[Card] | None = None,
    lines: Sequence[Sequence[Card]] = ((), ()),
    seat: int = 0,
    final: bool = False,
    signs: tuple[int, int] = (11, 11),
    day_sign: int = 10,
    options: Options | None = None,
) -> State:
    """A table in the middle of a game: `seat` to move; the stock defaults to the unused cards."""
    used = {c for hand in hands for c in hand} | {c for side in lines for c in side}
    return State(
        options=options or Options(),
        phase=Turn(seat, final),
        hands=tuple(tuple(hand) for hand in hands),
        stock=tuple(stock) if stock is not None else tuple(c for c in DECK if c not in used),
        lines=tuple(line(side) for side in lines),
        signs=signs,
        day_sign=day_sign,
    )


def when(state: State, seat: int, command: Command, seed: bytes = b"ecliptic") -> tuple[Event, ...]:
    return tuple(rules.decide(state, command, ctx(seat, seed=seed)))


def then_refused(state: State, seat: int, command: Command) -> str:
    with pytest.raises(DomainError) as refused:
        rules.decide(state, command, ctx(seat))
    return refused.value.code


def fold(state: State, events: Iterable[Event]) -> State:
    for event in events:
        state = rules.evolve(state, event)
    return state


# Two opening hands used across the tests: seat 0 holds a pair of 1s and a triplet of 8s.
HAND = (
    card(1, "red"),
    card(1, "green"),
    card(4, "red"),
    card(6, "grey"),
    card(8, "yellow"),
    card(8, "violet"),
    card(8, "orange"),
)
OTHER = (
    card(2, "red"),
    card(3, "grey"),
    card(5, "violet"),
    card(7, "green"),
    card(9, "yellow"),
    card(10, "orange"),
    card(12, "red"),
)

"""Building blocks for CNO tests: cards, seats and tables built directly as state values."""

from collections.abc import Iterable
from datetime import UTC, datetime
from functools import reduce
from typing import Any

from domain.chance import Chance
from domain.decider import Context
from domain.errors import DomainError
from domain.games.cno.cards import ROW_SIZE, Card, Isotope
from domain.games.cno.model import Board, Event, Options, Player, Playing, State
from domain.games.cno.rules import decide, evolve

NOW = datetime(2026, 3, 21, 12, 0, tzinfo=UTC)


def card(owner: int, isotope: Isotope, copy: int = 0) -> Card:
    return Card(owner, isotope, copy)


def cards(owner: int, *isotopes: Isotope) -> tuple[Card, ...]:
    """Distinct cards of `owner`: repeated isotopes get increasing copy numbers."""
    seen: dict[str, int] = {}
    made = []
    for isotope in isotopes:
        made.append(Card(owner, isotope, seen.get(isotope, 0)))
        seen[isotope] = seen.get(isotope, 0) + 1
    return tuple(made)


def seat(
    hand: Iterable[Card] = (),
    stock: Iterable[Card] = (),
    row: Iterable[Card | None] = (),
    set_aside: Iterable[Card] = (),
    played: int = 0,
) -> Player:
    """A seat's area; the row is padded with empty slots up to four."""
    row = tuple(row)
    return Player(
        hand=tuple(hand),
        stock=tuple(stock),
        row=(*row, *(None,) * (ROW_SIZE - len(row))),
        set_aside=tuple(set_aside),
        played=played,
    )


def table(
    *players: Player,
    piles: Iterable[Iterable[Card]] = (),
    options: Options | None = None,
    resets: int = 0,
    round: int = 1,
    totals: tuple[int, ...] | None = None,
) -> Playing:
    """A round in progress with these seats and piles (each pile bottom first)."""
    board = Board(tuple(players), tuple(tuple(pile) for pile in piles))
    return Playing(
        options=options or Options(),
        seats=len(players),
        round=round,
        board=board,
        totals=totals or (0,) * len(players),
        resets=resets,
    )


def context(seat: int | None, label: int = 0) -> Context:
    return Context(seat=seat, now=NOW, chance=Chance(b"cno tests", label), seed=b"cno tests")


def when(state: State, seat: int, command: Any) -> tuple[Event, ...]:
    return decide(state, command, context(seat))


def refusal(state: State, seat: int, command: Any) -> str:
    """The code `command` is refused with; fails the test if it is accepted."""
    try:
        events = decide(state, command, context(seat))
    except DomainError as error:
        return error.code
    raise AssertionError(f"{command} was accepted: {events}")


def fold(state: State, events: Iterable[Event]) -> State:
    return reduce(evolve, events, state)


def after(state: State, seat: int, command: Any) -> State:
    """The state once `command` by `seat` and everything it sets off are applied."""
    return fold(state, when(state, seat, command))

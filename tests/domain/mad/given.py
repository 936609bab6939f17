"""Given/when/then helpers for MAD: positions written as text, commands sent to `decide`.

A Core is five rows of five tokens: `.` for an empty space, otherwise element and number
(`Ra5`, `U13`). Hands and piles are space-separated tokens.
"""

from datetime import UTC, datetime
from functools import reduce
from typing import Any

from domain.chance import Chance
from domain.decider import Context
from domain.errors import DomainError
from domain.games.mad.cards import Card
from domain.games.mad.model import Core, DrawCards, Event, PlaceCard, Playing, State
from domain.games.mad.rules import decide, evolve, legal_moves

NOW = datetime(2026, 3, 21, 12, 0, tzinfo=UTC)
EMPTY_ROW = ". . . . ."


def card(token: str) -> Card:
    element = token.rstrip("0123456789")
    return Card(element, int(token[len(element) :]))  # type: ignore[arg-type]


def cards(tokens: str) -> tuple[Card, ...]:
    return tuple(card(token) for token in tokens.split())


def core(*rows: str) -> Core:
    """A Core from up to five rows; missing rows and spaces at the end of a row are empty."""
    rows = (*rows, *(EMPTY_ROW,) * (5 - len(rows)))
    tokens = [token for row in rows for token in (*row.split(), ".", ".", ".", ".")[:5]]
    assert len(tokens) == 25, f"a Core has 25 spaces, not {len(tokens)}"
    return tuple(None if token == "." else card(token) for token in tokens)


def playing(
    rows: tuple[str, ...] = (),
    hands: tuple[str, ...] = ("Pu1", "Pu2"),
    stockpile: str = "",
    turn: int = 0,
    seeding: int = 0,
    exposed: str = "",
    drawn: str | None = None,
) -> Playing:
    return Playing(
        hands=tuple(cards(hand) for hand in hands),
        stockpile=cards(stockpile),
        core=core(*rows),
        turn=turn,
        seeding=seeding,
        exposed=frozenset(cards(exposed)),
        drawn=None if drawn is None else card(drawn),
    )


def ctx(seat: int | None, seed: bytes = b"given") -> Context:
    return Context(seat=seat, now=NOW, chance=Chance(seed, 0), seed=seed)


def place(token: str, row: int, column: int) -> PlaceCard:
    return PlaceCard(card(token), row, column)


DRAW = DrawCards()


def when(state: State, command: Any, seat: int | None = None, seed: bytes = b"given") -> Any:
    """The events `command` produces, sent by `seat` (by default the seat on turn)."""
    if seat is None and isinstance(state, Playing):
        seat = state.turn
    return decide(state, command, ctx(seat, seed))


def refusal(state: State, command: Any, seat: int | None = None) -> str:
    """The code of the DomainError the command is refused with."""
    try:
        when(state, command, seat)
    except DomainError as error:
        return error.code
    raise AssertionError(f"{command} was accepted")


def placements(state: State, seat: int) -> list[PlaceCard]:
    """The placements among a seat's legal moves."""
    return [move for move in legal_moves(state, seat) if isinstance(move, PlaceCard)]


def fold(state: State, events: tuple[Event, ...]) -> State:
    return reduce(evolve, events, state)


def of_type(events: tuple[Any, ...], kind: type) -> list[Any]:
    return [event for event in events if isinstance(event, kind)]

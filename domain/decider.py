"""The shape every game takes: a pure decider bundled as one `GameRules` value.

A game module defines module-level functions and ends with ``rules = GameRules(...)``.
The table lifecycle (`domain.table`) composes these with seats, start and finish, so a game
only knows its own phases.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

import msgspec

from domain.chance import Chance

SPECTATOR: Final = -1
"""A viewer without a seat: sees the public table."""
REFEREE: Final = -2
"""A viewer who sees everything: used for audits and for finished games."""


@dataclass(frozen=True, slots=True)
class Context:
    """What a decision may know besides state and command: who acts, when, and chance."""

    seat: int | None
    now: datetime
    chance: Chance
    seed: bytes = b""


class Standing(msgspec.Struct, frozen=True):
    """One seat's final result: its score and its place (1 = first; ties share a place)."""

    seat: int
    score: int
    place: int


def places_by_score(scores: Iterable[int], higher_wins: bool = True) -> tuple[Standing, ...]:
    """Standings from per-seat scores; equal scores share a place (1, 1, 3, ...)."""
    scores = tuple(scores)
    sign = -1 if higher_wins else 1
    return tuple(
        Standing(seat, score, 1 + sum(1 for other in scores if sign * other < sign * score))
        for seat, score in enumerate(scores)
    )


@dataclass(frozen=True, slots=True)
class GameRules:
    """One game, as plain functions over frozen data.

    `initial_state(options, seats)` is the state before the opening events that
    `start(state, ctx)` produces (shuffle, deal). `decide` raises `DomainError` for every
    command that `legal_moves` would not offer. `hidden(state, viewer)` names the cards that
    viewer must never see and `all_cards(state)` every card in every zone; both exist so the
    contract suite can prove views leak nothing and cards are conserved.
    """

    kind: str
    title: str
    min_seats: int
    max_seats: int
    Options: type[msgspec.Struct]
    Command: Any
    Event: Any
    Card: type
    initial_state: Callable[[Any, int], Any]
    start: Callable[[Any, Context], tuple[Any, ...]]
    decide: Callable[[Any, Any, Context], tuple[Any, ...]]
    evolve: Callable[[Any, Any], Any]
    legal_moves: Callable[[Any, int], tuple[Any, ...]]
    view: Callable[[Any, int], Any]
    redact: Callable[[Any, int], Any | None]
    is_terminal: Callable[[Any], bool]
    outcome: Callable[[Any], tuple[Standing, ...]]
    all_cards: Callable[[Any], Iterable[Any]]
    hidden: Callable[[Any, int], frozenset[Any]]
    seat_limits: Callable[[Any], tuple[int, int]] | None = None

    def seat_range(self, options: Any) -> tuple[int, int]:
        """The fewest and most seats a table with these options may have."""
        if self.seat_limits is None:
            return self.min_seats, self.max_seats
        return self.seat_limits(options)

"""The shape every game takes: a pure decider bundled as one `GameRules` value.

Every game package has the same anatomy (docs/decisions/0016-one-anatomy-for-every-game.md)
and its `__init__.py` ends with ``rules = GameRules(...)``. The table lifecycle
(`domain.table`) composes these with seats, start and finish, so a game only knows its own
phases.
"""

import typing
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any, Final, Generic, Never, NoReturn, TypeVar

import msgspec

from domain.chance import Chance
from domain.narration import Voice

SPECTATOR: Final = -1
"""A viewer without a seat: sees the public table."""
REFEREE: Final = -2
"""A viewer who sees everything: used for audits and for finished games."""
EVERY_SEAT: Final = -3
"""The one who forked a sandbox (`domain.table.sandbox`): acts for any seat, sees as one."""

OptionsT = TypeVar("OptionsT", bound=msgspec.Struct)
CommandT = TypeVar("CommandT", bound=msgspec.Struct)
EventT = TypeVar("EventT", bound=msgspec.Struct)
StateT = TypeVar("StateT", bound=msgspec.Struct)
ViewT = TypeVar("ViewT", bound=msgspec.Struct)
CardT = TypeVar("CardT", bound=msgspec.Struct)


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


def unknown_event(kind: str, event: Never) -> NoReturn:
    """What every game's `evolve` does with an event it does not know: a programming error,
    since stored events are decoded against the game's own union before they are folded.
    Typed `Never`, so mypy proves that every event of the union has its own case."""
    raise TypeError(f"{kind} has no event {type(event).__name__}")


def unknown_command(kind: str, command: Never) -> NoReturn:
    """How every game's `decide` ends: a command outside its union cannot be decoded for the
    kind, and typed `Never`, so mypy proves that every command has its own case."""
    raise TypeError(f"{kind} has no command {type(command).__name__}")


def legal(
    candidates: Iterable[CommandT], refusal: Callable[[CommandT], object | None]
) -> tuple[CommandT, ...]:
    """How every game's `legal_moves` ends: the moment's candidates that the game's one
    legality check (the same `decide` rejects with) answers no refusal for."""
    return tuple(move for move in candidates if refusal(move) is None)


Strategy = Callable[[ViewT, Sequence[CommandT], Chance], CommandT]
"""A bot: (the seat's game view, its legal moves, chance) -> one of the legal moves."""


@dataclass(frozen=True, slots=True)
class GameRules(Generic[OptionsT, CommandT, EventT, StateT, ViewT, CardT]):
    """One game, as plain functions over frozen data.

    `initial_state(options, seats)` is the state before the opening events that
    `start(state, ctx)` produces (shuffle, deal). `decide` raises `DomainError` for every
    command that `legal_moves` would not offer. `hidden(state, viewer)` names the cards that
    viewer must never see and `all_cards(state)` every card in every zone; both exist so the
    contract suite can prove views leak nothing and cards are conserved. `narrate` tells an
    event to one viewer in words (`domain.narration`). `real_time` games
    have no turns (every seat may act at once); `heuristic` is the game's rule-of-thumb bot.
    """

    kind: str
    title: str
    min_seats: int
    max_seats: int
    Options: type[OptionsT]
    Command: Any
    """The tagged union of the game's commands (a type expression, which has no type)."""
    Event: Any
    """The tagged union of the game's events."""
    Card: type[CardT]
    initial_state: Callable[[OptionsT, int], StateT]
    start: Callable[[StateT, Context], tuple[EventT, ...]]
    decide: Callable[[StateT, CommandT, Context], tuple[EventT, ...]]
    evolve: Callable[[StateT, EventT], StateT]
    legal_moves: Callable[[StateT, int], tuple[CommandT, ...]]
    view: Callable[[StateT, int], ViewT]
    redact: Callable[[EventT, int], msgspec.Struct | None]
    is_terminal: Callable[[StateT], bool]
    outcome: Callable[[StateT], tuple[Standing, ...]]
    all_cards: Callable[[StateT], Iterable[CardT]]
    hidden: Callable[[StateT, int], frozenset[CardT]]
    heuristic: Strategy[ViewT, CommandT]
    narrate: Callable[[Any, Voice], str]
    """What an event means to `voice.viewer`, in one short sentence; it is given the event as
    redacted for that viewer (which may be a type of its own), so it names no hidden card."""
    refusal_codes: tuple[str, ...]
    """Every code the game refuses a command with (`domain.errors.codes` of its `Code`)."""
    real_time: bool = False
    seat_limits: Callable[[OptionsT], tuple[int, int]] | None = None
    blurb: str = ""
    """The game in one line, for a person choosing what to play."""
    minutes: tuple[int, int] = (0, 0)
    """How long a game with the default options typically lasts, in minutes (from, to)."""

    sample: Callable[[StateT, int, Chance], StateT] | None = None
    """A state `seat` cannot tell from this one, its unseen cards dealt anew from the
    `Chance` given (`domain.unseen`); what the `search` bot (`domain.search`) thinks on."""

    deal_unseen: Callable[[StateT, frozenset[CardT], Chance], StateT] | None = None
    """The state with the given unseen cards dealt anew from the `Chance`, every other card
    where it lies (what `sample` does with the cards hidden from one seat); a sandbox
    (`domain.table.sandbox`) deals the cards no seat sees anew, so its future is its own."""

    def seat_range(self, options: OptionsT) -> tuple[int, int]:
        """The fewest and most seats a table with these options may have."""
        if self.seat_limits is None:
            return self.min_seats, self.max_seats
        return self.seat_limits(options)


AnyRules = GameRules[Any, Any, Any, Any, Any, Any]
"""Rules of any kind, as the service holds them: the registry maps kinds to these."""

Rules = GameRules[OptionsT, CommandT, EventT, StateT, Any, Any]
"""Rules as the table composes them, `Rules[OptionsT, CommandT, EventT, StateT]`: typed in
what a table holds and passes on, open in the views and cards it never looks into."""


@cache
def phases(rules: AnyRules) -> dict[str, type]:
    """The game's state Structs by class name (its `evolve` returns their union): how a state
    kept outside its Struct (a snapshot, a sandbox's opening) names its type."""
    state = typing.get_type_hints(rules.evolve)["return"]
    return {each.__name__: each for each in typing.get_args(state) or (state,)}

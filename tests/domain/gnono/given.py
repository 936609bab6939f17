"""Given-states for Gnono tests: cards by name, stacked shuffles, rounds built as structs."""

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any, TypeVar

from domain.chance import Chance
from domain.decider import Context
from domain.errors import DomainError
from domain.games.gnono import rules
from domain.games.gnono.cards import DECK, Card, Colour, is_number
from domain.games.gnono.model import Dealing, Options, Playing, initial_state
from domain.games.gnono.model import State as Gnono
from domain.games.gnono.rules import evolve

T = TypeVar("T")
NOW = datetime(2026, 3, 21, 12, 0, tzinfo=UTC)
WILD = Card("wild")
TAKE_FOUR = Card("wild_take_four")


def c(rank: str, colour: str | None = None, copy: int = 0) -> Card:
    return Card(rank, colour, copy)  # type: ignore[arg-type]


class Stacked(Chance):
    """A chance whose shuffles put the given cards on top, the rest in their given order."""

    def __init__(self, *tops: Sequence[Card]) -> None:
        super().__init__(b"stacked", 0)
        self.tops = [tuple(top) for top in tops]

    def shuffle(self, items: Iterable[T]) -> tuple[T, ...]:
        items = tuple(items)
        top: tuple[Any, ...] = self.tops.pop(0) if self.tops else ()
        return (*top, *(item for item in items if item not in top))


def ctx(seat: int | None, *tops: Sequence[Card]) -> Context:
    return Context(seat=seat, now=NOW, chance=Stacked(*tops))


def deal_stack(
    seats: int, starter: Card, hands: Sequence[Sequence[Card]] = (), hand_size: int = 7
) -> tuple[Card, ...]:
    """A deck order that deals `hands` (filled up with number cards) and turns up `starter`."""
    chosen = {starter, *(card for hand in hands for card in hand)}
    filler = iter(card for card in DECK if is_number(card) and card not in chosen)
    full = [list(hands[seat]) if seat < len(hands) else [] for seat in range(seats)]
    for hand in full:
        hand.extend(next(filler) for _ in range(hand_size - len(hand)))
    dealt = [full[seat][i] for i in range(hand_size) for seat in range(seats)]
    return (*dealt, starter)


def opening(seats: int, draws: Sequence[Card], starter: Card, *more: Sequence[Card]) -> Any:
    """The opening events when the first-player draw shows `draws` and `starter` is turned."""
    state = initial_state(Options(), seats)
    return rules.start(state, ctx(0, draws, deal_stack(seats, starter), *more))


def fold(state: Gnono, events: Iterable[Any]) -> Any:
    for event in events:
        state = evolve(state, event)
    return state


def playing(
    hands: Sequence[Sequence[Card]],
    top: Card,
    colour: Colour | None = None,
    pile: Sequence[Card] = (),
    below: Sequence[Card] = (),
    **fields: Any,
) -> Playing:
    """A round in play at seat 0's turn; `below` are discards under the top card."""
    options = fields.pop("options", Options())
    seats = len(hands)
    defaults: dict[str, Any] = {"round": 1, "first": 0, "scores": (0,) * seats, "current": 0}
    return Playing(
        options=options,
        seats=seats,
        hands=tuple(tuple(hand) for hand in hands),
        pile=tuple(pile),
        discards=(*below, top),
        colour=colour or top.colour,
        **{**defaults, **fields},
    )


def decide(state: Gnono, command: Any, seat: int = 0, *tops: Sequence[Card]) -> tuple[Any, ...]:
    return tuple(rules.decide(state, command, ctx(seat, *tops)))


def refusal(state: Gnono, command: Any, seat: int = 0) -> str:
    try:
        rules.decide(state, command, ctx(seat))
    except DomainError as error:
        return error.code
    raise AssertionError(f"{command} was accepted")


def dealing(seats: int, **options: Any) -> Dealing:
    return initial_state(Options(**options), seats)

"""What leaves the server: views, redacted events, final standings, and the card audit
(`hidden` and `all_cards`)."""

from collections.abc import Iterator
from typing import Literal

import msgspec

from domain.chance import Chance
from domain.decider import REFEREE, Standing
from domain.games.onexeno.cards import DECK, Card
from domain.games.onexeno.model import (
    Captured,
    Event,
    Finished,
    Hand,
    HandDealt,
    Options,
    Placed,
    Playing,
    State,
    TurnBegan,
    Waiting,
)
from domain.games.onexeno.rules import team
from domain.unseen import redeal

replace = msgspec.structs.replace


class SeatView(msgspec.Struct, frozen=True):
    """One seat's public standing, by seat number; partners sit opposite (seat + seats / 2).

    Its taken cards were shown in `TricksTaken` events; `benched` once it may play no more.
    """

    hand_size: int
    taken_points: int
    benched: bool
    total: int


class OnexenoView(msgspec.Struct, frozen=True):
    """The table as one viewer sees it; `hands` holds every hand for the referee only."""

    phase: Literal["waiting", "playing", "finished"]
    hand_number: int
    hands_to_play: int
    dealer: int
    turn: int
    stack_size: int
    field: tuple[Placed, ...]
    seats: tuple[SeatView, ...]
    hand: tuple[Card, ...]
    history: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[Card, ...], ...] = ()
    captured: Captured | None = None
    """The line (or lines) last taken off the field, where the cards lay, until the next card
    is placed."""


def view(state: State, viewer: int) -> OnexenoView:
    """A seat sees its own hand; everyone sees the field, taken piles and hand sizes."""
    if isinstance(state, Waiting):
        seats = (SeatView(0, 0, False, 0),) * state.seats
        return OnexenoView(
            "waiting", 0, state.options.hands, state.dealer, -1, 0, (), seats, (), ()
        )
    hand = state.hand
    own = hand.hands[viewer] if 0 <= viewer < state.seats else ()
    return OnexenoView(
        phase="playing" if isinstance(state, Playing) else "finished",
        hand_number=hand.number,
        hands_to_play=state.options.hands,
        dealer=hand.dealer,
        turn=hand.turn,
        stack_size=len(hand.stack),
        field=hand.field,
        seats=tuple(_seat_view(state, seat) for seat in range(state.seats)),
        hand=own,
        history=state.history,
        hands=hand.hands if viewer == REFEREE else (),
        captured=hand.captured,
    )


def redact(event: Event, viewer: int) -> Event | None:
    """Hide the deal's other hands and the stack, and a drawn card from everyone but its drawer."""
    if viewer == REFEREE:
        return event
    match event:
        case HandDealt():
            hands = tuple(cards if seat == viewer else () for seat, cards in enumerate(event.hands))
            return replace(event, hands=hands, stack=())
        case TurnBegan() if event.seat != viewer:
            return replace(event, card=None)
    return event


def outcome(state: State) -> tuple[Standing, ...]:
    """Session totals; partners share their summed total and their place."""
    if isinstance(state, Waiting):
        return ()
    seats, options = state.seats, state.options
    sides = [_side(seat, seats, options) for seat in range(seats)]
    side_total: dict[int, int] = {}
    for seat, total in enumerate(state.totals):
        side_total[sides[seat]] = side_total.get(sides[seat], 0) + total
    return tuple(
        Standing(
            seat,
            side_total[sides[seat]],
            1 + sum(1 for other in side_total.values() if other > side_total[sides[seat]]),
        )
        for seat in range(seats)
    )


def hidden(state: State, viewer: int) -> frozenset[Card]:
    """The stack and every hand but the viewer's own."""
    if viewer == REFEREE or isinstance(state, Waiting):
        return frozenset()
    hand = state.hand
    others = (cards for seat, cards in enumerate(hand.hands) if seat != viewer)
    return frozenset(card for cards in (*others, hand.stack) for card in cards)


def sample(state: State, viewer: int, chance: Chance) -> State:
    """A state `viewer` cannot tell from this one: the cards hidden from it dealt anew."""
    return deal_unseen(state, hidden(state, viewer), chance)


def deal_unseen(state: State, unseen: frozenset[Card], chance: Chance) -> State:
    """`state` with the cards in `unseen` dealt anew from `chance` (`domain.unseen`), every
    other card where it lies."""
    if not isinstance(state, Playing):
        return state
    hand = state.hand
    dealt = redeal((*hand.hands, hand.stack), unseen, chance)
    return replace(state, hand=replace(hand, hands=dealt[:-1], stack=dealt[-1]))


def all_cards(state: State) -> Iterator[Card]:
    """Every card: hands, stack, field and taken piles (the whole deck before the deal)."""
    if isinstance(state, Waiting):
        yield from DECK
        return
    hand = state.hand
    for cards in (*hand.hands, hand.stack, *hand.taken):
        yield from cards
    yield from (placed.card for placed in hand.field)


def _side(seat: int, seats: int, options: Options) -> int:
    found = team(seat, seats, options)
    return seat if found is None else found


def _seat_view(state: Playing | Finished, seat: int) -> SeatView:
    hand: Hand = state.hand
    return SeatView(
        hand_size=len(hand.hands[seat]),
        taken_points=sum(card.value for card in hand.taken[seat]),
        benched=hand.benched[seat],
        total=state.totals[seat],
    )

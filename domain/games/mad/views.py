"""What each viewer may see of a MAD game, its events and its result."""

from collections.abc import Iterable
from typing import Literal

import msgspec

from domain.chance import Chance
from domain.decider import REFEREE, Standing, places_by_score
from domain.games.mad import board
from domain.games.mad.cards import DECK, Card, deck_index
from domain.games.mad.model import (
    CardsDrawn,
    Dealing,
    Dealt,
    EndReason,
    Event,
    FalloutDraw,
    FalloutDrawn,
    Finished,
    Playing,
    State,
)
from domain.unseen import redeal, relocated

Phase = Literal["dealing", "proliferation", "escalation", "finished"]

replace = msgspec.structs.replace


class SeatView(msgspec.Struct, frozen=True):
    """What the table knows of a seat: its hand size and the picked-up cards it holds."""

    hand_size: int
    picked_up: tuple[Card, ...]


class MadView(msgspec.Struct, frozen=True):
    phase: Phase
    core: tuple[tuple[Card | None, ...], ...]
    seats: tuple[SeatView, ...]
    stockpile_size: int
    turn: int | None
    hand: tuple[Card, ...]
    must_place: Card | None
    hands: tuple[tuple[Card, ...], ...]
    end_reasons: tuple[EndReason, ...]


def view(state: State, viewer: int) -> MadView:
    match state:
        case Dealing():
            empty = board.rows(board.EMPTY_CORE)
            return MadView("dealing", empty, (), len(DECK), None, (), None, (), ())
        case Playing():
            return _view(state, viewer, ())
        case Finished():
            return _view(state.last, viewer, state.reasons)


def redact(event: Event, viewer: int) -> Event | None:
    """Dealt and drawn cards are shown only to the seat that got them."""
    if viewer == REFEREE:
        return event
    match event:
        case Dealt():
            hands = tuple(hand if seat == viewer else () for seat, hand in enumerate(event.hands))
            return replace(event, hands=hands, stockpile=())
        case CardsDrawn() if event.seat != viewer:
            return replace(event, cards=())
        case FalloutDrawn():
            draws = (FalloutDraw(d.seat, d.card if d.seat == viewer else None) for d in event.draws)
            return replace(event, draws=tuple(draws))
    return event


def outcome(state: State) -> tuple[Standing, ...]:
    """Fewest cards in hand wins; equal hands share a place."""
    hands = _last(state).hands if not isinstance(state, Dealing) else ()
    return places_by_score((len(hand) for hand in hands), higher_wins=False)


def hidden(state: State, viewer: int) -> frozenset[Card]:
    """The Stockpile, and every other seat's cards but those seen picked up from the Core."""
    if viewer == REFEREE:
        return frozenset()
    if isinstance(state, Dealing):
        return frozenset(DECK)
    last = _last(state)
    others = (hand for seat, hand in enumerate(last.hands) if seat != viewer)
    unseen = (card for hand in others for card in hand if card not in last.exposed)
    return frozenset((*last.stockpile, *unseen))


def sample(state: State, viewer: int, chance: Chance) -> State:
    """A state `viewer` cannot tell from this one: the cards hidden from it dealt anew."""
    return deal_unseen(state, hidden(state, viewer), chance)


def deal_unseen(state: State, unseen: frozenset[Card], chance: Chance) -> State:
    """`state` with the cards in `unseen` dealt anew from `chance` (`domain.unseen`), every
    other card where it lies."""
    if not isinstance(state, Playing):
        return state
    zones = (*state.hands, state.stockpile)
    dealt = redeal(zones, unseen, chance)
    drawn = relocated(state.drawn, zones, dealt)
    return replace(state, hands=dealt[:-1], stockpile=dealt[-1], drawn=drawn)


def all_cards(state: State) -> Iterable[Card]:
    if isinstance(state, Dealing):
        return DECK
    last = _last(state)
    in_core = (card for card in last.core if card is not None)
    return (*(card for hand in last.hands for card in hand), *last.stockpile, *in_core)


def _view(state: Playing, viewer: int, ended: tuple[EndReason, ...]) -> MadView:
    seats = tuple(
        SeatView(len(hand), _sorted(card for card in hand if card in state.exposed))
        for hand in state.hands
    )
    own = _sorted(state.hands[viewer]) if 0 <= viewer < len(state.hands) else ()
    phase: Phase = "finished" if ended else "proliferation" if state.seeding else "escalation"
    return MadView(
        phase=phase,
        core=board.rows(state.core),
        seats=seats,
        stockpile_size=len(state.stockpile),
        turn=None if ended else state.turn,
        hand=own,
        must_place=state.drawn if viewer in (state.turn, REFEREE) else None,
        hands=state.hands if viewer == REFEREE else (),
        end_reasons=ended,
    )


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=deck_index))


def _last(state: Playing | Finished) -> Playing:
    return state.last if isinstance(state, Finished) else state

"""What each viewer may see of a Gnono table, the final standings, and which cards are
hidden from whom (with every card in play, for the contract checks)."""

from collections.abc import Iterator
from itertools import chain
from typing import Literal

import msgspec

from domain.chance import Chance
from domain.decider import REFEREE, Standing, places_by_score
from domain.games.gnono.cards import Card, Colour
from domain.games.gnono.model import (
    CardsDrawn,
    Event,
    Finished,
    PileReshuffled,
    Playing,
    RoundDealt,
    State,
    Step,
)
from domain.games.gnono.rules import actor, step
from domain.seats import CLOCKWISE
from domain.unseen import redeal, relocated


class GnonoView(msgspec.Struct, frozen=True):
    """The table as one viewer sees it: `hand` is the viewer's own; `hands` are every hand,
    shown to the referee and to all once a round is scored; `winner` is the round's (or, once
    the game is over, the game's) winner."""

    round: int
    first: int
    current: int | None
    step: Step | None
    direction: Literal["clockwise", "counter_clockwise"]
    top: Card | None
    colour: Colour | None
    pile_count: int
    hand_counts: tuple[int, ...]
    scores: tuple[int, ...]
    playout_score: int
    hand: tuple[Card, ...] = ()
    drawn: Card | None = None
    hands: tuple[tuple[Card, ...], ...] = ()
    winner: int | None = None


def view(state: State, viewer: int) -> GnonoView:
    match state:
        case Playing():
            return _round_view(state, viewer)
        case Finished():
            return msgspec.structs.replace(_round_view(state.last, REFEREE), winner=state.winner)
    return GnonoView(
        round=0,
        first=state.first,
        current=None,
        step=None,
        direction="clockwise",
        top=None,
        colour=None,
        pile_count=0,
        hand_counts=(0,) * state.seats,
        scores=state.scores,
        playout_score=state.options.playout_score,
    )


def redact(event: Event, viewer: int) -> Event | None:
    """Drawn and dealt cards for their holder only; the pile's order for nobody at the table."""
    if viewer == REFEREE:
        return event
    replace = msgspec.structs.replace
    match event:
        case CardsDrawn() if event.seat != viewer:
            return replace(event, cards=())
        case PileReshuffled():
            return replace(event, cards=())
        case RoundDealt():
            hands = tuple(hand if seat == viewer else () for seat, hand in enumerate(event.hands))
            return replace(event, hands=hands, pile=(), returned=())
    return event


def outcome(state: State) -> tuple[Standing, ...]:
    return places_by_score(state.scores) if isinstance(state, Finished) else ()


def hidden(state: State, viewer: int) -> frozenset[Card]:
    """The pick-up pile and every hand but the viewer's own; hands are shown once a round is
    scored, and everything once the game is over."""
    if not isinstance(state, Playing) or viewer == REFEREE:
        return frozenset()
    if state.winner is not None:
        return frozenset(state.pile)
    others = (hand for seat, hand in enumerate(state.hands) if seat != viewer)
    return frozenset(chain(state.pile, *others))


def sample(state: State, viewer: int, chance: Chance) -> State:
    """A state `viewer` cannot tell from this one: the cards hidden from it dealt anew."""
    return deal_unseen(state, hidden(state, viewer), chance)


def deal_unseen(state: State, unseen: frozenset[Card], chance: Chance) -> State:
    """`state` with the cards in `unseen` dealt anew from `chance` (`domain.unseen`), every
    other card where it lies."""
    if not isinstance(state, Playing):
        return state
    zones = (*state.hands, state.pile)
    dealt = redeal(zones, unseen, chance)
    drawn = relocated(state.drawn, zones, dealt)
    return msgspec.structs.replace(state, hands=dealt[:-1], pile=dealt[-1], drawn=drawn)


def all_cards(state: State) -> Iterator[Card]:
    """Every card in every zone: the hands, the pick-up pile and the discards."""
    match state:
        case Playing():
            return chain(*state.hands, state.pile, state.discards)
        case Finished():
            return all_cards(state.last)
    return iter(())


def _round_view(state: Playing, viewer: int) -> GnonoView:
    seated = 0 <= viewer < state.seats
    scored = state.winner is not None
    return GnonoView(
        round=state.round,
        first=state.first,
        current=actor(state),
        step=step(state),
        direction="clockwise" if state.direction == CLOCKWISE else "counter_clockwise",
        top=state.discards[-1],
        colour=state.colour,
        pile_count=len(state.pile),
        hand_counts=tuple(len(hand) for hand in state.hands),
        scores=state.scores,
        playout_score=state.options.playout_score,
        hand=state.hands[viewer] if seated else (),
        drawn=state.drawn if viewer in (state.current, REFEREE) else None,
        hands=state.hands if viewer == REFEREE or scored else (),
        winner=state.winner,
    )

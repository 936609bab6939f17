"""Gnono's phases and the fold: `evolve` applies what each event says and nothing more."""

from collections.abc import Iterator
from itertools import chain
from typing import Literal

import msgspec

from domain.decider import REFEREE
from domain.games.gnono.cards import Card, Colour
from domain.games.gnono.messages import (
    CardPlayed,
    CardsDrawn,
    ColourChosen,
    DirectionReversed,
    Event,
    FirstPlayerDrawn,
    GameWon,
    Options,
    PileReshuffled,
    RoundDealt,
    RoundScored,
    TurnPassed,
)
from domain.seats import CLOCKWISE

replace = msgspec.structs.replace
Step = Literal["deal_next_round", "choose_colour", "play_drawn_or_keep", "play"]


class Dealing(msgspec.Struct, frozen=True):
    """Before the first deal: who plays first is not known until the draw for it."""

    options: Options
    seats: int
    scores: tuple[int, ...]
    first: int = -1


class Playing(msgspec.Struct, frozen=True):
    """A round in play. `colour` is None while a Wild turned up first waits for its colour;
    `drawn` is the card the current seat just drew and may still play; `winner` is set once
    the round is scored."""

    options: Options
    seats: int
    round: int
    first: int
    scores: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    pile: tuple[Card, ...]
    discards: tuple[Card, ...]
    colour: Colour | None
    current: int
    direction: int = CLOCKWISE
    drawn: Card | None = None
    winner: int | None = None


class Finished(msgspec.Struct, frozen=True):
    winner: int
    scores: tuple[int, ...]
    last: Playing


Gnono = Dealing | Playing | Finished


def initial_state(options: Options, seats: int) -> Dealing:
    return Dealing(options, seats, (0,) * seats)


def evolve(state: Gnono, event: Event) -> Gnono:
    match state, event:
        case Dealing(), FirstPlayerDrawn():
            return replace(state, first=event.first)
        case Dealing() | Playing(), RoundDealt():
            return _dealt(state, event)
        case Playing(), GameWon():
            return Finished(event.winner, event.scores, state)
        case Playing(), _:
            return _in_round(state, event)
    raise ValueError(f"{type(event).__name__} does not apply to {type(state).__name__}")


def all_cards(state: Gnono) -> Iterator[Card]:
    """Every card in every zone: the hands, the pick-up pile and the discards."""
    match state:
        case Playing():
            return chain(*state.hands, state.pile, state.discards)
        case Finished():
            return all_cards(state.last)
    return iter(())


def hidden(state: Gnono, viewer: int) -> frozenset[Card]:
    """The pick-up pile and every hand but the viewer's own; hands are shown once a round is
    scored, and everything once the game is over."""
    if not isinstance(state, Playing) or viewer == REFEREE:
        return frozenset()
    if state.winner is not None:
        return frozenset(state.pile)
    others = (hand for seat, hand in enumerate(state.hands) if seat != viewer)
    return frozenset(chain(state.pile, *others))


def step(state: Playing) -> Step:
    """What the round waits for: the next deal, a colour, a drawn card's fate, or a play."""
    if state.winner is not None:
        return "deal_next_round"
    if state.colour is None:
        return "choose_colour"
    return "play" if state.drawn is None else "play_drawn_or_keep"


def actor(state: Playing) -> int:
    """The one seat that may act: the round's winner deals on, else the seat whose turn it is."""
    return state.current if state.winner is None else state.winner


def _dealt(state: Dealing | Playing, event: RoundDealt) -> Playing:
    return Playing(
        options=state.options,
        seats=state.seats,
        round=event.round,
        first=event.first,
        scores=state.scores,
        hands=event.hands,
        pile=event.pile,
        discards=(event.starter,),
        colour=event.starter.colour,
        current=event.first,
    )


def _in_round(state: Playing, event: Event) -> Playing:
    match event:
        case CardPlayed(seat=seat, card=card):
            hand = tuple(held for held in state.hands[seat] if held != card)
            hands = _with_hand(state.hands, seat, hand)
            discards = (*state.discards, card)
            return replace(state, hands=hands, discards=discards, colour=event.colour, drawn=None)
        case CardsDrawn(seat=seat, cards=cards):
            hands = _with_hand(state.hands, seat, state.hands[seat] + cards)
            drawn = cards[0] if cards and not event.penalty else None
            return replace(state, hands=hands, pile=state.pile[len(cards) :], drawn=drawn)
        case PileReshuffled():
            return replace(state, pile=state.pile + event.cards, discards=state.discards[-1:])
        case ColourChosen():
            return replace(state, colour=event.colour)
        case DirectionReversed():
            return replace(state, direction=event.direction)
        case TurnPassed():
            return replace(state, current=event.seat, drawn=None)
        case RoundScored():
            return replace(state, scores=event.scores, winner=event.winner)
    raise ValueError(f"{type(event).__name__} does not apply during a round")


def _with_hand(
    hands: tuple[tuple[Card, ...], ...], seat: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return (*hands[:seat], hand, *hands[seat + 1 :])

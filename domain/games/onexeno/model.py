"""ONEXENO's data: options and seat limits, commands, events and state phases, all frozen."""

from typing import Annotated, Literal

import msgspec

from domain.games.onexeno.cards import Card

HAND_SIZE = 5
MAX_HANDS = 20
INDIVIDUAL_SEATS = (2, 7)
"""The fewest and most seats of a game without partnerships."""


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """`teams`: 0 to play alone (2-7 seats), or 2 or 3 partnerships of two seated opposite.

    `hands`: how many hands the session lasts. `corner_match`: diagonal neighbours must
    match at the corner they touch.
    """

    teams: Literal[0, 2, 3] = 0
    hands: Annotated[int, msgspec.Meta(ge=1, le=MAX_HANDS)] = 1
    corner_match: bool = True


def seat_limits(options: Options) -> tuple[int, int]:
    """2-7 seats playing alone; exactly two per partnership otherwise."""
    if options.teams:
        return 2 * options.teams, 2 * options.teams
    return INDIVIDUAL_SEATS


# Commands


class PlaceCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="place_card"):
    """Place `card` at (row, col), turned `rotation` quarter turns clockwise."""

    card: Card
    row: int
    col: int
    rotation: Annotated[int, msgspec.Meta(ge=0, le=3)] = 0


class Pass(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="pass"):
    pass


class DealHand(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="deal_hand"):
    """Between hands of a session: the next dealer shuffles and deals."""


Command = PlaceCard | Pass | DealHand


# Events


class DealerDraw(msgspec.Struct, frozen=True):
    seat: int
    card: Card


class DealerChosen(msgspec.Struct, frozen=True, tag="onexeno.dealer_chosen"):
    """The draw for the first deal: one round per tie, the highest card deals."""

    rounds: tuple[tuple[DealerDraw, ...], ...]
    dealer: int


class HandDealt(msgspec.Struct, frozen=True, tag="onexeno.hand_dealt"):
    """A shuffled deal: hands, the face-down stack (top first) and the first field card."""

    number: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stack: tuple[Card, ...]
    up_card: Card
    hand_sizes: tuple[int, ...]
    stack_size: int


class TurnBegan(msgspec.Struct, frozen=True, tag="onexeno.turn_began"):
    """`seat` is to act and drew the stack's top card (`card`, shown to that seat only)."""

    seat: int
    drew: bool
    card: Card | None = None


class CardPlaced(msgspec.Struct, frozen=True, tag="onexeno.card_placed"):
    seat: int
    card: Card
    row: int
    col: int
    rotation: int
    face: int


class TricksTaken(msgspec.Struct, frozen=True, tag="onexeno.tricks_taken"):
    """The lines of five the last card completed, taken off the field by `seat`."""

    seat: int
    tricks: int
    cells: tuple[tuple[int, int], ...]
    cards: tuple[Card, ...]
    points: int


class Passed(msgspec.Struct, frozen=True, tag="onexeno.passed"):
    """`seat` passed; `benched` seats (the passer, and a partner) play no more this hand."""

    seat: int
    benched: tuple[int, ...] = ()


class HandEnded(msgspec.Struct, frozen=True, tag="onexeno.hand_ended"):
    """Per seat: points taken, points left in hand, and the hand's score (taken - held)."""

    number: int
    went_out: int | None
    taken_points: tuple[int, ...]
    hand_points: tuple[int, ...]
    scores: tuple[int, ...]
    last: bool


Event = DealerChosen | HandDealt | TurnBegan | CardPlaced | TricksTaken | Passed | HandEnded


# State


class Placed(msgspec.Struct, frozen=True):
    """A field card: where it lies and how many quarter turns clockwise it is turned."""

    row: int
    col: int
    card: Card
    rotation: int


class Captured(msgspec.Struct, frozen=True):
    """The cards `seat` last took off the field, where they lay."""

    seat: int
    cards: tuple[Placed, ...]


class Hand(msgspec.Struct, frozen=True):
    """One hand in play. `turn` is -1 once the hand is over; `captured` is the last line
    taken, shown where it lay until the next card is placed."""

    number: int
    dealer: int
    turn: int
    hands: tuple[tuple[Card, ...], ...]
    stack: tuple[Card, ...]
    field: tuple[Placed, ...]
    taken: tuple[tuple[Card, ...], ...]
    benched: tuple[bool, ...]
    captured: Captured | None = None


class Waiting(msgspec.Struct, frozen=True):
    """Before the first deal."""

    options: Options
    seats: int
    dealer: int = -1


class Playing(msgspec.Struct, frozen=True):
    """A session under way: running totals per seat and the hand being played."""

    options: Options
    seats: int
    totals: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    hand: Hand


class Finished(msgspec.Struct, frozen=True):
    """The session is over; the last hand stays on the table."""

    options: Options
    seats: int
    totals: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    hand: Hand


State = Waiting | Playing | Finished


def initial_state(options: Options, seats: int) -> State:
    """A session before its first deal."""
    return Waiting(options, seats)

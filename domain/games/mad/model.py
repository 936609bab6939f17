"""MAD's data: the options, commands, events and the phases of a game."""

from typing import Annotated, Final, Literal

import msgspec

from domain.games.mad.cards import Card

EndReason = Literal["core_emptied", "core_full", "hand_emptied", "stockpile_short"]

MIN_SEATS: Final = 2
MAX_SEATS: Final = 6
SIZE: Final = 5
"""The Core is SIZE x SIZE spaces, numbered row by row."""
CRITICAL_MASS: Final = 3
"""A connected same-number or same-element group this large is a Criticality."""

Coordinate = Annotated[int, msgspec.Meta(ge=0, lt=SIZE)]


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """`hand_sizes[n - 2]` is the starting hand of each seat at a table of n seats; each
    entry may use at most the whole deck."""

    hand_sizes: tuple[
        Annotated[int, msgspec.Meta(ge=1, le=26)],
        Annotated[int, msgspec.Meta(ge=1, le=17)],
        Annotated[int, msgspec.Meta(ge=1, le=13)],
        Annotated[int, msgspec.Meta(ge=1, le=10)],
        Annotated[int, msgspec.Meta(ge=1, le=8)],
    ] = (10, 9, 8, 7, 6)


# Commands


class PlaceCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="place_card"):
    card: Card
    row: Coordinate
    column: Coordinate


class DrawCards(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="draw_cards"):
    """Draw one card at a time until one can be placed (only when no card in hand can)."""


Command = PlaceCard | DrawCards


# Events


class Dealt(msgspec.Struct, frozen=True, tag="mad.dealt"):
    """Hands are by seat; a viewer's copy keeps only their own hand and the sizes."""

    first_seat: int
    hand_size: int
    stockpile_size: int
    hands: tuple[tuple[Card, ...], ...]
    stockpile: tuple[Card, ...]


class CardPlaced(msgspec.Struct, frozen=True, tag="mad.card_placed"):
    seat: int
    card: Card
    row: int
    column: int


class CardsPickedUp(msgspec.Struct, frozen=True, tag="mad.cards_picked_up"):
    """Every card of the Criticalities the placement created, now in the placer's hand."""

    seat: int
    cards: tuple[Card, ...]


class FalloutDraw(msgspec.Struct, frozen=True):
    seat: int
    card: Card | None


class FalloutDrawn(msgspec.Struct, frozen=True, tag="mad.fallout_drawn"):
    """Every seat but the placer draws one card; a viewer's copy shows only their own."""

    draws: tuple[FalloutDraw, ...]


class CardsDrawn(msgspec.Struct, frozen=True, tag="mad.cards_drawn"):
    """A forced draw; `playable` says the last card drawn must now be placed."""

    seat: int
    count: int
    playable: bool
    cards: tuple[Card, ...]


class TurnPassed(msgspec.Struct, frozen=True, tag="mad.turn_passed"):
    seat: int


class GameEnded(msgspec.Struct, frozen=True, tag="mad.game_ended"):
    reasons: tuple[EndReason, ...]


Event = Dealt | CardPlaced | CardsPickedUp | FalloutDrawn | CardsDrawn | TurnPassed | GameEnded


# States

Core = tuple[Card | None, ...]
"""SIZE * SIZE spaces, row by row; None is an empty space."""


class Dealing(msgspec.Struct, frozen=True):
    options: Options
    seats: int


class Playing(msgspec.Struct, frozen=True):
    """`seeding` counts the Nuclear Proliferation placements still to come; `exposed` are
    cards in hands that everyone saw picked up from the Core; `drawn` is a card a forced
    draw produced, which must be placed now."""

    hands: tuple[tuple[Card, ...], ...]
    stockpile: tuple[Card, ...]
    core: Core
    turn: int
    seeding: int
    exposed: frozenset[Card] = frozenset()
    drawn: Card | None = None


class Finished(msgspec.Struct, frozen=True):
    last: Playing
    reasons: tuple[EndReason, ...]


State = Dealing | Playing | Finished


def initial_state(options: Options, seats: int) -> State:
    return Dealing(options, seats)

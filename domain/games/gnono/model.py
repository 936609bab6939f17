"""Gnono's data: its options, the commands a seat may send, the events the game records and
the phases of its state."""

from types import MappingProxyType
from typing import Annotated, Final, Literal

import msgspec

from domain.games.gnono.cards import Card, Colour
from domain.seats import CLOCKWISE

MAX_SEATS: Final = MappingProxyType({7: 10, 11: 8})
"""The most seats a table may have, by hand size."""
MAX_PLAYOUT_SCORE: Final = 10_000
"""The highest score a game may be played to, so that every game can end."""
Step = Literal["deal_next_round", "choose_colour", "play_drawn_or_keep", "play"]
"""What a round waits for: the next deal, a colour, a drawn card's fate, or a play."""


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """`hand_size` is 7 or 11 cards; the game ends when a round winner reaches `playout_score`."""

    hand_size: Literal[7, 11] = 7
    playout_score: Annotated[int, msgspec.Meta(ge=1, le=MAX_PLAYOUT_SCORE)] = 500


def seat_limits(options: Options) -> tuple[int, int]:
    """Eleven-card hands leave enough of the deck for at most eight seats."""
    return 2, MAX_SEATS[options.hand_size]


class PlayCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="play_card"):
    """Play a card from the hand; `colour` is named for a wild and only for a wild."""

    card: Card
    colour: Colour | None = None


class DrawCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="draw_card"):
    """Take one card from the pick-up pile instead of playing."""


class PlayDrawn(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="play_drawn"):
    """Play the card just drawn (the only card that may be played after a draw)."""

    card: Card
    colour: Colour | None = None


class KeepCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="keep"):
    """Keep the card just drawn and end the turn."""


class ChooseColour(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="choose_colour"):
    """Name the colour of a Wild turned up as the first discard of a round."""

    colour: Colour


class DealNextRound(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="deal_next_round"):
    """Sent by a round's winner once the scores are seen: shuffle and deal the next round."""


Command = PlayCard | DrawCard | PlayDrawn | KeepCard | ChooseColour | DealNextRound


class SeatCard(msgspec.Struct, frozen=True):
    seat: int
    card: Card


class FirstPlayerDrawn(msgspec.Struct, frozen=True, tag="gnono.first_player_drawn"):
    """Each draw round (ties redraw among the tied seats) and the seat that plays first."""

    draws: tuple[tuple[SeatCard, ...], ...]
    first: int


class RoundDealt(msgspec.Struct, frozen=True, tag="gnono.round_dealt"):
    """A round's shuffled deal: every hand, the pick-up pile (top first) and the first discard.

    `returned` are the Wild Take Fours turned up first, each put back before a reshuffle.
    Redacted copies keep only the viewer's hand and the counts.
    """

    round: int
    first: int
    hands: tuple[tuple[Card, ...], ...]
    pile: tuple[Card, ...]
    starter: Card
    hand_size: int
    pile_count: int
    returned: tuple[Card, ...] = ()
    returned_count: int = 0


class ColourChosen(msgspec.Struct, frozen=True, tag="gnono.colour_chosen"):
    seat: int
    colour: Colour


class CardPlayed(msgspec.Struct, frozen=True, tag="gnono.card_played"):
    """`colour` is the current colour afterwards: the card's own, or the one named for a wild."""

    seat: int
    card: Card
    colour: Colour


class CardsDrawn(msgspec.Struct, frozen=True, tag="gnono.cards_drawn"):
    """Cards taken from the pile; `penalty` for a Take Two or Take Four, else a turn's draw."""

    seat: int
    count: int
    cards: tuple[Card, ...] = ()
    penalty: bool = False


class PileReshuffled(msgspec.Struct, frozen=True, tag="gnono.pile_reshuffled"):
    """The discards but the top card, shuffled, go under the pick-up pile (in this order)."""

    count: int
    cards: tuple[Card, ...] = ()


class DirectionReversed(msgspec.Struct, frozen=True, tag="gnono.direction_reversed"):
    direction: int


class TurnPassed(msgspec.Struct, frozen=True, tag="gnono.turn_passed"):
    """It is now `seat`'s turn; `skipped` lost theirs on the way."""

    seat: int
    skipped: int | None = None


class RoundScored(msgspec.Struct, frozen=True, tag="gnono.round_scored"):
    """The round winner scores `points`: the values of the cards left in every hand."""

    round: int
    winner: int
    points: int
    hand_points: tuple[int, ...]
    scores: tuple[int, ...]


class GameWon(msgspec.Struct, frozen=True, tag="gnono.game_won"):
    winner: int
    scores: tuple[int, ...]


Event = (
    FirstPlayerDrawn
    | RoundDealt
    | ColourChosen
    | CardPlayed
    | CardsDrawn
    | PileReshuffled
    | DirectionReversed
    | TurnPassed
    | RoundScored
    | GameWon
)


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


State = Dealing | Playing | Finished


def initial_state(options: Options, seats: int) -> Dealing:
    return Dealing(options, seats, (0,) * seats)

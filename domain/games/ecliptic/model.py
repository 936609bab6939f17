"""Ecliptic's data: options, commands, events and the state they fold into."""

from typing import Annotated, Literal

import msgspec

from domain.games.ecliptic.cards import SIGN_COUNT, Card, ColourScoring, SignName

SEATS = 2
EndReason = Literal["stock_exhausted", "no_legal_turn"]
EMPTY_LINE: tuple[Card | None, ...] = (None,) * SIGN_COUNT
"""A side of the zodiac line with no card on it."""


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """`signs`: each seat's own sign in seat order (missing or null: drawn at random).

    `utc_offset_minutes` sets the time zone whose calendar date gives the sign of the day.
    """

    signs: Annotated[tuple[SignName | None, ...], msgspec.Meta(max_length=SEATS)] = ()
    colour_scoring: ColourScoring = "group"
    utc_offset_minutes: Annotated[int, msgspec.Meta(ge=-720, le=840)] = 0


# Commands


class PlayTurn(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="play_turn"):
    """Discard `pair` (same sign or same colour) and place `card` on one's own side."""

    pair: tuple[Card, Card]
    card: Card


class KeepCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="keep_card"):
    """The battle winner keeps this card of the disputed sign on their side."""

    card: Card


Command = PlayTurn | KeepCard


# Events


class GameOpened(msgspec.Struct, frozen=True, tag="ecliptic.game_opened"):
    """The deal: `hands` and `stock` (top first) as shuffled; `white` moves first."""

    white: int
    signs: tuple[int, ...]
    day: str
    day_sign: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    stock_size: int


class TurnPlayed(msgspec.Struct, frozen=True, tag="ecliptic.turn_played"):
    seat: int
    pair: tuple[Card, Card]
    card: Card


class CardsDrawn(msgspec.Struct, frozen=True, tag="ecliptic.cards_drawn"):
    """`count` cards from the top of the stock; `cards` is empty for everyone but the drawer."""

    seat: int
    count: int
    cards: tuple[Card, ...] = ()


class BattleFought(msgspec.Struct, frozen=True, tag="ecliptic.battle_fought"):
    """The defender's strength and cards are only recorded when the defender wins."""

    attacker: int
    defender: int
    sign: int
    winner: int
    attacker_strength: int
    attacker_cards: tuple[Card, ...]
    defender_strength: int | None = None
    defender_cards: tuple[Card, ...] = ()


class SignKept(msgspec.Struct, frozen=True, tag="ecliptic.sign_kept"):
    seat: int
    kept: Card
    discarded: Card


class CardsExchanged(msgspec.Struct, frozen=True, tag="ecliptic.cards_exchanged"):
    """Each side took one card at random from the other's hand (None from an empty hand)."""

    attacker: int
    defender: int
    to_attacker: Card | None
    to_defender: Card | None


class TurnBegan(msgspec.Struct, frozen=True, tag="ecliptic.turn_began"):
    """`final`: the stock is out and this is the last turn; `replay`: earned by a triplet."""

    seat: int
    replay: bool = False
    final: bool = False


class GameEnded(msgspec.Struct, frozen=True, tag="ecliptic.game_ended"):
    reason: EndReason
    seat: int | None = None


Event = (
    GameOpened
    | TurnPlayed
    | CardsDrawn
    | BattleFought
    | SignKept
    | CardsExchanged
    | TurnBegan
    | GameEnded
)


# State


class Setup(msgspec.Struct, frozen=True, tag="setup"):
    pass


class Turn(msgspec.Struct, frozen=True, tag="turn"):
    seat: int
    final: bool = False


class Battle(msgspec.Struct, frozen=True, tag="battle"):
    """A battle awaiting the winner's choice of which card of `sign` to keep."""

    attacker: int
    defender: int
    sign: int
    winner: int
    attacker_strength: int
    attacker_cards: tuple[Card, ...]
    defender_strength: int | None
    defender_cards: tuple[Card, ...]


class Over(msgspec.Struct, frozen=True, tag="over"):
    reason: EndReason


Phase = Setup | Turn | Battle | Over


class State(msgspec.Struct, frozen=True):
    """`lines[seat][sign - 1]` is the card on that seat's side; `seen[seat]` every card that
    seat has been shown in the other's hand (by a battle or an exchange)."""

    options: Options
    phase: Phase = Setup()
    hands: tuple[tuple[Card, ...], ...] = ((), ())
    stock: tuple[Card, ...] = ()
    discard: tuple[Card, ...] = ()
    lines: tuple[tuple[Card | None, ...], ...] = (EMPTY_LINE, EMPTY_LINE)
    signs: tuple[int, ...] = (0, 0)
    day_sign: int = 0
    white: int = 0
    seen: tuple[tuple[Card, ...], ...] = ((), ())


def initial_state(options: Options, seats: int) -> State:
    """The table before the deal: nothing dealt, nothing placed."""
    return State(options=options)

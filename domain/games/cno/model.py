"""CNO Cycle's data: the table options, the commands seats send, the events recorded and
the phases of the state they fold into.

Every play names what the player saw (the source card, the pile's top card, the index a new
pile would take), so a command decided against a table that has moved on is refused as
`stale` instead of being applied to something else. Events name only cards that become
public for good (played or set aside); every other card a change turns face up is read
from the view, so no event can show a card that a later change in the same decision turns
face down again.

A series is a union of phases: `Playing` a round, `Intermission` between rounds (also the
state before the first deal), `Finished` once the series is over. The board of the last
round stays on the table between rounds and at the end, so every card is always somewhere.
"""

from typing import Annotated, Final, Literal

import msgspec

from domain.games.cno.cards import COPIES, ISOTOPES, ROW_SIZE, Card

Source = Literal["hand", "stock", "row_1", "row_2", "row_3", "row_4"]
"""Where a face-up card is taken from: the hand top, the stock top or a play row slot."""
ROW_SOURCES: Final[tuple[Source, ...]] = ("row_1", "row_2", "row_3", "row_4")
"""The play row's slots, in order."""

Reason = Literal["done", "stuck", "loop_guard"]
"""Why a round ended: a Done call, a stuck table with someone out of cards, the loop guard."""

RESET_BATCH: Final = ROW_SIZE + 1
"""Cards one reset moves under the stock: the stock top and the four row cards."""

Copies = Annotated[int, msgspec.Meta(ge=2, le=8)]


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """`copies` per isotope in deck order; a series ends after `rounds` rounds or as soon as
    a running total reaches `target_score` (0: no target)."""

    copies: Annotated[
        tuple[Copies, ...], msgspec.Meta(min_length=len(ISOTOPES), max_length=len(ISOTOPES))
    ] = (COPIES,) * len(ISOTOPES)
    rounds: Annotated[int, msgspec.Meta(ge=1, le=50)] = 1
    target_score: Annotated[int, msgspec.Meta(ge=0, le=10_000)] = 0


# Commands


class PlayCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="play_card"):
    """Lay `card`, seen at `source`, on pile number `pile`, seen with `top` on top."""

    source: Source
    card: Card
    pile: int
    top: Card


class StartPile(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="start_pile"):
    """Begin a new pile with a carbon-12; `pile` is the index it takes (the piles seen)."""

    source: Source
    card: Card
    pile: int


class CycleHand(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="cycle_hand"):
    """Put the hand's face-up card `top` under the hand and turn up the next one."""

    top: Card


class SetAsideNeon(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="set_aside_neon"):
    """Take a face-up neon-20 out of play: it scores neither for nor against."""

    source: Source
    card: Card


class DeclareDone(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="declare_done"):
    """End the round for everyone; allowed once the caller's stock or hand is empty."""


class DealRound(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="deal_round"):
    """Between rounds of a series: shuffle every deck and deal round number `round`."""

    round: int


Command = PlayCard | StartPile | CycleHand | SetAsideNeon | DeclareDone | DealRound


# Events


class Layout(msgspec.Struct, frozen=True):
    """One seat's shuffled deck as dealt; the first card of each part is its face-up top."""

    hand: tuple[Card, ...]
    row: tuple[Card, ...]
    stock: tuple[Card, ...]


class RoundDealt(msgspec.Struct, frozen=True, tag="cno.round_dealt"):
    round: int
    layouts: tuple[Layout, ...]


class CardPlayed(msgspec.Struct, frozen=True, tag="cno.card_played"):
    seat: int
    source: Source
    card: Card
    pile: int


class PileStarted(msgspec.Struct, frozen=True, tag="cno.pile_started"):
    seat: int
    source: Source
    card: Card
    pile: int


class HandCycled(msgspec.Struct, frozen=True, tag="cno.hand_cycled"):
    seat: int


class NeonSetAside(msgspec.Struct, frozen=True, tag="cno.neon_set_aside"):
    seat: int
    source: Source
    card: Card


class RowsReset(msgspec.Struct, frozen=True, tag="cno.rows_reset"):
    """The table was stuck `times` times in a row: each time every seat put its stock top
    and row 1-4 under its stock and laid out a new row and stock top."""

    times: int


class RoundEnded(msgspec.Struct, frozen=True, tag="cno.round_ended"):
    round: int
    reason: Reason
    declared_by: int | None
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    series_over: bool


Event = RoundDealt | CardPlayed | PileStarted | HandCycled | NeonSetAside | RowsReset | RoundEnded


# State


class Player(msgspec.Struct, frozen=True):
    """One seat's cards; `hand[0]` and `stock[0]` are face up, the rest face down."""

    hand: tuple[Card, ...] = ()
    stock: tuple[Card, ...] = ()
    row: tuple[Card | None, ...] = (None,) * ROW_SIZE
    set_aside: tuple[Card, ...] = ()
    played: int = 0


class Board(msgspec.Struct, frozen=True):
    """Every seat's cards and the reaction piles (each pile bottom first)."""

    players: tuple[Player, ...] = ()
    piles: tuple[tuple[Card, ...], ...] = ()


class RoundResult(msgspec.Struct, frozen=True):
    round: int
    reason: Reason
    declared_by: int | None
    scores: tuple[int, ...]


class Playing(msgspec.Struct, frozen=True):
    """A round under way; `resets` counts stuck resets since the last card was played."""

    options: Options
    seats: int
    round: int
    board: Board
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...] = ()
    resets: int = 0


class Intermission(msgspec.Struct, frozen=True):
    """Between rounds: round `round` (0 before the first deal) has been scored."""

    options: Options
    seats: int
    round: int
    board: Board
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...] = ()


class Finished(msgspec.Struct, frozen=True):
    options: Options
    seats: int
    round: int
    board: Board
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...] = ()


State = Playing | Intermission | Finished


def initial_state(options: Options, seats: int) -> State:
    """Before the first deal: no cards out, every running total at zero."""
    return Intermission(options, seats, 0, Board(), (0,) * seats)

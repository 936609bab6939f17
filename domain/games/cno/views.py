"""What leaves the server: views, redacted events, the end of the series.

Every face-up card and every pile is public, so all seats and spectators get the same view.
Face-down cards (the hand and stock below their tops) are known to nobody, the owner
included; only the referee (audits, finished games) sees whole hands and stocks.
"""

from collections.abc import Iterator
from itertools import chain

import msgspec

from domain.chance import Chance
from domain.decider import REFEREE, Standing, places_by_score
from domain.games.cno.cards import PILES_PER_SEAT, Card, is_closed
from domain.games.cno.model import Event, Player, Playing, RoundDealt, RoundResult, State
from domain.games.cno.rules import reset_limit
from domain.unseen import redeal


class SeatView(msgspec.Struct, frozen=True):
    """One seat's table area; `hand` and `stock` list every card for the referee only."""

    hand_top: Card | None
    hand_size: int
    stock_top: Card | None
    stock_size: int
    row: tuple[Card | None, ...]
    set_aside: tuple[Card, ...]
    played: int
    hand: tuple[Card, ...] | None = None
    stock: tuple[Card, ...] | None = None


class PileView(msgspec.Struct, frozen=True):
    """A reaction pile as it lies on the table: its top card and how many cards it holds.

    The cards beneath are public too, but each was announced when it was laid (see the
    event log); a real-time table redraws its view on every play, so it stays small.
    """

    top: Card
    size: int
    closed: bool


class CnoView(msgspec.Struct, frozen=True):
    phase: str
    round: int
    rounds: int
    target_score: int
    max_piles: int
    seats: tuple[SeatView, ...]
    piles: tuple[PileView, ...]
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...]
    resets: int = 0
    reset_limit: int = 0


class RoundDealtSeen(msgspec.Struct, frozen=True, tag="cno.round_dealt_seen"):
    """A deal as a seat or spectator sees it: the sizes only (face-up cards are in the view)."""

    round: int
    hand_sizes: tuple[int, ...]
    stock_sizes: tuple[int, ...]


def view(state: State, viewer: int) -> CnoView:
    """The table as `viewer` sees it: the same for everyone but the referee."""
    return _view(state, referee=viewer == REFEREE)


def redact(event: Event, viewer: int) -> Event | RoundDealtSeen:
    """A deal shows its sizes only; every other event names public cards alone."""
    if isinstance(event, RoundDealt) and viewer != REFEREE:
        hands = tuple(len(layout.hand) for layout in event.layouts)
        stocks = tuple(len(layout.stock) for layout in event.layouts)
        return RoundDealtSeen(event.round, hands, stocks)
    return event


def outcome(state: State) -> tuple[Standing, ...]:
    """Places by running total; equal totals share a place."""
    return places_by_score(state.totals)


def hidden(state: State, viewer: int) -> frozenset[Card]:
    """The face-down cards: hidden from every seat and spectator, owners included."""
    if viewer == REFEREE:
        return frozenset()
    players = state.board.players
    return frozenset(chain.from_iterable(p.hand[1:] + p.stock[1:] for p in players))


def sample(state: State, viewer: int, chance: Chance) -> State:
    """A state `viewer` cannot tell from this one: the face-down cards dealt anew."""
    return deal_unseen(state, hidden(state, viewer), chance)


def deal_unseen(state: State, unseen: frozenset[Card], chance: Chance) -> State:
    """`state` with the cards in `unseen` dealt anew from `chance` (`domain.unseen`), every
    other card where it lies."""
    players = state.board.players
    zones = tuple(zone for player in players for zone in (player.hand, player.stock))
    dealt = redeal(zones, unseen, chance)
    dealt_players = tuple(
        msgspec.structs.replace(player, hand=dealt[2 * seat], stock=dealt[2 * seat + 1])
        for seat, player in enumerate(players)
    )
    board = msgspec.structs.replace(state.board, players=dealt_players)
    return msgspec.structs.replace(state, board=board)


def all_cards(state: State) -> Iterator[Card]:
    """Every card of every zone: hands, stocks, rows, set-aside piles, reaction piles."""
    for player in state.board.players:
        yield from player.hand
        yield from player.stock
        yield from (card for card in player.row if card is not None)
        yield from player.set_aside
    for pile in state.board.piles:
        yield from pile


def _seat_view(player: Player, referee: bool) -> SeatView:
    return SeatView(
        hand_top=player.hand[0] if player.hand else None,
        hand_size=len(player.hand),
        stock_top=player.stock[0] if player.stock else None,
        stock_size=len(player.stock),
        row=player.row,
        set_aside=player.set_aside,
        played=player.played,
        hand=player.hand if referee else None,
        stock=player.stock if referee else None,
    )


def _view(state: State, referee: bool) -> CnoView:
    resets, limit = (state.resets, reset_limit(state)) if isinstance(state, Playing) else (0, 0)
    return CnoView(
        phase=type(state).__name__.lower(),
        round=state.round,
        rounds=state.options.rounds,
        target_score=state.options.target_score,
        max_piles=PILES_PER_SEAT * state.seats,
        seats=tuple(_seat_view(player, referee) for player in state.board.players),
        piles=tuple(PileView(pile[-1], len(pile), is_closed(pile)) for pile in state.board.piles),
        totals=state.totals,
        results=state.results,
        resets=resets,
        reset_limit=limit,
    )

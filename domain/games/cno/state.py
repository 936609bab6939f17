"""The state of a CNO table and the fold that builds it from events.

A series is a union of phases: `Playing` a round, `Intermission` between rounds (also the
state before the first deal), `Finished` once the series is over. The board of the last
round stays on the table between rounds and at the end, so every card is always somewhere.
"""

from typing import Final

import msgspec

from domain.games.cno.cards import ROW_SIZE, TERMINATOR, Card
from domain.games.cno.model import (
    CardPlayed,
    Event,
    HandCycled,
    Layout,
    NeonSetAside,
    Options,
    PileStarted,
    Reason,
    RoundDealt,
    RoundEnded,
    RowsReset,
    Source,
)

ROW_SOURCES: Final[tuple[Source, ...]] = ("row_1", "row_2", "row_3", "row_4")
replace = msgspec.structs.replace


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


def evolve(state: State, event: Event) -> State:
    """Apply one event: move the cards it names and the cards its rule moves with them."""
    match state, event:
        case _, RoundDealt():
            return _dealt(state, event)
        case Playing(), RoundEnded():
            return _ended(state, event)
        case Playing(), RowsReset():
            players = tuple(_reset(p, event.times) for p in state.board.players)
            board = replace(state.board, players=players)
            return replace(state, board=board, resets=state.resets + event.times)
        case Playing(), _:
            return replace(state, board=_moved(state.board, event), resets=_resets(state, event))
    raise ValueError(f"{type(event).__name__} cannot follow {type(state).__name__}")


def source_card(player: Player, source: Source) -> Card | None:
    """The face-up card at `source`, if any."""
    if source == "hand":
        return player.hand[0] if player.hand else None
    if source == "stock":
        return player.stock[0] if player.stock else None
    return player.row[ROW_SOURCES.index(source)]


def is_closed(pile: tuple[Card, ...]) -> bool:
    """A pile topped by neon-20 takes no more cards."""
    return pile[-1].isotope == TERMINATOR


def _dealt(state: State, event: RoundDealt) -> Playing:
    players = tuple(_laid_out(layout) for layout in event.layouts)
    board = Board(players=players)
    return Playing(state.options, state.seats, event.round, board, state.totals, state.results)


def _laid_out(layout: Layout) -> Player:
    return Player(hand=layout.hand, stock=layout.stock, row=layout.row)


def _ended(state: Playing, event: RoundEnded) -> State:
    result = RoundResult(event.round, event.reason, event.declared_by, event.scores)
    phase = Finished if event.series_over else Intermission
    fields = (state.options, state.seats, state.round, state.board, event.totals)
    return phase(*fields, results=(*state.results, result))


def _resets(state: Playing, event: Event) -> int:
    return 0 if isinstance(event, CardPlayed | PileStarted) else state.resets


def _moved(board: Board, event: Event) -> Board:
    players, piles = list(board.players), board.piles
    match event:
        case CardPlayed(seat=seat, source=source, card=card, pile=pile):
            players[seat] = _played(_take(players[seat], source))
            piles = (*piles[:pile], (*piles[pile], card), *piles[pile + 1 :])
        case PileStarted(seat=seat, source=source, card=card):
            players[seat] = _played(_take(players[seat], source))
            piles = (*piles, (card,))
        case NeonSetAside(seat=seat, source=source, card=card):
            player = _take(players[seat], source)
            players[seat] = replace(player, set_aside=(*player.set_aside, card))
        case HandCycled(seat=seat):
            hand = players[seat].hand
            players[seat] = replace(players[seat], hand=(*hand[1:], hand[0]))
    return Board(tuple(players), piles)


def _played(player: Player) -> Player:
    return replace(player, played=player.played + 1)


def _take(player: Player, source: Source) -> Player:
    """The player without the card at `source`; a row slot refills from the stock top."""
    if source == "hand":
        return replace(player, hand=player.hand[1:])
    if source == "stock":
        return replace(player, stock=player.stock[1:])
    slot = ROW_SOURCES.index(source)
    refill = player.stock[0] if player.stock else None
    row = (*player.row[:slot], refill, *player.row[slot + 1 :])
    return replace(player, row=row, stock=player.stock[1:])


def _reset(player: Player, times: int) -> Player:
    """Stock top, then row slots 1-4, go under the stock; a new row is dealt from its top."""
    for _ in range(times):
        cards = (*player.stock[1:], *player.stock[:1], *(c for c in player.row if c is not None))
        row = (*cards[:ROW_SIZE], *(None,) * (ROW_SIZE - len(cards[:ROW_SIZE])))
        player = replace(player, row=row, stock=cards[ROW_SIZE:])
    return player

"""CNO Cycle rules of thumb: lay every card you can, close piles with neon, stop when ahead.

* Declare Done as soon as you may and your score is the best on the table: the round then
  ends with you in front.
* Laying a neon-20 on a fluorine-19 pile earns the pile's size as well: do that first.
* Otherwise lay any card on a pile or start a pile; a fluorine-19 last, since it opens a
  pile for anyone's neon-20.
* A neon-20 that has no pile to close is set aside, to free its spot.
* With nothing to lay, cycle the hand to bring up another card.

The view is the same for every seat; a bot knows its seat from the cards its moves name.
"""

from collections.abc import Sequence

from domain.bots import best_move
from domain.chance import Chance
from domain.games.cno.cards import TERMINATOR
from domain.games.cno.model import (
    Command,
    CycleHand,
    DeclareDone,
    PlayCard,
    SetAsideNeon,
    StartPile,
)
from domain.games.cno.views import CnoView

DONE_WHEN_AHEAD = 100.0
CLOSE_PILE = 50.0
LAY = 20.0
OPENS_NEON = 5.0
SET_ASIDE = 10.0
CYCLE = 1.0


def heuristic(view: CnoView, moves: Sequence[Command], chance: Chance) -> Command:
    seat = _own_seat(moves)

    def score(move: Command) -> float:
        match move:
            case DeclareDone():
                return DONE_WHEN_AHEAD if seat is None or _ahead(view, seat) else 0.0
            case PlayCard(card=card, pile=pile) if card.isotope == TERMINATOR:
                return CLOSE_PILE + view.piles[pile].size
            case PlayCard(card=card) | StartPile(card=card):
                return LAY - (OPENS_NEON if card.isotope == "F19" else 0.0)
            case SetAsideNeon():
                return SET_ASIDE
            case CycleHand():
                return CYCLE
        return 0.0  # dealing the next round is then the only move

    return best_move(moves, score, chance)


def _own_seat(moves: Sequence[Command]) -> int | None:
    """The owner of the cards the moves name; None when no move names a card."""
    for move in moves:
        if isinstance(move, PlayCard | StartPile | SetAsideNeon):
            return move.card.owner
        if isinstance(move, CycleHand):
            return move.top.owner
    return None


def _ahead(view: CnoView, seat: int) -> bool:
    """Whether the seat's running total would be the best if the round ended now."""
    totals = [total + _score(view, each) for each, total in enumerate(view.totals)]
    return totals[seat] == max(totals)


def _score(view: CnoView, seat: int) -> int:
    """The round's score so far, as `rules.scores` counts it, from what the view shows."""
    mine = view.seats[seat]
    left = mine.hand_size + mine.stock_size + sum(card is not None for card in mine.row)
    bonus = sum(pile.size for pile in view.piles if pile.closed and pile.top.owner == seat)
    return 2 * mine.played - left + bonus

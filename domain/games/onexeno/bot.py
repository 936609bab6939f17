"""ONEXENO rules of thumb: take lines, shed high cards, leave no line of five to the next seat.

* Never pass while a card can be placed: every card placed is one fewer counted against you.
* Score a placement by the points of the lines of five it takes, plus the card's own value
  (held cards count against you at the end of the hand).
* Subtract the points of every line it leaves one card short of five: the next seat to
  place there takes them.
"""

from collections import Counter
from collections.abc import Sequence

from domain.bots import best_move
from domain.chance import Chance
from domain.games.onexeno import board
from domain.games.onexeno.model import Command, PlaceCard
from domain.games.onexeno.views import OnexenoView

PLACE = 100.0
"""Any placement scores above a pass (which scores 0)."""


def heuristic(view: OnexenoView, moves: Sequence[Command], chance: Chance) -> Command:
    values = {(p.row, p.col): p.card.value for p in view.field}
    around: dict[board.Cell, tuple[frozenset[board.Cell], Counter[board.Cell]]] = {}

    def score(move: Command) -> float:
        if not isinstance(move, PlaceCard):
            return 0.0
        cell, value = (move.row, move.col), move.card.value
        if cell not in around:  # the lines depend on where a card goes, not on which
            around[cell] = _lines_through(values, cell)
        taken, exposed = around[cell]

        def worth(line_cell: board.Cell) -> int:
            return value if line_cell == cell else values[line_cell]

        points = sum(worth(line_cell) for line_cell in taken)
        left_open = sum(worth(line_cell) * times for line_cell, times in exposed.items())
        return PLACE + points + value - left_open

    return best_move(moves, score, chance)


def _lines_through(
    field: dict[board.Cell, int], cell: board.Cell
) -> tuple[frozenset[board.Cell], Counter[board.Cell]]:
    """With a card at `cell`: the cells of the lines of five it takes, and of those left one
    card short of five, each counted once for every open cell that would complete it. Lines
    and open cells depend only on which cells hold a card, so `field`'s values are not read."""
    after = {**field, cell: 0}
    taken = frozenset(line_cell for line in board.tricks(after, cell) for line_cell in line)
    left = {key: 0 for key in after if key not in taken}
    exposed: Counter[board.Cell] = Counter()
    for open_cell in board.open_cells(left):
        lines = board.tricks({**left, open_cell: 0}, open_cell)
        exposed.update({c for line in lines for c in line if c != open_cell})
    return taken, exposed

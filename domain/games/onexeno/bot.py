"""ONEXENO rules of thumb: take lines, shed high cards, leave no line of five to the next seat.

* Never pass while a card can be placed: every card placed is one fewer counted against you.
* Score a placement by the points of the lines of five it takes, plus the card's own value
  (held cards count against you at the end of the hand).
* Subtract the points of every line it leaves one card short of five: the next seat to
  place there takes them.
"""

from collections.abc import Sequence

from domain.bots import best_move
from domain.chance import Chance
from domain.games.onexeno import board
from domain.games.onexeno.cards import FACES
from domain.games.onexeno.model import Command, PlaceCard
from domain.games.onexeno.views import OnexenoView

PLACE = 100.0
"""Any placement scores above a pass (which scores 0)."""


def heuristic(view: OnexenoView, moves: Sequence[Command], chance: Chance) -> Command:
    faces = {(p.row, p.col): FACES[p.card.pattern][p.rotation] for p in view.field}
    values = {(p.row, p.col): p.card.value for p in view.field}

    def score(move: Command) -> float:
        if not isinstance(move, PlaceCard):
            return 0.0
        cell = (move.row, move.col)
        after = {**faces, cell: FACES[move.card.pattern][move.rotation]}
        worth = {**values, cell: move.card.value}
        taken = {line_cell for line in board.tricks(after, cell) for line_cell in line}
        left = {key: face for key, face in after.items() if key not in taken}
        points = sum(worth[line_cell] for line_cell in taken)
        return PLACE + points + move.card.value - _open_lines(left, worth)

    return best_move(moves, score, chance)


def _open_lines(faces: dict[board.Cell, int], worth: dict[board.Cell, int]) -> int:
    """Points lying in lines that one more card would complete (a cell may count twice)."""
    exposed = 0
    for cell in board.open_cells(faces):
        completed = {c for line in board.tricks({**faces, cell: 0}, cell) for c in line}
        exposed += sum(worth[c] for c in completed if c != cell)
    return exposed

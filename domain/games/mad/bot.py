"""MAD rules of thumb: never set off a Criticality, and keep the cards that fit anywhere.

* A placement that makes a Criticality puts its whole group in your hand: score it by the
  cards picked up, so it is chosen only when every placement does it.
* Otherwise place the card with the fewest legal spaces: the versatile cards stay in hand,
  so later turns keep a placement and need no forced draw.
* Among the spaces for that card, prefer one that touches fewer cards of its number or
  element, so as not to build the pairs that lead to your own Criticalities.
"""

from collections import Counter
from collections.abc import Sequence

from domain.bots import best_move
from domain.chance import Chance
from domain.games.mad import board
from domain.games.mad.cards import Card, alike
from domain.games.mad.model import Command, Core, PlaceCard
from domain.games.mad.views import MadView

CRITICALITY_COST = 100.0
VERSATILITY_COST = 1.0
PAIR_COST = 0.5


def heuristic(view: MadView, moves: Sequence[Command], chance: Chance) -> Command:
    core: Core = tuple(card for row in view.core for card in row)
    spaces = Counter(move.card for move in moves if isinstance(move, PlaceCard))
    seeding = view.phase == "proliferation"

    def score(move: Command) -> float:
        if not isinstance(move, PlaceCard):
            return 0.0  # a forced draw is then the only move
        at = board.space(move.row, move.column)
        after = (*core[:at], move.card, *core[at + 1 :])
        picked = 0 if seeding else len(board.criticality(after, at))
        crowding = _alike_neighbours(core, move.card, at)
        versatility = spaces[move.card]
        return -CRITICALITY_COST * picked - VERSATILITY_COST * versatility - PAIR_COST * crowding

    return best_move(moves, score, chance)


def _alike_neighbours(core: Core, card: Card, at: int) -> int:
    """Cards beside `at` that share the card's number or element."""
    return sum(
        1
        for side in board.NEIGHBOURS[at]
        if (other := core[side]) is not None and alike(card, other)
    )

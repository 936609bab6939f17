"""Gnono rules of thumb: shed cards, keep the wilds for later, steer to your strong colour.

* Never draw while a card can be played, and play a drawn card whenever it may be played.
* Keep wilds back (they fit anywhere, so they are the best last cards); a Wild Take Four is
  only ever legal when nothing else fits anyway.
* Prefer a card that leaves the current colour one you hold many of, then the skips,
  reverses and take-twos, more so when the next seat is close to going out, then high
  numbers (they would score most for a winner).
* A wild names the colour you hold most of.
"""

from collections import Counter
from collections.abc import Sequence

from domain.bots import best_move
from domain.chance import Chance
from domain.games.gnono.cards import ACTIONS, Card, Colour, draw_value, is_wild
from domain.games.gnono.model import ChooseColour, Command, PlayCard, PlayDrawn
from domain.games.gnono.views import GnonoView
from domain.seats import next_seat

PLAY = 10.0
"""Any play scores above drawing or keeping a card (which score 0)."""
WILD_COST = 8.0
ACTION_BONUS = 2.0
THREAT_BONUS = 4.0
THREAT = 3
"""A next seat holding this many cards or fewer is close to going out."""


def heuristic(view: GnonoView, moves: Sequence[Command], chance: Chance) -> Command:
    return best_move(moves, lambda move: _score(view, move), chance)


def _score(view: GnonoView, move: Command) -> float:
    match move:
        case PlayCard(card=card, colour=colour) | PlayDrawn(card=card, colour=colour):
            return PLAY + _play_value(view, card, colour or card.colour)
        case ChooseColour(colour=colour):
            return _colour_count(view.hand, colour)
    return 0.0  # drawing, keeping, or dealing the next round (then the only move)


def _play_value(view: GnonoView, card: Card, colour: Colour | None) -> float:
    rest = tuple(held for held in view.hand if held != card)
    value = 2.0 * _colour_count(rest, colour) + draw_value(card) / 10
    if is_wild(card):
        value -= WILD_COST
    if card.rank in ACTIONS or card.rank == "wild_take_four":
        value += ACTION_BONUS + (THREAT_BONUS if _next_hand(view) <= THREAT else 0.0)
    return value


def _colour_count(cards: Sequence[Card], colour: Colour | None) -> int:
    return Counter(card.colour for card in cards)[colour] if colour else 0


def _next_hand(view: GnonoView) -> int:
    """How many cards the seat after the current one holds."""
    if view.current is None:
        return min(view.hand_counts)
    step = 1 if view.direction == "clockwise" else -1
    return view.hand_counts[next_seat(view.current, len(view.hand_counts), step)]

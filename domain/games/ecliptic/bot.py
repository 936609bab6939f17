"""Ecliptic rules of thumb: grow your side's score, attack only with a strong hand.

* Score a turn by the points the placed card adds to your side.
* A placement on a sign the other side holds starts a battle, fought with the four cards
  left in hand and three unknown ones: it is worth its points, plus those it takes off the
  other side, only when those four look strong enough to win; otherwise it counts against.
* A triplet on a sign new to both sides earns another turn.
* Keep the strongest remaining hand (it defends you in the other seat's battles).
* A battle won, keep whichever card of the sign scores more on your side.

The view does not name the colour scoring in use; the bot reads it off the points shown.
"""

from collections.abc import Sequence

from domain.bots import best_move
from domain.chance import Chance
from domain.games.ecliptic.cards import Card, ColourScoring, points, strength
from domain.games.ecliptic.model import Command, KeepCard, PlayTurn
from domain.games.ecliptic.views import EclipticView

Line = Sequence[Card | None]
GAIN = 10.0
REPLAY = 15.0
STRONG_ENOUGH = 6
"""The strength of four kept cards from which an attack is expected to win."""


def heuristic(view: EclipticView, moves: Sequence[Command], chance: Chance) -> Command:
    seat = view.to_move or 0
    scoring: ColourScoring = "group"
    if points(view.lines[seat], view.signs[seat], scoring) != view.points[seat]:
        scoring = "run"

    def gain(side: int, card: Card) -> int:
        return _gain(view.lines[side], card, view.signs[side], scoring)

    def score(move: Command) -> float:
        if isinstance(move, KeepCard):
            return gain(seat, move.card)
        assert isinstance(move, PlayTurn)
        rest = [held for held in view.hand if held not in (*move.pair, move.card)]
        won = GAIN * gain(seat, move.card)
        defended = view.lines[1 - seat][move.card.sign - 1]
        if defended is None:
            return won + REPLAY * _is_triplet(move) + strength(rest)
        if strength(rest) < STRONG_ENOUGH:
            return strength(rest) - won
        return won + GAIN * gain(1 - seat, defended) + strength(rest)

    return best_move(moves, score, chance)


def _gain(line: Line, card: Card, own_sign: int, scoring: ColourScoring) -> int:
    """The points `card` is worth to a side in its sign's slot."""
    slot = card.sign - 1
    with_card = (*line[:slot], card, *line[slot + 1 :])
    without = (*line[:slot], None, *line[slot + 1 :])
    return points(with_card, own_sign, scoring) - points(without, own_sign, scoring)


def _is_triplet(turn: PlayTurn) -> bool:
    return all(card.sign == turn.card.sign for card in turn.pair)

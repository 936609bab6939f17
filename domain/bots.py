"""Bot strategies: pure functions that pick one of a seat's legal moves.

A strategy sees exactly what its seat sees (the game's view for that seat) and nothing
more, and draws any chance it needs from the `Chance` it is given, so a bot's choices are
reproducible. Every game offers `random` (uniform over the legal moves) and `heuristic`
(rules of thumb for that game, in `domain/games/<kind>/bot.py`, named by the game's
`GameRules.heuristic`).
"""

import hashlib
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from domain.chance import Chance

M = TypeVar("M")


def random_move(view: Any, moves: Sequence[Any], chance: Chance) -> Any:
    """Any legal move, uniformly."""
    return chance.choice(moves)


def best_move(moves: Sequence[M], score: Callable[[M], float], chance: Chance) -> M:
    """The move with the highest score; ties are broken at random."""
    scored = [(score(move), move) for move in moves]
    top = max(value for value, _ in scored)
    return chance.choice([move for value, move in scored if value == top])


def bot_chance(game: str, seat: int, version: int) -> Chance:
    """What a bot draws from at one version of one game: the same every time it is asked, so
    two workers acting for one seat choose the same move."""
    return Chance(hashlib.sha256(f"bot:{game}".encode()).digest(), f"{seat}:{version}")

"""The bot strategies every game offers: `random` and the game's own `heuristic`."""

from typing import Any

from commands.registry import game_rules
from domain.bots import random_move
from domain.decider import Strategy
from domain.errors import DomainError


def strategies(kind: str) -> dict[str, Strategy[Any, Any]]:
    """The strategies a game kind offers, by name."""
    return {"random": random_move, "heuristic": game_rules(kind).heuristic}


def strategy(kind: str, name: str) -> Strategy[Any, Any]:
    """The strategy called `name` for a game kind, or a refusal naming those there are."""
    offered = strategies(kind)
    if name not in offered:
        known = ", ".join(sorted(offered))
        raise DomainError("unknown_bot", f"no bot {name!r} for {kind}; known: {known}")
    return offered[name]

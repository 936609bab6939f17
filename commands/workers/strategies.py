"""The bots every game offers: `random`, the game's own `heuristic`, and `search`, which
thinks (`domain.search`) with the game's `sample`."""

from commands.log.registry import game_rules
from domain.bots import random_move
from domain.errors import DomainError
from domain.matches import Player
from domain.search import DEFAULT_BUDGET, Budget, Searcher


def strategies(kind: str) -> dict[str, Player]:
    """The bots a game kind offers, by name."""
    rules = game_rules(kind)
    offered: dict[str, Player] = {"random": random_move, "heuristic": rules.heuristic}
    if rules.sample is not None:
        offered["search"] = Searcher(DEFAULT_BUDGET)
    return offered


def strategy(kind: str, name: str, think: Budget | None = None) -> Player:
    """The bot called `name` for a game kind, or a refusal naming those there are; a budget
    to `think` within is for the search bot alone."""
    offered = strategies(kind)
    if name not in offered:
        known = ", ".join(sorted(offered))
        raise DomainError("unknown_bot", f"no bot {name!r} for {kind}; known: {known}")
    if think is not None and not isinstance(offered[name], Searcher):
        raise DomainError("think_without_search", "only the search bot takes a budget")
    return offered[name]

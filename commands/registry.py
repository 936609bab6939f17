"""The explicit list of games the service hosts."""

from domain.decider import GameRules
from domain.errors import DomainError
from domain.games import gnono

GAMES: dict[str, GameRules] = {
    rules.kind: rules
    for rules in (
        # one line per game: its module's `rules`
        gnono.rules,
    )
}


def game_rules(kind: str) -> GameRules:
    """The rules of a kind, or a refusal naming the kinds there are."""
    try:
        return GAMES[kind]
    except KeyError:
        raise DomainError(
            "unknown_kind", f"no game kind {kind!r}; known: {sorted(GAMES)}"
        ) from None

"""The explicit list of games the service hosts."""

from domain.decider import AnyRules
from domain.errors import DomainError
from domain.games import cno, ecliptic, gnono, mad, onexeno

GAMES: dict[str, AnyRules] = {
    rules.kind: rules
    for rules in (
        gnono.rules,
        mad.rules,
        onexeno.rules,
        ecliptic.rules,
        cno.rules,
    )
}


def game_rules(kind: str) -> AnyRules:
    """The rules of a kind, or a refusal naming the kinds there are."""
    try:
        return GAMES[kind]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise DomainError("unknown_kind", f"no game kind {kind!r}; known: {known}") from None

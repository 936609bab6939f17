"""The explicit list of bot strategies each game offers: `random` and `heuristic`."""

from domain.bots import Strategy, cno, ecliptic, gnono, mad, onexeno, random_move
from domain.errors import DomainError

STRATEGIES: dict[str, dict[str, Strategy]] = {
    "gnono": {"random": random_move, "heuristic": gnono.heuristic},
    "mad": {"random": random_move, "heuristic": mad.heuristic},
    "onexeno": {"random": random_move, "heuristic": onexeno.heuristic},
    "ecliptic": {"random": random_move, "heuristic": ecliptic.heuristic},
    "cno": {"random": random_move, "heuristic": cno.heuristic},
}


def strategy(kind: str, name: str) -> Strategy:
    """The strategy called `name` for a game kind, or a refusal naming those there are."""
    offered = STRATEGIES.get(kind, {})
    if name not in offered:
        known = ", ".join(sorted(offered))
        raise DomainError("unknown_bot", f"no bot {name!r} for {kind}; known: {known}")
    return offered[name]

"""The contract of every game's `sample`, what the search bot thinks on: a state the seat
cannot tell from the true one, legal, dealt from the chance given and from nothing it hides.

Seeded random playouts of every kind stop at every step, and each seat samples the state.
"""

from collections import Counter
from typing import Any

import msgspec
import pytest

from commands.log.registry import GAMES
from domain.chance import Chance
from domain.decider import AnyRules, Context
from domain.search import NOW
from tests.domain.playout import Playout

SEEDS = range(3)
SEATS = {"gnono": 3, "mad": 3, "onexeno": 3, "ecliptic": 2, "cno": 3}
OPTIONS: dict[str, dict[str, Any]] = {"gnono": {"playout_score": 1}}
MAX_STEPS = 150


def playout_states(kind: str, seed: int) -> list[Any]:
    """The game's state after each step of a seeded random playout, while it is played."""
    playout = Playout(GAMES[kind], SEATS[kind], seed, OPTIONS.get(kind))
    states = []
    while playout.table.status == "playing" and len(states) < MAX_STEPS:
        states.append(playout.table.game)
        playout.step()
    return states


def cards(rules: AnyRules, state: Any) -> Counter[bytes]:
    return Counter(msgspec.json.encode(card) for card in rules.all_cards(state))


@pytest.mark.parametrize("kind", list(GAMES))
def test_every_game_offers_a_sample(kind: str) -> None:
    assert GAMES[kind].sample is not None


@pytest.mark.parametrize("kind", list(GAMES))
@pytest.mark.parametrize("seed", SEEDS)
def test_a_sample_looks_the_same_to_its_seat_and_is_a_legal_state(kind: str, seed: int) -> None:
    rules = GAMES[kind]
    for step, state in enumerate(playout_states(kind, seed)):
        for seat in range(SEATS[kind]):
            sampled = rules.sample(state, seat, Chance(b"sample", f"{step}:{seat}"))
            assert rules.view(sampled, seat) == rules.view(state, seat)
            assert cards(rules, sampled) == cards(rules, state)
            assert rules.hidden(sampled, seat) == rules.hidden(state, seat)
            assert rules.legal_moves(sampled, seat) == rules.legal_moves(state, seat)
            for mover in range(SEATS[kind]):
                for move in rules.legal_moves(sampled, mover)[:3]:
                    rules.decide(sampled, move, Context(mover, NOW, Chance(b"move", step)))


@pytest.mark.parametrize("kind", list(GAMES))
@pytest.mark.parametrize("seed", SEEDS)
def test_a_sample_never_reads_where_the_hidden_cards_lie(kind: str, seed: int) -> None:
    """Hiding the true cards elsewhere (by a first sample) changes no sample, while samples
    from other draws of chance vary."""
    rules, varied = GAMES[kind], 0
    for step, state in enumerate(playout_states(kind, seed)):
        for seat in range(SEATS[kind]):
            elsewhere = rules.sample(state, seat, Chance(b"hide", f"{step}:{seat}"))
            chance = Chance(b"sample", f"{step}:{seat}")
            sampled = rules.sample(state, seat, chance)
            assert rules.sample(elsewhere, seat, Chance(b"sample", f"{step}:{seat}")) == sampled
            again = rules.sample(state, seat, Chance(b"sample", f"{step}:{seat}"))
            assert again == sampled  # drawn from the chance given, nothing else
            varied += sampled != rules.sample(state, seat, Chance(b"other", f"{step}:{seat}"))
    assert varied > 0

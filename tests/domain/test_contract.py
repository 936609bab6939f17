"""The contract every registered game keeps, checked by seeded random playouts.

`CARDROOM_PLAYOUTS` sets how many playouts each game gets (default 500), split in chunks
that run in parallel; every step of every playout is checked. The playouts cycle through
option variants, so a game's options are exercised too. Each seat is, at random, either a
uniformly random player or the game's heuristic bot: mixed tables reach the endings that
skilled play reaches and keep games short enough to check by the thousand (all-random Gnono
matches run to thousands of moves). Gnono mostly plays single-round matches for the same
reason.
"""

import os
import random

import msgspec
import pytest

from commands.log.registry import GAMES
from commands.workers.strategies import strategy
from domain import table as tables
from domain.decider import GameRules, Strategy
from tests.domain.playout import (
    MAX_STEPS,
    MovePool,
    Playout,
    card_count,
    illegal_samples,
    leaks,
    refused,
    roundtrip,
)

PLAYOUTS = int(os.environ.get("CARDROOM_PLAYOUTS", "500"))
CHUNKS = 4
HEURISTIC_SHARE = 0.5
OPTION_VARIANTS: dict[str, list[dict[str, object]]] = {
    "gnono": [{"playout_score": 1}] * 12 + [{"playout_score": 1, "hand_size": 11}] * 12 + [{}],
    "onexeno": [{}, {"teams": 2}, {"teams": 3}, {"hands": 2}, {"corner_match": False}],
    "ecliptic": [{}, {"colour_scoring": "run"}],
    "cno": [{}] * 7 + [{"rounds": 2}],
}
EXTRA_LEGAL_CHECKS = 2
ILLEGAL_CHECKS = 2


def options_for(rules: GameRules, seed: int) -> dict[str, object]:
    variants = OPTION_VARIANTS.get(rules.kind, [{}])
    return variants[(seed // CHUNKS) % len(variants)]


def seat_count(rules: GameRules, options: dict[str, object], seed: int) -> int:
    low, high = rules.seat_range(msgspec.convert(options, rules.Options))
    return low + (seed // 7) % (high - low + 1)


def players_for(kind: str, seats: int, seed: int) -> dict[int, Strategy]:
    """Each seat is the heuristic bot or (left out) a uniformly random player."""
    coin = random.Random(f"players {seed}")
    heuristic = strategy(kind, "heuristic")
    return {seat: heuristic for seat in range(seats) if coin.random() < HEURISTIC_SHARE}


def check_playout(rules: GameRules, seed: int) -> None:
    options = options_for(rules, seed)
    seats = seat_count(rules, options, seed)
    playout = Playout(rules, seats, seed, options, players_for(rules.kind, seats, seed))
    cards = card_count(rules, playout.table)
    assert not leaks(rules, playout.before_start, playout.opening), f"seed {seed}: opening leaks"
    pool = MovePool()
    for _ in range(MAX_STEPS):
        for seat in range(len(playout.table.seats)):
            pool.add(seat, tables.legal_moves(rules, playout.table, seat))
        for seat, move in illegal_samples(playout, pool, ILLEGAL_CHECKS):
            assert refused(playout, seat, move), f"seed {seed}: illegal {move} accepted"
        for seat in playout.random.sample(playout.movers(), min(1, len(playout.movers()))):
            moves = tables.legal_moves(rules, playout.table, seat)
            for move in playout.random.sample(moves, min(EXTRA_LEGAL_CHECKS, len(moves))):
                playout.decide(seat, move)
        before = playout.table
        stepped = playout.step()
        if stepped is None:
            break
        _, _, events = stepped
        found = leaks(rules, before, events)
        assert not found, f"seed {seed}: {found}"
        if playout.table.status == "playing":
            assert card_count(rules, playout.table) == cards, f"seed {seed}: cards not conserved"
    assert playout.table.status == "finished", f"seed {seed}: no end after {MAX_STEPS} steps"
    assert tables.fold(rules, roundtrip(rules, playout.events)) == playout.table


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("kind", list(GAMES))
def test_random_playouts_keep_every_invariant(kind: str, chunk: int) -> None:
    for seed in range(chunk, PLAYOUTS, CHUNKS):
        check_playout(GAMES[kind], seed)

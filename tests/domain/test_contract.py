"""The contract every registered game keeps, checked by seeded random playouts.

`CARDROOM_PLAYOUTS` sets how many playouts each game gets (default 1000); every step of
every playout is checked.
"""

import os

import pytest

from commands.registry import GAMES
from domain import table as tables
from domain.decider import GameRules
from tests.domain.playout import (
    MAX_STEPS,
    Playout,
    card_count,
    illegal_samples,
    leaks,
    refused,
    roundtrip,
)

PLAYOUTS = int(os.environ.get("CARDROOM_PLAYOUTS", "1000"))
EXTRA_LEGAL_CHECKS = 2
ILLEGAL_CHECKS = 2


def seat_count(rules: GameRules, seed: int) -> int:
    low, high = rules.seat_range(rules.Options())
    return low + seed % (high - low + 1)


def check_playout(rules: GameRules, seed: int) -> None:
    playout = Playout(rules, seat_count(rules, seed), seed)
    cards = card_count(rules, playout.table)
    assert not leaks(rules, playout.before_start, playout.opening), f"seed {seed}: opening leaks"
    pool: dict[tuple[int, object], None] = {}
    for _ in range(MAX_STEPS):
        for seat in range(len(playout.table.seats)):
            pool.update(
                dict.fromkeys((seat, m) for m in tables.legal_moves(rules, playout.table, seat))
            )
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


@pytest.mark.parametrize("rules", list(GAMES.values()), ids=list(GAMES))
def test_random_playouts_keep_every_invariant(rules: GameRules) -> None:
    for seed in range(PLAYOUTS):
        check_playout(rules, seed)

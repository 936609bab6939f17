"""The search bot in the domain: a legal move, the same one for the same chance, within its
budget in iterations and in time, and budgets outside their bounds refused."""

import dataclasses
from typing import Any

import pytest

from commands.log.registry import GAMES
from domain.chance import Chance
from domain.decider import AnyRules
from domain.errors import DomainError
from domain.search import Budget, check_budget, search
from tests.domain.playout import Playout


def position(kind: str, seed: int = 0) -> tuple[Any, int, int, tuple[Any, ...]]:
    """A game a few random moves in, its seat count, a seat with a choice, and its moves."""
    playout = Playout(GAMES[kind], 2, seed)
    while True:
        playout.step()
        game = playout.table.game
        for seat in range(2):
            moves = GAMES[kind].legal_moves(game, seat)
            if len(moves) > 1:
                return game, 2, seat, moves


def counting(rules: AnyRules, calls: list[int]) -> AnyRules:
    """The rules, counting the samples the search draws (one an iteration)."""
    assert rules.sample is not None
    sample = rules.sample

    def counted(state: Any, seat: int, chance: Chance) -> Any:
        calls.append(seat)
        return sample(state, seat, chance)

    return dataclasses.replace(rules, sample=counted)


@pytest.mark.parametrize("kind", list(GAMES))
def test_the_search_chooses_a_legal_move_and_the_same_one_for_the_same_chance(kind: str) -> None:
    state, seats, seat, moves = position(kind)
    budget = Budget(iterations=15)
    chosen = search(GAMES[kind], state, seats, seat, moves, Chance(b"bot", 1), budget)
    again = search(GAMES[kind], state, seats, seat, moves, Chance(b"bot", 1), budget)
    assert chosen in moves
    assert again == chosen


def test_the_search_thinks_as_many_iterations_as_its_budget_allows() -> None:
    state, seats, seat, moves = position("mad")
    calls: list[int] = []
    rules = counting(GAMES["mad"], calls)
    search(rules, state, seats, seat, moves, Chance(b"bot", 2), Budget(iterations=25))
    assert calls == [seat] * 25, "one sample an iteration, from the seat's view"


def test_the_search_stops_when_its_time_is_up() -> None:
    state, seats, seat, moves = position("ecliptic")
    calls: list[int] = []
    ticks = iter(range(100_000))
    clock = lambda: next(ticks) / 1000  # noqa: E731 (a millisecond a reading)
    budget = Budget(iterations=1_000, milliseconds=40)
    search(
        counting(GAMES["ecliptic"], calls),
        state,
        seats,
        seat,
        moves,
        Chance(b"b", 3),
        budget,
        clock,
    )
    assert 1 <= len(calls) < 40, "the clock is read at least once an iteration"


@pytest.mark.parametrize(
    "budget", [Budget(0, 200), Budget(20_001, 200), Budget(100, 9), Budget(100, 10_001)]
)
def test_a_budget_out_of_bounds_is_refused_with_the_bounds(budget: Budget) -> None:
    with pytest.raises(DomainError) as refused:
        check_budget(budget)
    assert refused.value.code == "think_out_of_bounds"
    assert "1 to 20000 iterations and 10 to 10000 milliseconds" in refused.value.message


def test_a_budget_within_bounds_is_taken() -> None:
    check_budget(Budget(1, 10))
    check_budget(Budget(20_000, 10_000))

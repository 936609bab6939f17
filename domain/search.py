"""The `search` bot: Monte Carlo search over the hidden cards, written once for every game.

It is perfect-information Monte Carlo (PIMC) with rollouts by the game's own heuristic:
Ginsberg's determinized search ("GIB: Imperfect Information in a Computationally Challenging
Game", Journal of Artificial Intelligence Research 14, 2001), as analysed by Long, Sturtevant,
Buro and Furtak ("Understanding the Success of Perfect Information Monte Carlo Sampling in
Game Tree Search", AAAI 2010), with the evaluation by rollouts of a base policy that Tesauro
and Galperin showed improves on that policy ("On-line Policy Improvement using Monte-Carlo
Search", NIPS 1996). Each iteration

1. samples a full state the seat cannot tell from the true one (the game's `sample`),
2. plays each candidate move in that sample and then the game out to its end, every seat
   choosing as the game's `heuristic` would from its own view of the sample, and
3. credits each candidate with the result for the seat: its share of the places beaten,
   1 for first, 0 for last.

The candidates are the `ROOT_WIDTH` moves the heuristic ranks first (the heuristic asked
again without its pick, and so on), and every candidate is played out on the same sample
with the same chance for the rest of the game ("common random numbers"): the luck of the
deal falls alike on all of them, so a few dozen samples tell moves apart that a few
hundred independent playouts could not. The heuristic's pick is played unless another
candidate beats it on the samples by more than their noise (`CONFIDENCE`): choosing the
best of four noisy estimates would otherwise trade good moves for lucky ones.

Only the game's own functions are used (`sample`, `decide`, `evolve`, `legal_moves`,
`is_terminal`, `outcome`, `view` and `heuristic`), so no game has search code of its own.
The seat acting in a sample is the one with legal moves; in a real-time game, where several
may act at once, one of them is drawn at random, as `domain.matches` does. A playout that
reaches `PLAYOUT_LIMIT` moves scores the standings so far when the game has them, and
otherwise counts as a draw.

Time arrives as an argument (`clock`), chance from the `Chance` given, so with a budget in
iterations alone a seat's choice is a function of its game, seat and version.
"""

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

import msgspec

from domain.chance import Chance
from domain.decider import AnyRules, Context, Standing
from domain.errors import DomainError

ROOT_WIDTH: Final = 4
"""The moves compared: the heuristic's first choices."""
PLAYOUT_LIMIT: Final = 1_000
NOW: Final = datetime(2026, 1, 1, tzinfo=UTC)
"""The time a sampled decision sees: no game's moves depend on the clock in play."""
SEED_SPAN: Final = 1 << 62
CONFIDENCE: Final = 1.645
"""How sure the samples must be that a move beats the heuristic's pick before it is played
instead: a one-sided 95% bound on their paired differences."""


ITERATIONS: Final = (1, 20_000)
MILLISECONDS: Final = (10, 10_000)
"""The bounds of a budget a seat may ask for: a move takes at most ten seconds."""


class Budget(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How long a bot may think about one move: at most `iterations`, and at most
    `milliseconds` when that is not 0 (only measurements leave the clock out)."""

    iterations: int
    milliseconds: int = 0


DEFAULT_BUDGET: Final = Budget(iterations=5_000, milliseconds=200)
"""A turn-based game's bot answers in about a person's quickest time; the iterations only
bound a fast machine."""


def check_budget(budget: Budget) -> None:
    """Refuse a budget a seat may not ask for, naming the bounds."""
    (low, high), (fastest, slowest) = ITERATIONS, MILLISECONDS
    if not (low <= budget.iterations <= high and fastest <= budget.milliseconds <= slowest):
        raise DomainError(
            "think_out_of_bounds",
            f"a bot thinks {low} to {high} iterations and {fastest} to {slowest} milliseconds"
            f" a move, not {budget.iterations} iterations and {budget.milliseconds} ms",
        )


def search(
    rules: AnyRules,
    state: Any,
    seats: int,
    seat: int,
    moves: Sequence[Any],
    chance: Chance,
    budget: Budget,
    clock: Callable[[], float] | None = None,
) -> Any:
    """The move among `moves` (the seat's legal moves in `state`, a game of `seats` seats)
    to play: the heuristic's pick unless the playouts show another better (`_best`);
    `clock` (seconds) bounds it by `budget.milliseconds`."""
    if len(moves) == 1:
        return moves[0]
    game = _Game(rules, seats, _deadline(budget, clock))
    candidates = game.candidates(state, seat, moves, chance)
    rounds = _played(game, state, seat, candidates, chance, budget.iterations, [])
    return candidates[_best(rounds, len(candidates))]


class Estimate(msgspec.Struct, frozen=True):
    """One move's estimated result for the seat (0: last, 1: first; as `search` credits a
    playout), the mean over `samples` playouts, one on each sampled state."""

    move: Any
    estimate: float
    samples: int


def rank(
    rules: AnyRules,
    state: Any,
    seats: int,
    seat: int,
    moves: Sequence[Any],
    chance: Chance,
    budget: Budget,
    clock: Callable[[], float] | None = None,
) -> tuple[Estimate, ...]:
    """Every one of `moves` (the seat's legal moves in `state`) with its estimate, best
    first (ties in the order of `moves`): each round plays every move out on one sample with
    common chance, as `search` does with its candidates. The first round is always played
    whole, so that every move has a sample however short the budget."""
    rounds: list[list[float]] = []
    deadline = _deadline(budget, clock)
    game = _Game(rules, seats, lambda: bool(rounds) and deadline())
    _played(game, state, seat, moves, chance, budget.iterations, rounds)
    estimates = (
        Estimate(move, statistics.fmean(results[index] for results in rounds), len(rounds))
        for index, move in enumerate(moves)
    )
    return tuple(sorted(estimates, key=lambda estimate: -estimate.estimate))


def _played(
    game: "_Game",
    state: Any,
    seat: int,
    moves: Sequence[Any],
    chance: Chance,
    iterations: int,
    rounds: list[list[float]],
) -> list[list[float]]:
    """Up to `iterations` rounds appended to `rounds`, each every move played out on one
    sample with common chance, until the game's clock stops it; `rounds`."""
    for _ in range(iterations):
        sample = game.sample(state, seat, chance)
        seed = chance.below(SEED_SPAN).to_bytes(8, "big")
        results = [game.result(sample, seat, move, Chance(seed, "playout")) for move in moves]
        if game.stop():
            break  # a round cut short by the clock would weigh its moves unevenly
        rounds.append(results)
    return rounds


def _best(rounds: list[list[float]], width: int) -> int:
    """The candidate to play: the one ahead of the heuristic's pick (the first) by the most,
    among those ahead by more than `CONFIDENCE` standard errors of their paired differences
    over the rounds; the first when none is."""
    if len(rounds) < 2:
        return 0  # no spread to judge a difference by
    best, lead = 0, 0.0
    for index in range(1, width):
        gains = [results[index] - results[0] for results in rounds]
        mean = statistics.fmean(gains)
        error = statistics.stdev(gains, mean) / math.sqrt(len(gains))
        if mean > CONFIDENCE * error and mean > lead:
            best, lead = index, mean
    return best


def _deadline(budget: Budget, clock: Callable[[], float] | None) -> Callable[[], bool]:
    if clock is None or not budget.milliseconds:
        return lambda: False
    until = clock() + budget.milliseconds / 1000
    return lambda: clock() >= until


@dataclass(frozen=True, slots=True)
class _Game:
    """One game's functions, its number of seats, and whether the search's time is up (a
    playout stops there too: in a long game one playout may outlast a budget)."""

    rules: AnyRules
    seats: int
    stop: Callable[[], bool]

    def sample(self, state: Any, seat: int, chance: Chance) -> Any:
        assert self.rules.sample is not None, f"{self.rules.kind} has no sample function"
        return self.rules.sample(state, seat, chance)

    def candidates(
        self, state: Any, seat: int, moves: Sequence[Any], chance: Chance
    ) -> tuple[Any, ...]:
        """The `ROOT_WIDTH` moves the game's heuristic ranks first, best first: the
        heuristic's pick, then its pick among the moves left, and so on."""
        view, left, ranked = self.rules.view(state, seat), list(moves), list[Any]()
        while left and len(ranked) < ROOT_WIDTH:
            ranked.append(self.rules.heuristic(view, left, chance))
            left.remove(ranked[-1])
        return tuple(ranked)

    def result(self, state: Any, seat: int, move: Any, chance: Chance) -> float:
        """`seat`'s result of playing `move` in `state`, then the game out by heuristics."""
        state = self.play(state, seat, move, chance)
        for _ in range(PLAYOUT_LIMIT):
            if self.rules.is_terminal(state) or self.stop():
                break
            turn = self.turn(state, chance)
            if turn is None:
                break
            mover, legal = turn
            choice = legal[0] if len(legal) == 1 else self.heuristic(state, mover, legal, chance)
            state = self.play(state, mover, choice, chance)
        return self.results(state).get(seat, 0.5)

    def heuristic(self, state: Any, seat: int, legal: tuple[Any, ...], chance: Chance) -> Any:
        return self.rules.heuristic(self.rules.view(state, seat), legal, chance)

    def turn(self, state: Any, chance: Chance) -> tuple[int, tuple[Any, ...]] | None:
        """The seat to act in `state` and its moves (None when nobody may act)."""
        turns = []
        for seat in range(self.seats):
            if legal := self.rules.legal_moves(state, seat):
                if not self.rules.real_time:
                    return seat, legal
                turns.append((seat, legal))
        return chance.choice(turns) if turns else None

    def play(self, state: Any, seat: int, move: Any, chance: Chance) -> Any:
        try:
            events = self.rules.decide(state, move, Context(seat, NOW, chance))
        except DomainError:
            return state  # not for a legal move; were it so, the playout ends at its limit
        for event in events:
            state = self.rules.evolve(state, event)
        return state

    def results(self, state: Any) -> dict[int, float]:
        """Each seat's result: the mean of its share of the places beaten and its share of
        the score against the others' mean (by the scores' own direction)."""
        standings: tuple[Standing, ...] = self.rules.outcome(state)
        if len(standings) < 2:
            return {}
        last = max(standing.place for standing in standings)
        first = min(standings, key=lambda standing: standing.place)
        higher_wins = first.score >= max(standing.score for standing in standings)
        results = {}
        for standing in standings:
            placed = 0.5 if last == 1 else (last - standing.place) / (last - 1)
            others = [other.score for other in standings if other is not standing]
            mean = sum(others) / len(others)
            ahead = (standing.score - mean) if higher_wins else (mean - standing.score)
            margin = ahead / (abs(standing.score) + abs(mean) + 1)
            results[standing.seat] = (placed + (1 + margin) / 2) / 2
        return results


@dataclass(frozen=True, slots=True)
class Searcher:
    """The search bot at one budget: unlike a `Strategy`, it is given the game's state,
    which it reads only through the game's `sample` for its seat."""

    budget: Budget
    clock: Callable[[], float] | None = None

    def choose(
        self,
        rules: AnyRules,
        state: Any,
        seats: int,
        seat: int,
        moves: Sequence[Any],
        chance: Chance,
    ) -> Any:
        return search(rules, state, seats, seat, moves, chance, self.budget, self.clock)

"""The `search` bot: information-set Monte Carlo tree search, written once for every game.

This is single-observer information-set MCTS (SO-ISMCTS) as described by Cowling, Powley and
Whitehouse, "Information Set Monte Carlo Tree Search", IEEE Transactions on Computational
Intelligence and AI in Games 4(2), 2012, section IV-B. One tree stands for the searching
seat's information set. Each iteration

1. samples a full state the seat cannot tell from the true one (the game's `sample`),
2. walks down the tree along moves legal in that sample, choosing among the children the
   sample allows by UCB1, where a child's exploration counts only the iterations in which it
   was available (the paper's "availability" count),
3. adds one child for a move the tree has not tried yet,
4. plays the sample out to its end with random moves, and
5. credits every node on the way with the result for the seat that made its move.

At the root only the `ROOT_WIDTH` moves the game's heuristic ranks first are searched (the
heuristic asked again without its pick, and so on): the "progressive pruning" of Chaslot et
al., "Progressive Strategies for Monte-Carlo Tree Search", New Mathematics and Natural
Computation 4(3), 2008, without the unpruning. A game with a hundred moves a turn would
otherwise spread a live budget over moves tried once each. Ties go to the heuristic's order.

Only the game's own functions are used (`sample`, `decide`, `evolve`, `legal_moves`,
`is_terminal`, `outcome`, and at the root `view` and `heuristic`), so no game has search
code of its own. The seat acting in a sample is the one with legal moves; in a real-time
game, where several may act at once, one of them is drawn at random, as `domain.matches`
does. A result is a seat's share of the places beaten: 1 for first, 0 for last. A playout
that reaches `PLAYOUT_LIMIT` moves scores the standings so far when the game has them, and
otherwise counts as a draw.

Time arrives as an argument (`clock`), chance from the `Chance` given, so with a budget in
iterations alone a seat's choice is a function of its game, seat and version.
"""

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final

import msgspec

from domain.chance import Chance
from domain.decider import AnyRules, Context, Standing
from domain.errors import DomainError

EXPLORATION: Final = 0.7
"""UCB1's exploration constant for results in [0, 1] (the paper's 0.7)."""
ROOT_WIDTH: Final = 4
"""The moves searched at the root: the heuristic's first choices (progressive pruning)."""
PLAYOUT_LIMIT: Final = 1_000
NOW: Final = datetime(2026, 1, 1, tzinfo=UTC)
"""The time a sampled decision sees: no game's moves depend on the clock in play."""


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


@dataclass(slots=True, eq=False)
class _Node:
    mover: int
    visits: int = 0
    available: int = 1
    total: float = 0.0
    children: dict[Any, "_Node"] = field(default_factory=dict)

    def ucb(self) -> float:
        mean = self.total / self.visits
        return mean + EXPLORATION * math.sqrt(math.log(self.available) / self.visits)


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
    the search chose most often; `clock` (seconds) bounds it by `budget.milliseconds`."""
    if len(moves) == 1:
        return moves[0]
    game = _Game(rules, seats, chance, _deadline(budget, clock))
    candidates = game.candidates(state, seat, moves)
    root = _Node(mover=seat)
    for _ in range(budget.iterations):
        game.iterate(game.sample(state, seat), seat, candidates, root)
        if game.stop():
            break
    visits = {move: child.visits for move, child in root.children.items()}
    return max(candidates, key=lambda move: visits.get(move, 0))  # ties: the heuristic's


def _deadline(budget: Budget, clock: Callable[[], float] | None) -> Callable[[], bool]:
    if clock is None or not budget.milliseconds:
        return lambda: False
    until = clock() + budget.milliseconds / 1000
    return lambda: clock() >= until


@dataclass(frozen=True, slots=True)
class _Game:
    """One game's functions, its number of seats, the search's chance, and whether its time
    is up (a playout stops there too: in a long game one playout may outlast a budget)."""

    rules: AnyRules
    seats: int
    chance: Chance
    stop: Callable[[], bool]

    def sample(self, state: Any, seat: int) -> Any:
        assert self.rules.sample is not None, f"{self.rules.kind} has no sample function"
        return self.rules.sample(state, seat, self.chance)

    def candidates(self, state: Any, seat: int, moves: Sequence[Any]) -> tuple[Any, ...]:
        """The `ROOT_WIDTH` moves the game's heuristic ranks first, best first: the
        heuristic's pick, then its pick among the moves left, and so on."""
        view, left, ranked = self.rules.view(state, seat), list(moves), list[Any]()
        while left and len(ranked) < ROOT_WIDTH:
            ranked.append(self.rules.heuristic(view, left, self.chance))
            left.remove(ranked[-1])
        return tuple(ranked)

    def iterate(self, state: Any, mover: int, legal: tuple[Any, ...], root: _Node) -> None:
        """One iteration on one sample: select, expand, play out, credit."""
        path, node = [root], root
        while True:
            for move in legal:
                if move in node.children:
                    node.children[move].available += 1
            untried = [move for move in legal if move not in node.children]
            if untried:
                move = self.chance.choice(untried)
                node.children[move] = _Node(mover=mover)
            else:
                move = max(legal, key=lambda known: node.children[known].ucb())
            node = node.children[move]
            path.append(node)
            state = self.play(state, mover, move)
            turn = None if untried or self.rules.is_terminal(state) else self.turn(state)
            if turn is None:
                break
            mover, legal = turn
        results = self.results(self.playout(state))
        for visited in path[1:]:
            visited.visits += 1
            visited.total += results.get(visited.mover, 0.5)

    def turn(self, state: Any) -> tuple[int, tuple[Any, ...]] | None:
        """The seat to act in `state` and its moves (None when nobody may act)."""
        turns = []
        for seat in range(self.seats):
            if legal := self.rules.legal_moves(state, seat):
                if not self.rules.real_time:
                    return seat, legal
                turns.append((seat, legal))
        return self.chance.choice(turns) if turns else None

    def play(self, state: Any, seat: int, move: Any) -> Any:
        try:
            events = self.rules.decide(state, move, Context(seat, NOW, self.chance))
        except DomainError:
            return state  # not for a legal move; were it so, the playout ends at its limit
        for event in events:
            state = self.rules.evolve(state, event)
        return state

    def playout(self, state: Any) -> Any:
        for _ in range(PLAYOUT_LIMIT):
            if self.rules.is_terminal(state) or self.stop() or (turn := self.turn(state)) is None:
                return state
            seat, legal = turn
            state = self.play(state, seat, self.chance.choice(legal))
        return state

    def results(self, state: Any) -> dict[int, float]:
        standings: tuple[Standing, ...] = self.rules.outcome(state)
        if len(standings) < 2:
            return {}
        last = max(standing.place for standing in standings)
        if last == 1:
            return {standing.seat: 0.5 for standing in standings}
        return {s.seat: (last - s.place) / (last - 1) for s in standings}


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

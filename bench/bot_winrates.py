"""How often one bot of each game wins against others, played purely in the domain.

The default mode pits the heuristic against random players: it takes one seat, which rotates
with the seed, and every other seat plays uniformly random legal moves. `--against heuristic`
is the head-to-head mode: the `search` bot (`domain.search`) at a budget in iterations (so a
run is reproducible on any machine) takes one seat, rotating with the seed, and the heuristic
plays every other seat, at two seats or at the kind's usual table size (`--seats usual`).
A win is first place (a shared first place counts). Each row shows the win rate with its 95%
Wilson interval, the fair share 1 / seats, and for the search its mean thinking time per move.

    python bench/bot_winrates.py --games 1000
    python bench/bot_winrates.py --against heuristic --games 400 --iterations 100 --processes 2
"""

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from commands.log.registry import GAMES
from commands.workers.strategies import strategy
from domain.bots import random_move
from domain.chance import Chance
from domain.decider import AnyRules
from domain.matches import Player, play_match
from domain.search import Budget, Searcher

SEATS = {"gnono": 4, "mad": 4, "onexeno": 4, "ecliptic": 2, "cno": 4}
OPTIONS: dict[str, dict[str, Any]] = {}
HEAD_TO_HEAD_OPTIONS: dict[str, dict[str, Any]] = {"gnono": {"playout_score": 1}}
"""Gnono plays one round head to head (the first round's winner reaches 1 point): to 500,
several rounds, a search bot's game takes minutes of one core."""
Z95 = 1.959964


@dataclass(frozen=True, slots=True)
class TimedSearcher(Searcher):
    """The search bot, adding up the seconds it thinks and the moves it thinks about."""

    spent: list[float] | None = None

    def choose(
        self, rules: AnyRules, state: Any, seats: int, seat: int, moves: Any, chance: Chance
    ) -> Any:
        started = time.perf_counter()
        move = super(TimedSearcher, self).choose(rules, state, seats, seat, moves, chance)
        if self.spent is not None and len(moves) > 1:
            self.spent.append(time.perf_counter() - started)
        return move


@dataclass(frozen=True, slots=True)
class Match:
    kind: str
    seats: int
    against: str
    iterations: int


def play(match: Match, seed: int) -> tuple[bool, float, int]:
    """One seeded game: did the measured bot finish first, its thinking seconds and moves."""
    rules, seat = GAMES[match.kind], seed % match.seats
    spent: list[float] = []
    measured: Player = strategy(match.kind, "heuristic")
    other: Player = random_move
    if match.against == "heuristic":
        measured, other = TimedSearcher(Budget(match.iterations), spent=spent), measured
    players = [measured if s == seat else other for s in range(match.seats)]
    options = (HEAD_TO_HEAD_OPTIONS if match.against == "heuristic" else OPTIONS).get(match.kind)
    standings = play_match(rules, players, seed, options)
    return standings[seat].place == 1, sum(spent), len(spent)


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    rate, spread = wins / games, Z95 * Z95 / games
    centre = (rate + spread / 2) / (1 + spread)
    half = Z95 * math.sqrt(rate * (1 - rate) / games + spread / (4 * games)) / (1 + spread)
    return centre - half, centre + half


def measure(match: Match, seeds: range, processes: int, progress: int) -> None:
    """Print the kind's row, and a row so far every `progress` games (a long run can be
    read before it ends)."""
    started, results = time.perf_counter(), []
    with ProcessPoolExecutor(processes) as pool:
        for result in pool.map(play, [match] * len(seeds), seeds, chunksize=2):
            results.append(result)
            if len(results) % progress == 0 or len(results) == len(seeds):
                print(_row(match, results, time.perf_counter() - started), flush=True)


def _row(match: Match, results: list[tuple[bool, float, int]], seconds: float) -> str:
    games, wins = len(results), sum(won for won, _, _ in results)
    thought = sum(spent for _, spent, _ in results)
    moves = sum(count for _, _, count in results)
    low, high = wilson(wins, games)
    think = f"{1000 * thought / moves:.0f} ms" if moves else "-"
    return (
        f"{match.kind:<10}{match.seats:>6}{games:>7}{wins / games:>9.1%}"
        f"{f'{low:.1%}-{high:.1%}':>15}{1 / match.seats:>7.1%}{think:>10}{seconds:>9.0f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per kind")
    parser.add_argument("--kind", choices=sorted(GAMES), action="append", help="only these")
    parser.add_argument("--against", choices=["random", "heuristic"], default="random")
    parser.add_argument("--seats", choices=["two", "usual"], default="usual")
    parser.add_argument("--iterations", type=int, default=100, help="the search's budget")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument(
        "--first-seed", type=int, default=0, help="play seeds from here (to split a run)"
    )
    parser.add_argument("--progress", type=int, default=50, help="a row so far every N games")
    arguments = parser.parse_args()
    measured = "search" if arguments.against == "heuristic" else "heuristic"
    if measured == "search":
        print(f"search at {arguments.iterations} iterations a move against the heuristic")
    print(
        f"{'kind':<10}{'seats':>6}{'games':>7}{'wins':>9}{'95% interval':>15}{'fair':>7}"
        f"{'think':>10}{'seconds':>9}",
        flush=True,
    )
    for kind in arguments.kind or list(GAMES):
        seats = 2 if arguments.seats == "two" else SEATS[kind]
        match = Match(kind, seats, arguments.against, arguments.iterations)
        seeds = range(arguments.first_seed, arguments.first_seed + arguments.games)
        measure(match, seeds, arguments.processes, arguments.progress)


if __name__ == "__main__":
    main()

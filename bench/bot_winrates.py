"""How often the heuristic bot of each game wins against random opponents.

Plays N seeded games per kind purely in the domain (no service): the heuristic takes one seat,
which rotates with the seed, and every other seat plays uniformly random legal moves. A win
is first place (a shared first place counts). Prints each kind's win rate next to the fair
share, 1 / seats.

    python bench/bot_winrates.py --games 1000
"""

import argparse
import time
from typing import Any

from commands.registry import GAMES
from commands.strategies import strategy
from domain.bots import random_move
from domain.matches import play_match

SEATS = {"gnono": 4, "mad": 4, "onexeno": 4, "ecliptic": 2, "cno": 4}
OPTIONS: dict[str, dict[str, Any]] = {}


def win_rate(kind: str, games: int) -> float:
    """The share of `games` seeded games the heuristic seat finished first."""
    rules, seats = GAMES[kind], SEATS[kind]
    heuristic = strategy(kind, "heuristic")
    wins = 0
    for seed in range(games):
        seat = seed % seats
        players = [heuristic if s == seat else random_move for s in range(seats)]
        standings = play_match(rules, players, seed, OPTIONS.get(kind))
        wins += standings[seat].place == 1
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per kind")
    parser.add_argument("--kind", choices=sorted(GAMES), action="append", help="only these")
    arguments = parser.parse_args()
    print(f"{'kind':<10}{'seats':>6}{'heuristic wins':>16}{'fair share':>12}{'seconds':>9}")
    for kind in arguments.kind or list(GAMES):
        started = time.perf_counter()
        rate = win_rate(kind, arguments.games)
        seconds = time.perf_counter() - started
        seats = SEATS[kind]
        print(f"{kind:<10}{seats:>6}{rate:>16.1%}{1 / seats:>12.1%}{seconds:>9.1f}")


if __name__ == "__main__":
    main()

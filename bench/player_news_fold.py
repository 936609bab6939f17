"""The player news read model's fold beside the table summaries', over the same games in the
same run: what following every player's games adds to the read side, as a ratio.

    PYTHONPATH=. python bench/player_news_fold.py --games 8
"""

import argparse
import time
from typing import Any

from projections.model import Projection, fold
from projections.player_news import PlayerNews
from projections.summaries import TableSummaries
from tests.projections.given import stored_game

KINDS = ("gnono", "mad", "ecliptic", "onexeno")
ROUNDS = 5


def best_time(projection: Projection[Any], rows: list[Any]) -> float:
    """The fastest of `ROUNDS` folds of every row from nothing, in seconds."""
    best = float("inf")
    for _ in range(ROUNDS):
        started = time.perf_counter()
        fold(projection, {}, rows)
        best = min(best, time.perf_counter() - started)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=8, help="games of each kind")
    games = parser.parse_args().games
    rows = [
        row
        for kind in KINDS
        for seed in range(games)
        for row in stored_game(kind, seed, handles=("ada", "bo"))[1]
    ]
    news, summaries = best_time(PlayerNews(), rows), best_time(TableSummaries(), rows)
    print(f"{len(rows)} events of two registered players' games")
    print(f"player_news fold / table_summaries fold = {news / summaries:.2f}")


if __name__ == "__main__":
    main()

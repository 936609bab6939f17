"""What a dataset says of the games: the first seat's advantage and how long games last.

    curl -sO localhost:8000/datasets/mad/2026-10.ndjson.gz
    python examples/dataset_stats.py 2026-10.ndjson.gz [more files...]

Reads dataset files (gzip-compressed as downloaded, or not; the line format is in
docs/datasets.md) with the standard library alone, a line at a time. For each kind it
prints:

- the first seat's advantage: how often seat 0 wins (a shared first place counts) beside
  how often each seat would win if seats did not matter (the mean of 1/seats), and every
  seat's rate of wins;
- the distribution of game lengths, in moves (the commands seats sent once the game had
  started; table commands like `take_seat` are not moves): quartiles and a histogram.
"""

import gzip
import json
import statistics
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field

TABLE_COMMANDS = {"create_table", "take_seat", "start_game", "cancel_table", "open_rematch"}


@dataclass
class KindFigures:
    games: int = 0
    fair_share: float = 0.0
    """The sum over games of 1/seats: the expected wins of any one seat if seats did not matter."""
    wins_by_seat: Counter[int] = field(default_factory=Counter)
    games_by_seat: Counter[int] = field(default_factory=Counter)
    lengths: list[int] = field(default_factory=list)


def games(path: str) -> Iterator[dict]:
    """Each game (one JSON line) of a dataset file."""
    with open(path, "rb") as raw:
        packed = raw.read(2) == b"\x1f\x8b"
    with gzip.open(path, "rb") if packed else open(path, "rb") as lines:
        for line in lines:
            if line.strip():
                yield json.loads(line)


def moves(game: dict) -> int:
    """The commands seats sent during play."""
    sent = (event["metadata"].get("command") for event in game["events"])
    return sum(1 for command in sent if command and command["type"] not in TABLE_COMMANDS)


def count(figures: dict[str, KindFigures], game: dict) -> None:
    kind = figures[game["kind"]]
    seats = len(game["seats"])
    kind.games += 1
    kind.fair_share += 1 / seats
    for standing in game["standings"]:
        kind.games_by_seat[standing["seat"]] += 1
        kind.wins_by_seat[standing["seat"]] += standing["place"] == 1
    kind.lengths.append(moves(game))


def report(kind: str, figures: KindFigures) -> str:
    first = figures.wins_by_seat[0] / figures.games
    fair = figures.fair_share / figures.games
    rates = ", ".join(
        f"seat {seat} {figures.wins_by_seat[seat] / played:.1%}"
        for seat, played in sorted(figures.games_by_seat.items())
    )
    lengths = sorted(figures.lengths)
    quartiles = lengths * 3
    if len(lengths) > 1:
        quartiles = statistics.quantiles(lengths, n=4, method="inclusive")
    return "\n".join(
        [
            f"{kind}: {figures.games} games",
            f"  first seat wins {first:.1%} (fair share {fair:.1%}, advantage "
            f"{first - fair:+.1%}); by seat: {rates}",
            f"  moves: min {lengths[0]}, quartiles {' / '.join(f'{q:g}' for q in quartiles)},"
            f" max {lengths[-1]}, mean {statistics.fmean(lengths):.1f}",
            *histogram(lengths),
        ]
    )


def histogram(lengths: list[int], bins: int = 8, width: int = 40) -> list[str]:
    low, high = lengths[0], lengths[-1]
    step = max(1, -(-(high - low + 1) // bins))
    counts = Counter((length - low) // step for length in lengths)
    most = max(counts.values())
    return [
        f"  {low + b * step:>5}-{low + (b + 1) * step - 1:<5} {'#' * round(width * n / most)} {n}"
        for b, n in sorted(counts.items())
    ]


def main(paths: list[str]) -> None:
    figures: dict[str, KindFigures] = defaultdict(KindFigures)
    for path in paths:
        for game in games(path):
            count(figures, game)
    for kind in sorted(figures):
        print(report(kind, figures[kind]))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])

"""The audit and the fold of one long finished Gnono game in this process, beside the least
any reading of its log does (decoding each event), in the same run: P4's work without the
HTTP and Postgres around it, as ratios that hold on a busy machine.

    PYTHONPATH=. python bench/audit_walk.py

The game is played once (two random players, `bench/cold.py`) and kept in `--game`, so that
two checkouts walk the same game: run it from each, alternating. `--runs 0` plays or loads the
game and walks nothing, the baseline to subtract when counting instructions, as in
`valgrind --tool=callgrind python bench/audit_walk.py --runs 1` less the same with `--runs 0`.
"""

import argparse
import asyncio
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
from cold import long_finished_game

from commands.audit.report import audit
from commands.log import codec, published
from commands.log.registry import game_rules
from commands.log.store import LogRow
from domain import table

ROUNDS = 5


def kept_game(path: Path) -> tuple[str, list[LogRow]]:
    """The game's id and its log as an audit reads it, played first if `path` is absent."""
    if not path.exists():
        _, _, stored = asyncio.run(long_finished_game())
        rows = [LogRow(e.version, e.type, e.schema_version, e.data, e.metadata) for e in stored]
        path.write_bytes(msgspec.msgpack.encode((stored[0].stream_id, rows)))
    return msgspec.msgpack.decode(path.read_bytes(), type=tuple[str, list[LogRow]])


def best_ms(work: Callable[[], Any], rounds: int) -> float:
    """The least CPU time of `rounds` runs of `work`, in milliseconds."""
    best = float("inf")
    for _ in range(rounds):
        started = time.process_time()
        work()
        best = min(best, time.process_time() - started)
    return 1000 * best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game", type=Path, default=Path(tempfile.gettempdir()) / "cardroom-long-game.msgpack"
    )
    parser.add_argument("--runs", type=int, default=ROUNDS, help="runs of each, the least kept")
    args = parser.parse_args()
    game_id, rows = kept_game(args.game)
    if args.runs == 0:
        return
    rules = game_rules("gnono")
    events = codec.decode_events("gnono", rows)
    floor = best_ms(lambda: codec.decode_events("gnono", rows), args.runs)
    folded = best_ms(lambda: table.fold(rules, events), args.runs)
    audited = best_ms(lambda: audit([published.audited(game_id, row) for row in rows]), args.runs)
    print(f"a finished Gnono game of {len(rows):,} events, the least of {args.runs} runs")
    print(f"{'':34} {'CPU ms':>8} {'x floor':>8}")
    for name, ms in (
        ("decoding each event (floor)", floor),
        ("the fold from version 1", folded),
        ("the audit, records built", audited),
    ):
        print(f"{name:34} {ms:8.1f} {ms / floor:8.2f}")


if __name__ == "__main__":
    main()

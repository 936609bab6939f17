"""The research example reads a dataset and tells the first seat's advantage and the games'
lengths per kind."""

import gzip
import subprocess
import sys
from pathlib import Path

from tests.commands.datasets import encoded, golden_lines

ROOT = Path(__file__).parents[1]


def test_the_example_reports_each_kinds_first_seat_and_lengths(tmp_path: Path) -> None:
    lines = golden_lines()
    path = tmp_path / "games.ndjson.gz"
    path.write_bytes(gzip.compress(b"".join(encoded(lines))))
    printed = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "dataset_stats.py"), str(path)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for kind in ("cno", "ecliptic", "gnono", "mad", "onexeno"):
        assert f"{kind}: 2 games" in printed
    mad = [line for line in lines if line.kind == "mad"]
    wins = sum(s.place == 1 for line in mad for s in line.standings if s.seat == 0)
    assert f"first seat wins {wins / 2:.1%}" in printed.split("mad:")[1]
    assert "moves: min 6," in printed.split("mad:")[1]

"""A month's dataset streamed from Postgres: export speed, and memory that stays flat.

    python bench/datasets.py                 # 1,000 then 10,000 MAD games; a few minutes
    python bench/datasets.py --kind onexeno --games 1000 10000

It uses the servers `bench/perf.py` uses (a database of its own). Each month is generated
straight into the store: copies of the golden games of the kind (`tests/golden/`, each under
a new id, its events moved to finish in the month; the chain links no game id, so every
copy verifies) written with COPY, and their rows of the `finished_games` read model as its
projection would write them. Each month is then exported the way `cardroom export --kind
--month --out` and the service build a file (`infra.reading.dataset_files.write`), in a fresh
process of its own, which prints its resident memory once started (imports done, pool open)
and its peak at the end: the ratio of the two, in the same run, is what the streaming costs.
A month ten times larger should cost the same memory, and take ten times as long.
"""

import argparse
import asyncio
import json
import resource
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

import asyncpg  # noqa: E402
import msgspec  # noqa: E402
import psutil  # noqa: E402

from infra.reading import dataset_files, dataset_lines  # noqa: E402

COLUMNS = ("stream_id", "version", "event_id", "type", "schema_version", "data", "metadata")
COLUMNS_TIMED = (*COLUMNS, "recorded_at")


def golden_games(kind: str) -> list[list[dict[str, object]]]:
    from tests.commands.tamper import golden, golden_names  # only the parent generates

    return [
        [msgspec.json.decode(msgspec.json.encode(each)) for each in golden(name)]
        for name in golden_names(kind)
    ]


async def generate(url: str, kind: str, month: datetime, games: int) -> None:
    """`games` finished games of `kind` in the month starting at `month`, a minute apart."""
    templates = golden_games(kind)
    connection = await asyncpg.connect(url)
    try:
        for start in range(0, games, 500):
            events, ids, rows = [], [], []
            for number in range(start, min(start + 500, games)):
                game_id, template = str(uuid.uuid4()), templates[number % len(templates)]
                finish = month + timedelta(minutes=number)
                events += _copied(template, game_id, finish)
                ids.append((game_id, kind, b"\0"))
                rows.append((game_id, kind, month.strftime("%Y-%m"), finish))
            await connection.copy_records_to_table(
                "games", records=ids, columns=("game_id", "kind", "secret")
            )
            await connection.copy_records_to_table("events", records=events, columns=COLUMNS_TIMED)
            await connection.copy_records_to_table(
                "finished_games", records=rows, columns=("game_id", "kind", "month", "finished_at")
            )
        await connection.execute("ANALYZE events; ANALYZE finished_games")  # as autovacuum would
    finally:
        await connection.close()


def _copied(
    template: list[dict[str, object]], game_id: str, finish: datetime
) -> list[tuple[object, ...]]:
    times = [datetime.fromisoformat(str(each["recorded_at"])) for each in template]
    end = next(i for i, each in enumerate(template) if each["type"] == "table.game_finished")
    delta = finish - times[end]
    return [
        (
            game_id,
            each["version"],
            uuid.uuid4(),
            each["type"],
            each["schema_version"],
            json.dumps(each["data"]),
            json.dumps(each["metadata"]),
            at + delta,
        )
        for each, at in zip(template, times, strict=True)
    ]


async def export(url: str, kind: str, month: str, out: Path) -> dict[str, float]:
    """Export one month in this process; its memory at start and at its peak."""
    async with asyncpg.create_pool(url, min_size=1, max_size=2) as pool:
        start_rss = psutil.Process().memory_info().rss
        began = time.perf_counter()
        games, size, _ = await dataset_files.write(dataset_lines.lines(pool, kind, month), out)
        seconds = time.perf_counter() - began
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KiB on Linux
    return {"games": games, "bytes": size, "seconds": seconds, "start": start_rss, "peak": peak}


def exported(url: str, kind: str, month: str) -> dict[str, float]:
    """`export` in a fresh process, so that its peak is the export's own."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / f"{month}.ndjson.gz"
        command = [sys.executable, __file__, "--export", url, kind, month, str(out)]
        printed = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    figures: dict[str, float] = json.loads(printed)
    return figures


async def main(kind: str, counts: list[int]) -> None:
    from services import bench_servers

    from infra.store.migrate import migrate

    async with bench_servers(ROOT) as servers:
        connection = await asyncpg.connect(servers.database_url)
        await migrate(connection)
        await connection.close()
        print(f"{kind}: games, file MiB, seconds, games/s, RSS at start MiB, peak MiB, peak/start")
        for index, games in enumerate(counts):
            month = datetime(2024, 1 + index, 1, tzinfo=UTC)
            await generate(servers.database_url, kind, month, games)
            got = exported(servers.database_url, kind, month.strftime("%Y-%m"))
            assert got["games"] == games, got
            mib = 1024 * 1024
            print(
                f"{games:>7} {got['bytes'] / mib:8.1f} {got['seconds']:8.1f}"
                f" {games / got['seconds']:8.0f} {got['start'] / mib:8.1f}"
                f" {got['peak'] / mib:8.1f} {got['peak'] / got['start']:6.2f}"
            )


if __name__ == "__main__":
    if sys.argv[1:2] == ["--export"]:
        url, kind, month, out = sys.argv[2:6]
        print(json.dumps(asyncio.run(export(url, kind, month, Path(out)))))
        sys.exit(0)
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kind", default="mad")
    parser.add_argument("--games", type=int, nargs="+", default=[1_000, 10_000])
    arguments = parser.parse_args()
    asyncio.run(main(arguments.kind, arguments.games))

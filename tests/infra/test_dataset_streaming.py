"""A month's dataset streams from the database a batch of games at a time, compressed a
chunk at a time: the memory it takes does not grow with the month."""

import gzip
import hashlib
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import asyncpg
import pytest
from httpx import AsyncClient

from commands.log import dataset
from infra.reading import dataset_files, dataset_lines
from infra.reading.dataset_files import Datasets
from tests.commands.tamper import golden, golden_names
from tests.infra.golden_finished import store_finished
from tests.projections.settle import settled

# `client`: the service runs, its projections keeping `finished_games`.


async def gnono_month(pool: asyncpg.Pool, month: datetime, games: int) -> list[str]:
    records = golden(golden_names("gnono")[0])
    ids = [await store_finished(pool, records, month + timedelta(hours=h)) for h in range(games)]
    await settled(pool, ("finished_games",), timeout=120)  # 568 events a game, all models
    return ids


def peak_streaming(database_url: str, month: str) -> tuple[int, int]:
    """(games, peak bytes allocated) of streaming a month in batches of three, in a process
    of its own: the service of this run builds datasets of its own meanwhile."""
    command = (sys.executable, "-m", "tests.infra.stream_peak", database_url, "gnono", month, "3")
    games, peak = subprocess.run(command, check=True, capture_output=True, text=True).stdout.split()
    return int(games), int(peak)


async def test_streaming_a_month_takes_the_memory_of_a_batch_whatever_its_size(
    client: AsyncClient, pool: asyncpg.Pool, database_url: str
) -> None:
    await gnono_month(pool, datetime(2023, 5, 1, tzinfo=UTC), 3)
    await gnono_month(pool, datetime(2023, 6, 1, tzinfo=UTC), 48)
    small, small_peak = peak_streaming(database_url, "2023-05")
    large, large_peak = peak_streaming(database_url, "2023-06")
    assert (small, large) == (3, 48)
    # sixteen times the games in the same memory, give or take the allocator's rounding
    assert large_peak < small_peak * 1.5, (small_peak, large_peak)


async def test_the_stream_is_the_months_lines_in_finish_order_in_several_chunks(
    client: AsyncClient, pool: asyncpg.Pool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dataset_lines, "BATCH", 4)
    ids = await gnono_month(pool, datetime(2023, 7, 1, tzinfo=UTC), 10)
    chunks = [
        chunk
        async for chunk in dataset_files.gzipped(dataset_lines.lines(pool, "gnono", "2023-07"))
    ]
    assert len(chunks) > 2
    lines = list(dataset.lines([gzip.decompress(b"".join(chunks))]))
    assert [dataset.decode(line).game_id for line in lines] == ids


async def test_the_datasets_job_builds_the_ended_months_and_the_current_ones_games_so_far(
    client: AsyncClient, pool: asyncpg.Pool, tmp_path: Path
) -> None:
    await gnono_month(pool, datetime(2023, 9, 1, tzinfo=UTC), 2)
    await gnono_month(pool, datetime.now(UTC).replace(day=1, hour=0), 1)
    files = Datasets(pool, tmp_path)
    await files.build_round()
    built = dataset_files.built(tmp_path, "gnono", "2023-09")
    assert built is not None and built.games == 2
    this_month = dataset.month_of(datetime.now(UTC))
    assert dataset_files.built(tmp_path, "gnono", this_month) is None
    so_far = dataset_files.built(tmp_path, "gnono", this_month, so_far=True)
    assert so_far is not None and so_far.games >= 1
    path = dataset_files.path_of(tmp_path, "gnono", "2023-09")
    assert hashlib.sha256(path.read_bytes()).hexdigest() == built.sha256

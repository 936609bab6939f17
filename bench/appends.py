"""What one Postgres takes: appends/s of the event store's append (one event and its
command id, as a move writes) on this machine, by the number of writers appending at once.

    python bench/appends.py      # about a minute; --seconds sets each window

It uses the servers `bench/perf.py` uses (a database of its own) and `PostgresEventStore`
straight, with no HTTP and no deciding, so the figure is the store's ceiling rather than the
service's: each writer appends to a game of its own (no conflicts), through one pool of as
many connections as writers, from `--processes` processes so that the client's CPU is not
the limit. Ratios are to one writer in the same run.
"""

import argparse
import asyncio
import multiprocessing
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

import asyncpg  # noqa: E402
from services import bench_servers  # noqa: E402

from commands.log.store import CommandKey, NewEvent, NewGame, SideRecords  # noqa: E402
from infra.store.postgres_store import PostgresEventStore  # noqa: E402

WRITERS = (1, 4, 16, 32)
DATA = '{"type": "card_played", "card": 17}'
METADATA = '{"hash": "%s", "command_id": "%s"}'


def event() -> NewEvent:
    return NewEvent(str(uuid.uuid4()), "card_played", DATA, METADATA % ("0" * 64, "c"))


async def writer(store: PostgresEventStore, deadline: float) -> int:
    game_id, version = str(uuid.uuid4()), 0
    new = SideRecords(new_game=NewGame("mad", b"secret"))
    version = await store.append(game_id, version, [event()], new)
    appended = 0
    while time.perf_counter() < deadline:
        side = SideRecords(command=CommandKey(str(uuid.uuid4()), "command by seat 0"))
        version = await store.append(game_id, version, [event()], side)
        appended += 1
    return appended


async def one_process(url: str, writers: int, seconds: float) -> int:
    async with asyncpg.create_pool(url, min_size=writers, max_size=writers) as pool:
        store = PostgresEventStore(pool)
        deadline = time.perf_counter() + seconds
        return sum(await asyncio.gather(*(writer(store, deadline) for _ in range(writers))))


def run_process(url: str, writers: int, seconds: float) -> int:
    return asyncio.run(one_process(url, writers, seconds))


def window(url: str, writers: int, processes: int, seconds: float) -> float:
    shares = [max(writers // processes, 1)] * min(processes, writers)
    with multiprocessing.Pool(len(shares)) as workers:
        counts = workers.starmap(run_process, [(url, share, seconds) for share in shares])
    return sum(counts) / seconds


async def server_settings(url: str) -> dict[str, str]:
    connection = await asyncpg.connect(url)
    try:
        names = ("server_version", "synchronous_commit", "fsync", "max_connections")
        return {name: await connection.fetchval(f"SHOW {name}") for name in names}
    finally:
        await connection.close()


async def main(seconds: float, processes: int) -> None:
    async with bench_servers(ROOT) as servers:
        servers.command("migrate")
        settings = await server_settings(servers.database_url)
        print("server:", ", ".join(f"{name}={value}" for name, value in settings.items()))
        rates = {}
        for writers in WRITERS:
            rates[writers] = window(servers.database_url, writers, processes, seconds)
            print(f"{writers:3} writers: {rates[writers]:7.0f} appends/s", flush=True)
    print(f"\n{'writers':>8}{'appends/s':>11}{'x 1 writer':>12}")
    for writers, rate in rates.items():
        print(f"{writers:8}{rate:11.0f}{rate / rates[1]:12.2f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="each window")
    parser.add_argument("--processes", type=int, default=2, help="client processes")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.seconds, arguments.processes))

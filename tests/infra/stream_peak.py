"""The peak memory of streaming one month's dataset compressed to nowhere, measured in a
process of its own so that no other work of a service is counted with it.

    python -m tests.infra.stream_peak DATABASE_URL KIND MONTH BATCH

prints `games peak_bytes`.
"""

import asyncio
import sys
import tracemalloc
from collections.abc import AsyncIterator

import asyncpg

from infra.reading import dataset_files, dataset_lines


async def peak_streaming(database_url: str, kind: str, month: str) -> tuple[int, int]:
    games = 0
    async with asyncpg.create_pool(database_url, min_size=1, max_size=1) as pool:

        async def counted() -> AsyncIterator[bytes]:
            nonlocal games
            async for line in dataset_lines.lines(pool, kind, month):
                games += 1
                yield line

        tracemalloc.start()
        async for _ in dataset_files.gzipped(counted()):
            pass
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return games, peak


def main() -> None:
    database_url, kind, month, batch = sys.argv[1:]
    dataset_lines.BATCH = int(batch)
    games, peak = asyncio.run(peak_streaming(database_url, kind, month))
    print(games, peak)


if __name__ == "__main__":
    main()

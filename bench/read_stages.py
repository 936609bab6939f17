"""Where the read models' delay goes under load: for each event the read models apply, the
time from its commit to the relay's publication of it, the publication itself, the wait until
the runner reads it, and the runner's batch up to its commit, as percentiles of one run.

    python bench/read_stages.py [--seconds 15] [--rate 500] [--service-root CHECKOUT]

It starts `cardroom serve` itself, on a fresh database of the servers of
`CARDROOM_DATABASE_URL` / `CARDROOM_REDIS_URL` (else the embedded ones), as P2 does, and plays
16 Gnono games at `--rate` moves/s in all (`bench/driver.py`). The service is this script
run with `--stamps FILE`: it wraps the relay's publication and the runner's reads and batches
to note when each event passed them, then runs `cardroom` as usual; the games start once the
read models read the stream. A commit's moment is its `recorded_at` (the start of its
transaction, so the first stage holds the commit itself).
"""

import argparse
import asyncio
import atexit
import contextlib
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
STAGES = (
    "commit -> relay publishes",
    "relay's publication",
    "published -> runner reads",
    "runner's batch to its commit",
    "commit -> read models (all)",
)
SAVE_EVERY = 1_000
"""Events noted between two writes of the stamps file (the service is stopped, not asked
to exit, so the file is written as it goes)."""


def stamped_service(stamps: Path, arguments: list[str]) -> None:
    """Run `cardroom` with `arguments`, noting in `stamps` when each event passed each stage
    (one line an event: its commit, publication start and end, the runner's read start and
    end, the batch's commit; seconds since the epoch)."""
    from infra.reading import projection_runner, redis_streams, relay

    published: dict[str, tuple[float, float]] = {}
    lines: list[str] = []
    publish = relay.publish
    read = projection_runner.ProjectionRunner.read
    apply = projection_runner.ProjectionRunner.apply
    read_at: dict[int, tuple[float, float]] = {}
    service = os.getpid()

    async def timed_publish(client: Any, stream: str, events: list[Any]) -> int:
        started = time.time()
        count = await publish(client, stream, events)
        ended = time.time()
        for event in events:
            published[event.event_id] = (started, ended)
        return count

    async def timed_read(self: Any, block_ms: int | None = None) -> Any:
        started = time.time()
        entries = await read(self, block_ms)
        read_at[id(self)] = (started, time.time())
        return entries

    async def timed_apply(self: Any, entries: Any) -> None:
        events = [redis_streams.decode_entry(fields) for _, fields in entries]
        await apply(self, entries)
        committed = time.time()
        read_started, read_ended = read_at.get(id(self), (committed, committed))
        for event in events:
            sent = published.pop(event.event_id, None)
            if sent is not None:
                stamps_of = (event.recorded_at.timestamp(), *sent, read_started, read_ended)
                lines.append(" ".join(f"{each:.6f}" for each in (*stamps_of, committed)))
        if len(lines) // SAVE_EVERY != (len(lines) - len(events)) // SAVE_EVERY:
            save()

    def save() -> None:
        if os.getpid() == service:  # not a process the service forked, with its own copy
            stamps.write_text("\n".join(lines))

    relay.publish = timed_publish
    projection_runner.ProjectionRunner.read = timed_read  # type: ignore[method-assign]
    projection_runner.ProjectionRunner.apply = timed_apply  # type: ignore[method-assign]
    atexit.register(save)
    from api.main.cli import main

    sys.argv = ["cardroom", *arguments]
    main()


def report(stamps: Path, since: float) -> None:
    from perf import percentiles

    rows = [[float(x) for x in line.split()] for line in stamps.read_text().splitlines()]
    rows = [row for row in rows if row[0] >= since]
    if not rows:
        raise SystemExit(f"no event applied after {since:.3f} was noted in {stamps}")
    stages = [
        [published - committed for committed, published, *_ in rows],
        [ended - started for _, started, ended, *_ in rows],
        [read - published for _, _, published, _, read, _ in rows],
        [applied - read for *_, read, applied in rows],
        [applied - committed for committed, *_, applied in rows],
    ]
    print(f"\nthe read models' delay by stage, {len(rows):,} events")
    for name, values in zip(STAGES, stages, strict=True):
        print(f"{name:32} {percentiles(values)}")


async def attached(redis_url: str, seconds: float = 60) -> None:
    """Return once the service's read models read the stream. Until then their runner
    catches up from Postgres, and under load it does so until the load stops (there is
    always a newer event to read), past every stage this script notes."""
    import redis.asyncio as redis

    from infra.process.settings import REDIS_STREAM
    from infra.roles.catalog import GROUP

    client = redis.from_url(redis_url)
    try:
        for _ in range(int(seconds * 10)):
            with contextlib.suppress(redis.ResponseError):  # no stream yet
                groups = await client.xinfo_groups(REDIS_STREAM.default)
                if any(group["name"] in (GROUP, GROUP.encode()) for group in groups):
                    return
            await asyncio.sleep(0.1)
    finally:
        await client.aclose()
    raise SystemExit("the read models did not start reading the stream")


async def run(seconds: float, rate: float, service_root: Path) -> None:
    sys.path[:0] = [str(ROOT), str(ROOT / "bench")]
    from driver import drive
    from services import bench_servers, ready, started

    from infra.process.embedded import free_port

    stamps = Path(tempfile.mkdtemp()) / "stamps"
    async with bench_servers(service_root) as servers:
        port = free_port()
        command = [sys.executable, __file__, "--stamps", str(stamps), "serve", "--port", str(port)]
        urls = {
            "CARDROOM_DATABASE_URL": servers.database_url,
            "CARDROOM_REDIS_URL": servers.redis_url,
        }
        with started(command, urls, port, service_root) as service:
            await ready(service)
            await attached(servers.redis_url)
            await drive(service.port, "gnono", 2)
            since = time.time() + 1
            tally = await drive(service.port, "gnono", seconds + 1, rate=rate)
            await asyncio.sleep(1)
    print(f"{tally.moves / (seconds + 1):.0f} moves/s of Gnono, 16 games, `cardroom serve`")
    report(stamps, since)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=15.0, help="the measured window")
    parser.add_argument("--rate", type=float, default=500.0, help="moves/s in all")
    parser.add_argument(
        "--service-root", type=Path, default=ROOT, help="the checkout `cardroom serve` runs from"
    )
    parser.add_argument("--stamps", type=Path, help=argparse.SUPPRESS)
    args, rest = parser.parse_known_args()
    if args.stamps is not None:
        stamped_service(args.stamps, rest)
    else:
        asyncio.run(run(args.seconds, args.rate, args.service_root.resolve()))


if __name__ == "__main__":
    main()

"""The CPU a move costs each process of the layout `compose.yaml` describes, beside the API's.

`cardroom serve --no-workers` serves the closed-loop driver of `bench/perf.py` (16 Gnono
games), while `cardroom work relay` and `cardroom work projections` run as processes of
their own; each process's CPU (user and system) is read before and after the measured
window and divided by the moves made in it. `--service-root` runs another checkout, to
compare two in one sitting.

    python bench/roles.py                         # about half a minute a round
    python bench/roles.py --service-root ../old --rounds 2
"""

import argparse
import asyncio
import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from driver import drive  # noqa: E402
from services import Servers, bench_servers, ready  # noqa: E402

ROLES = ("relay", "projections")
SETTLE_SECONDS = 4.0
"""How long the workers are given to start and catch up before the warm-up."""


@contextlib.contextmanager
def workers(servers: Servers, root: Path) -> Iterator[dict[str, psutil.Process]]:
    """A `cardroom work ROLE` process for each of `ROLES`, stopped at the end."""
    env = {
        **os.environ,
        "CARDROOM_DATABASE_URL": servers.database_url,
        "CARDROOM_REDIS_URL": servers.redis_url,
        "PYTHONPATH": str(root),
    }
    started = {
        role: subprocess.Popen(
            [sys.executable, "-m", "api.main.cli", "work", role],
            cwd=root,
            env=env,
            stderr=subprocess.DEVNULL,
        )
        for role in ROLES
    }
    try:
        yield {role: psutil.Process(process.pid) for role, process in started.items()}
    finally:
        for process in started.values():
            process.terminate()
        for process in started.values():
            process.wait(30)


def cpu(process: psutil.Process) -> float:
    times = process.cpu_times()
    return times.user + times.system


async def one_round(root: Path, seconds: float) -> None:
    async with bench_servers(root) as servers:
        with servers.serve("--no-workers") as service, workers(servers, root) as processes:
            await ready(service)
            await asyncio.sleep(SETTLE_SECONDS)
            await drive(service.port, "gnono", 3)
            processes["api"] = psutil.Process(service.process.pid)
            before = {name: cpu(process) for name, process in processes.items()}
            tally = await drive(service.port, "gnono", seconds)
            used = {name: cpu(process) - before[name] for name, process in processes.items()}
    moves = max(tally.moves, 1)
    shown = "   ".join(f"{name} {1000 * spent / moves:.3f}" for name, spent in used.items())
    print(f"{moves / seconds:6.0f} moves/s   CPU ms a move: {shown}", flush=True)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=12.0, help="the measured window")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--service-root", type=Path, default=ROOT)
    args = parser.parse_args()
    for _ in range(args.rounds):
        await one_round(args.service_root.resolve(), args.seconds)


if __name__ == "__main__":
    asyncio.run(main())

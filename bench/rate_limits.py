"""What a rate-limited request costs the limiter as the clients in its window grow: the CPU of
`RateLimiter.standing` per request with 10, 1,000 and 10,000 seat tokens counted, beside the
least a counter can do (one dict entry per client, incremented), in one run, as ratios.

The requests come as a service takes them: a few on each turn of the event loop, turns
apart, each from one of the clients in turn, so work the limiter leaves for later turns
(expiry) counts too.

    PYTHONPATH=. python bench/rate_limits.py
"""

import argparse
import asyncio
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from api.http.rate_limits import RateLimiter
from infra.process.rate_limit_settings import RateLimits

CLIENTS = (10, 1_000, 10_000)
REQUESTS_A_TURN = 8


def scopes(clients: int) -> list[dict[str, Any]]:
    """A command's scope from each of `clients` seat tokens."""
    return [
        {"headers": [(b"authorization", f"Bearer token-{n:05}".encode())], "state": {}}
        for n in range(clients)
    ]


async def cpu_us(
    count: Callable[[dict[str, Any]], Awaitable[Any]], clients: int, turns: int
) -> float:
    """CPU microseconds a request, every client counted once before the clock starts."""
    requests = scopes(clients)
    for scope in requests:
        await count(scope)
    started, served = time.process_time(), 0
    for _ in range(turns):
        for _ in range(REQUESTS_A_TURN):
            scope = requests[served % clients]
            scope["state"] = {}
            await count(scope)
            served += 1
        await asyncio.sleep(0)
    return 1e6 * (time.process_time() - started) / served


def counting_floor() -> Callable[[dict[str, Any]], Awaitable[None]]:
    """The least a counter can do: one dict entry a client, incremented."""
    counts = Counter[str]()

    async def count(scope: dict[str, Any]) -> None:
        counts[scope["headers"][0][1].decode()] += 1

    return count


def counting_limiter() -> Callable[[dict[str, Any]], Awaitable[Any]]:
    """The service's limiter counting commands, under a limit no client reaches."""
    limiter = RateLimiter(RateLimits(commands="1000000/minute"))
    return lambda scope: limiter.standing(scope, "commands")


async def main(turns: int) -> None:
    print(f"{'clients in the window':>22} {'limiter us':>11} {'floor us':>9} {'x floor':>8}")
    for clients in CLIENTS:
        least = await cpu_us(counting_floor(), clients, turns)
        used = await cpu_us(counting_limiter(), clients, turns)
        print(f"{clients:>22,} {used:11.1f} {least:9.2f} {used / least:8.1f}")
    print("target: the limiter's cost a request the same at 10,000 clients as at 10 (within 1.5 x)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=5_000, help="event loop turns measured")
    asyncio.run(main(parser.parse_args().turns))

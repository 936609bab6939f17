"""Does a thinking bot delay anyone? API latency with and without ten search bots thinking.

Runs one `cardroom serve` (bots in the process, thinking in its pool of
`CARDROOM_BOT_THINKERS` processes) on a fresh database, and probes it as people playing
Gnono do: GET the seat's view, POST one of its legal moves, a few games at once at a steady
pace. Three windows of `--seconds` each: quiet, then with ten search bots thinking (five
tables of two search bots, at the default budget), then quiet again. Prints each window's
p50 and p99 request latency, their ratio to the quiet windows', and the bots' thinking time
per move (p50, p99, from `cardroom_bot_think_seconds`) beside their budget.

    python bench/thinking.py --seconds 30
"""

import argparse
import asyncio
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from driver import Http, histogram, open_game
from services import ROOT, bench_servers, ready

from domain.search import DEFAULT_BUDGET

PROBES = 4
PAUSE = 0.05
"""Seconds a probing player waits between requests (about 80 requests a second in all)."""
SEARCH_TABLES = 5


async def probe(port: int, seconds: float, seed: int, latencies: list[float]) -> None:
    """One person's requests, each timed, for `seconds`; a finished game is followed by a new."""
    http, rng = Http(port), random.Random(seed)
    game = await open_game(http, "gnono", 2, {})
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        token = game.tokens[game.seat]
        started = time.perf_counter()
        _, seen = await http.request("GET", f"/games/{game.game_id}", token=token)
        latencies.append(time.perf_counter() - started)
        await asyncio.sleep(PAUSE)
        if seen["status"] == "finished":
            game = await open_game(http, "gnono", 2, {})
        elif seen["legal_moves"]:
            started = time.perf_counter()
            path = f"/games/{game.game_id}/commands"
            await http.request("POST", path, rng.choice(seen["legal_moves"]), token=token)
            latencies.append(time.perf_counter() - started)
            await asyncio.sleep(PAUSE)
        elif seen["status"] == "open":
            await http.request(
                "POST", f"/games/{game.game_id}/commands", {"type": "start_game"}, token=token
            )
        else:
            game.seat = seen["game"]["current"] if seen.get("game") else 1 - game.seat
    http.close()


async def window(port: int, seconds: float) -> list[float]:
    latencies: list[float] = []
    await asyncio.gather(*(probe(port, seconds, n, latencies) for n in range(PROBES)))
    return latencies


async def search_tables(port: int) -> None:
    """Tables of search bots only, started: their bots think until the games end."""
    http = Http(port)
    for _ in range(SEARCH_TABLES):
        status, created = await http.request("POST", "/games", {"kind": "gnono", "options": {}})
        assert status == 201, created
        path = f"/games/{created['id']}/seats"
        _, first = await http.request("POST", path, {"bot": "search"})
        status, second = await http.request("POST", path, {"bot": "search"}, token=first["token"])
        assert status == 201, second  # a seat seats the next bot
        start = {"type": "start_game"}
        await http.request("POST", f"/games/{created['id']}/commands", start, token=first["token"])
    http.close()


def quantile(values: list[float], q: float) -> float:
    ranked = sorted(values)
    return ranked[min(len(ranked) - 1, int(len(ranked) * q))]


def bucket_quantile(buckets: dict[float, float], q: float) -> float:
    ranked = sorted(buckets.items())
    total = ranked[-1][1]
    return next(bound for bound, count in ranked if count >= q * total)


async def run(seconds: float) -> None:
    async with bench_servers(ROOT) as servers:
        with servers.serve() as service:
            await ready(service)
            quiet = await window(service.port, seconds)
            await search_tables(service.port)
            thinking = await window(service.port, seconds)
            buckets = await histogram(service.port, "cardroom_bot_think_seconds")
            after = await window(service.port, seconds)
    print(f"API latency, {PROBES} people playing Gnono, {seconds:.0f} s windows")
    base = quiet + after
    print(f"{'window':<34}{'requests':>9}{'p50 ms':>9}{'p99 ms':>9}{'p99 x quiet':>13}")
    for name, values in (
        ("quiet, before", quiet),
        ("ten search bots thinking", thinking),
        ("quiet, after", after),
    ):
        p50, p99 = quantile(values, 0.5), quantile(values, 0.99)
        ratio = p99 / quantile(base, 0.99)
        print(f"{name:<34}{len(values):>9}{1000 * p50:>9.1f}{1000 * p99:>9.1f}{ratio:>13.2f}")
    budget = DEFAULT_BUDGET.milliseconds
    if not buckets or not max(buckets.values()):
        print("search bots: no move thought in the window (try longer windows)")
        return
    p50, p99 = (1000 * bucket_quantile(buckets, q) for q in (0.5, 0.99))
    moves = max(buckets.values())
    print(
        f"search bots: {moves:.0f} moves, think p50 <= {p50:.0f} ms, p99 <= {p99:.0f} ms"
        f" (budget {budget} ms; target p99 <= {1.2 * budget:.0f} ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="each measured window")
    arguments = parser.parse_args()
    asyncio.run(run(arguments.seconds))


if __name__ == "__main__":
    main()

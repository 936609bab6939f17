"""Sustained command rate through HTTP, and projection lag (commit to read model updated).

Drives MAD tables at a steady target rate of commands against a running service: each
command is one seat's random legal move (its view fetched, the move posted back). A watcher
polls the table summaries read model (`GET /tables`) every POLL seconds; a command's lag is
the time from the answer to its POST (the commit) to the first poll showing its version, so
the figures carry up to POLL seconds of polling delay.

    cardroom serve &                      # or any running service
    python bench/read_side.py --url http://127.0.0.1:8000 --rate 100 --seconds 20
"""

import argparse
import asyncio
import random
import statistics
import time
from dataclasses import dataclass, field

import httpx

POLL = 0.02
KIND = "mad"
SEATS = 4


@dataclass
class Table:
    game_id: str
    tokens: list[str]
    pending: dict[int, float] = field(default_factory=dict)


@dataclass
class Figures:
    commands: int = 0
    errors: int = 0
    lags: list[float] = field(default_factory=list)


async def open_table(http: httpx.AsyncClient) -> Table:
    game_id = (await http.post("/games", json={"kind": KIND})).json()["id"]
    seats = [
        await http.post(f"/games/{game_id}/seats", json={"name": f"bench{n}"}) for n in range(SEATS)
    ]
    return Table(game_id, [seat.json()["token"] for seat in seats])


async def move(http: httpx.AsyncClient, table: Table, rng: random.Random, figures: Figures) -> bool:
    """Post one random legal move; False once the game is over."""
    for token in rng.sample(table.tokens, len(table.tokens)):
        auth = {"Authorization": f"Bearer {token}"}
        view = (await http.get(f"/games/{table.game_id}", headers=auth)).json()
        if view["status"] == "finished":
            return False
        if view["legal_moves"]:
            sent = await http.post(
                f"/games/{table.game_id}/commands",
                json=rng.choice(view["legal_moves"]),
                headers=auth,
            )
            if sent.status_code != 200:
                figures.errors += 1
                return True
            table.pending[sent.json()["version"]] = time.perf_counter()
            figures.commands += 1
            return True
    return True


async def drive(
    http: httpx.AsyncClient, tables: list[Table], rate: float, seconds: float, figures: Figures
) -> None:
    rng, started = random.Random(1), time.perf_counter()
    slot = 0
    while (now := time.perf_counter()) - started < seconds:
        due = started + slot / rate
        if due > now:
            await asyncio.sleep(due - now)
        slot += 1
        index = slot % len(tables)
        if not await move(http, tables[index], rng, figures):
            tables[index] = await open_table(http)


async def watch(
    http: httpx.AsyncClient, tables: list[Table], figures: Figures, stop: asyncio.Event
) -> None:
    while not stop.is_set() or any(table.pending for table in tables):
        page = (await http.get("/tables", params={"limit": 200, "kind": KIND})).json()["items"]
        versions = {item["game_id"]: item["version"] for item in page}
        seen = time.perf_counter()
        for table in tables:
            done = [v for v in table.pending if v <= versions.get(table.game_id, 0)]
            figures.lags += [seen - table.pending.pop(v) for v in done]
        await asyncio.sleep(POLL)


async def main(url: str, rate: float, seconds: float, games: int) -> None:
    limits = httpx.Limits(max_connections=64)
    async with httpx.AsyncClient(base_url=url, timeout=30, limits=limits) as http:
        tables = [await open_table(http) for _ in range(games)]
        figures, stop = Figures(), asyncio.Event()
        watcher = asyncio.create_task(watch(http, tables, figures, stop))
        started = time.perf_counter()
        await asyncio.gather(
            *(drive(http, tables[i::8], rate / 8, seconds, figures) for i in range(8))
        )
        elapsed = time.perf_counter() - started
        stop.set()
        await asyncio.wait_for(watcher, 60)
    lags = sorted(figures.lags)
    p50 = statistics.median(lags)
    p99 = lags[min(len(lags) - 1, int(len(lags) * 0.99))]
    print(f"target {rate:.0f} commands/s for {seconds:.0f} s over {games} tables")
    sustained = figures.commands / elapsed
    print(
        f"sustained {sustained:.1f} commands/s: {figures.commands} sent, {figures.errors} refused"
    )
    lag = f"p50 {p50 * 1e3:.0f} ms, p99 {p99 * 1e3:.0f} ms"
    print(f"projection lag {lag} (read model polled every {POLL * 1e3:.0f} ms)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--rate", type=float, default=100.0, help="target commands per second")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--games", type=int, default=64, help="tables played at once (max 200)")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.url, arguments.rate, arguments.seconds, min(arguments.games, 200)))

"""Nodes that help each other: moves/s and API CPU per move with 1 API node, then 3, each
game's requests sent to one node as deploy/nginx.conf sends them (and, for comparison, 3
nodes with every request sent to a node at random).

    python bench/fleet.py      # about four minutes; --seconds sets each window, --rounds them

A last window sends every request to one of 3 nodes and prints the CPU each of the two
others spends per move only hearing the fleet's commits on the Redis stream.

It uses the servers `bench/perf.py` uses (a database of its own, Redis database 12), one relay
(`cardroom relay`, which brings each node the others' commits) and `cardroom serve
--no-workers` API nodes on 127.0.0.1. nginx is not installed here, so the driver routes
itself by the same consistent hash (bench/routing.py): creating a game goes to any node,
then every request about it to its node on the ring. 24 players each play Gnono games one
after another ("GET the seat's view, POST one of its legal moves"), closed loop. Each round
plays the three layouts in turn on fresh games, so that the machine's other work weighs on
all alike; CPU is the API processes' user+system time.

Floor: 3-node moves/s >= 1-node; CPU per move with 3 nodes <= 1.1x that with 1.
"""

import argparse
import asyncio
import contextlib
import random
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from driver import Game, Http  # noqa: E402
from routing import Ring  # noqa: E402
from services import Servers, Service, bench_servers, ready, started  # noqa: E402

from infra.process.embedded import free_port  # noqa: E402

PLAYERS = 24
KIND = "gnono"
SEATS = 2
STREAM = {"CARDROOM_REDIS_STREAM": f"cardroom:fleet-bench:{uuid.uuid4().hex[:8]}:events"}
"""A stream of this run's own, should another run share Redis database 12."""


@dataclass
class Window:
    seconds: float = 0.0
    moves: int = 0
    cpu: float = 0.0
    refused: int = 0

    def add(self, other: "Window") -> None:
        self.seconds += other.seconds
        self.moves += other.moves
        self.cpu += other.cpu
        self.refused += other.refused

    def rate(self) -> float:
        return self.moves / self.seconds

    def cpu_ms_per_move(self) -> float:
        return 1000 * self.cpu / max(self.moves, 1)


class Routed:
    """One keep-alive connection per node; a request goes to its node on the ring (or to a
    node at random)."""

    def __init__(self, services: list[Service], at_random: bool) -> None:
        self._http = {f"127.0.0.1:{s.port}": Http(s.port) for s in services}
        self._ring = Ring(list(self._http))
        self._at_random = at_random

    async def request(self, method: str, path: str, **more: Any) -> tuple[int, Any]:
        if self._at_random:
            node = random.choice(list(self._http))
        else:
            node = self._ring.node_for_path(path, uuid.uuid4().hex)
        return await self._http[node].request(method, path, **more)

    def close(self) -> None:
        for http in self._http.values():
            http.close()


async def open_game(http: Routed) -> Game:
    status, created = await http.request("POST", "/games", body={"kind": KIND, "options": {}})
    assert status == 201, created
    tokens = []
    for n in range(SEATS):
        path = f"/games/{created['id']}/seats"
        status, seat = await http.request("POST", path, body={"name": f"p{n}"})
        assert status == 201, seat
        tokens.append(seat["token"])
    return Game(created["id"], tokens)


async def play(
    services: list[Service], deadline: float, window: Window, seed: int, at_random: bool
) -> None:
    http, rng = Routed(services, at_random), random.Random(seed)
    try:
        game = await open_game(http)
        while time.perf_counter() < deadline:
            token = game.tokens[game.seat]
            _, view = await http.request("GET", f"/games/{game.game_id}", token=token)
            if view["status"] == "finished":
                game = await open_game(http)
                continue
            if not view["legal_moves"]:
                game.seat = (game.seat + 1) % SEATS
                continue
            path = f"/games/{game.game_id}/commands"
            move = rng.choice(view["legal_moves"])
            status, _ = await http.request("POST", path, body=move, token=token)
            window.moves += status == 200
            window.refused += status != 200
            game.seat = (game.seat + 1) % SEATS
    finally:
        http.close()


async def measure(
    services: list[Service], seconds: float, round_: int, at_random: bool = False
) -> Window:
    window = Window()
    cpu = sum(s.cpu_seconds() for s in services)
    started_at = time.perf_counter()
    deadline = started_at + seconds
    await asyncio.gather(
        *(play(services, deadline, window, round_ * 1000 + n, at_random) for n in range(PLAYERS))
    )
    window.seconds = time.perf_counter() - started_at
    window.cpu = sum(s.cpu_seconds() for s in services) - cpu
    return window


def relay(servers: Servers) -> contextlib.AbstractContextManager[Service]:
    port = free_port()
    env = {
        "CARDROOM_DATABASE_URL": servers.database_url,
        "CARDROOM_REDIS_URL": servers.redis_url,
        "CARDROOM_WORKER_PORT": str(port),
        **STREAM,
    }
    command = [sys.executable, "-m", "api.main.cli", "work", "relay"]
    return started(command, env, port, ROOT)


async def nodes_window(
    servers: Servers, count: int, seconds: float, round_: int, at_random: bool
) -> Window:
    with contextlib.ExitStack() as stack:
        services = [
            stack.enter_context(servers.serve("--no-workers", settings=STREAM))
            for _ in range(count)
        ]
        for service in services:
            await ready(service)
        await measure(services, 2.0, round_ + 500, at_random)  # warm up: caches, pools
        return await measure(services, seconds, round_, at_random)


LAYOUTS = {"1 node": (1, False), "3 nodes": (3, False), "3 at random": (3, True)}


async def hearing_window(servers: Servers, seconds: float) -> tuple[Window, float]:
    """3 nodes with every request sent to one: the window of that one, and the CPU per move
    of each of the two others, which only hear the fleet's commits on the stream."""
    with contextlib.ExitStack() as stack:
        serving, *hearing = [
            stack.enter_context(servers.serve("--no-workers", settings=STREAM)) for _ in range(3)
        ]
        for service in (serving, *hearing):
            await ready(service)
        await measure([serving], 2.0, 900)
        cpu = sum(s.cpu_seconds() for s in hearing)
        window = await measure([serving], seconds, 901)
        heard = (sum(s.cpu_seconds() for s in hearing) - cpu) / len(hearing)
        return window, 1000 * heard / max(window.moves, 1)


async def main(seconds: float, rounds: int) -> None:
    totals = {name: Window() for name in LAYOUTS}
    async with bench_servers(ROOT) as servers:
        servers.command("migrate")
        with relay(servers):
            for round_ in range(rounds):
                for name, (count, at_random) in LAYOUTS.items():
                    window = await nodes_window(servers, count, seconds, round_, at_random)
                    totals[name].add(window)
                    print(
                        f"round {round_ + 1}, {name:12}: {window.rate():6.0f} moves/s, "
                        f"{window.cpu_ms_per_move():.2f} ms API CPU/move",
                        flush=True,
                    )
            served, heard = await hearing_window(servers, seconds)
    one = totals["1 node"]
    print(f"\n{'':18}" + "".join(f"{name:>13}" for name in LAYOUTS))
    print(f"{'moves/s':18}" + "".join(f"{w.rate():13.0f}" for w in totals.values()))
    print(f"{'  x 1 node':18}" + "".join(f"{w.rate() / one.rate():13.2f}" for w in totals.values()))
    print(
        f"{'API CPU ms/move':18}" + "".join(f"{w.cpu_ms_per_move():13.2f}" for w in totals.values())
    )
    print(
        f"{'  x 1 node':18}"
        + "".join(f"{w.cpu_ms_per_move() / one.cpu_ms_per_move():13.2f}" for w in totals.values())
    )
    print(f"{'moves refused':18}" + "".join(f"{w.refused:13}" for w in totals.values()))
    print(
        f"\n3 nodes, every request to one: {served.rate():.0f} moves/s,"
        f" {served.cpu_ms_per_move():.2f} ms CPU/move on it,"
        f" {heard:.3f} ms on each node that only hears the moves"
    )
    three = totals["3 nodes"]
    cpu_ratio = three.cpu_ms_per_move() / one.cpu_ms_per_move()
    held = three.rate() >= one.rate() and cpu_ratio <= 1.1
    print(f"floor (3 nodes: moves/s >= 1 node's, CPU/move <= 1.1x): {'held' if held else 'MISSED'}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="each window")
    parser.add_argument("--rounds", type=int, default=2)
    arguments = parser.parse_args()
    asyncio.run(main(arguments.seconds, arguments.rounds))

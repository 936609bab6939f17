"""Live crowds: command throughput and `/health` latency with thousands of SSE streams open,
beside the same run without them.

    python bench/crowd.py      # about two minutes; --seconds sets each window, --rounds them

It uses the servers `bench/perf.py` uses (a database of its own, Redis database 12) and one
`cardroom serve` process on 127.0.0.1 with the per-client stream cap raised, since every
stream here comes from 127.0.0.1. 16 players play 100 Gnono games in turn ("GET the
seat's view, POST one of its legal moves", then a pause of 50 ms) for a window without
streams, then for a window with 3,000 spectator streams spread over the 100 games and 1,000
on one more game (played too), each stream read to its end by a process of its own. A
prober asks `/health` every 20 ms in both windows. Three rounds of both windows, each on
fresh games, so that the machine's other work weighs on both alike; the figures compared
are those of all rounds together.

Targets: throughput with the crowd >= 0.8x without it; `/health` p99 <= 50 ms with it.
"""

import argparse
import asyncio
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from driver import Game, Http, open_game  # noqa: E402
from services import Service, bench_servers, ready  # noqa: E402

GAMES = 100
PLAYERS = 16
SPREAD = 3_000
"""Streams spread evenly over the games."""
THINK_SECONDS = 0.05
"""A player's pause between moves: games are played, not hammered, so `/health` measures the
crowd's cost rather than a queue of commands."""
HOT = 1_000
"""Streams on one game more (the first), as many as a game admits."""


@dataclass
class Window:
    seconds: float = 0.0
    moves: int = 0
    health: list[float] | None = None
    streams_open: int = 0
    messages: int = 0

    def p99(self) -> float:
        ranked = sorted(self.health or [0.0])
        return ranked[min(len(ranked) - 1, int(len(ranked) * 0.99))]


async def play(port: int, games: list[Game], deadline: float, window: Window, seed: int) -> None:
    """A move in each of `games` in turn, until `deadline`; a game over is left."""
    http, rng, playing = Http(port), random.Random(seed), list(games)
    try:
        while playing and time.perf_counter() < deadline:
            game = playing.pop(0)
            for token in game.tokens:
                _, view = await http.request("GET", f"/games/{game.game_id}", token=token)
                if view["legal_moves"]:
                    move = rng.choice(view["legal_moves"])
                    path = f"/games/{game.game_id}/commands"
                    status, _ = await http.request("POST", path, move, token=token)
                    window.moves += status == 200
                    break
            await asyncio.sleep(THINK_SECONDS)
            if view["status"] != "finished":
                playing.append(game)
    finally:
        http.close()


async def probe_health(port: int, deadline: float, window: Window) -> None:
    http, window.health = Http(port), []
    try:
        while time.perf_counter() < deadline:
            started = time.perf_counter()
            await http.request("GET", "/health")
            window.health.append(time.perf_counter() - started)
            await asyncio.sleep(0.02)
    finally:
        http.close()


class Crowd:
    """The spectators, in a process of their own (`--spectate`): reading thousands of streams
    costs a loop of its own, which the players and the prober must not wait behind."""

    def __init__(self, port: int, game_ids: list[str]) -> None:
        self._port = port
        self._game_ids = game_ids
        self._process: asyncio.subprocess.Process | None = None

    async def open(self) -> int:
        """Start the spectators; return the number of streams open once all are."""
        self._process = await asyncio.create_subprocess_exec(
            sys.executable, __file__, "--spectate", str(self._port),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        )  # fmt: skip
        assert self._process.stdin and self._process.stdout
        self._process.stdin.write(" ".join(self._game_ids).encode() + b"\n")
        await self._process.stdin.drain()
        opened = await asyncio.wait_for(self._process.stdout.readline(), timeout=120)
        answer, count = opened.decode().split(maxsplit=1)
        if answer != "opened":
            raise RuntimeError(f"a stream was refused: {count.strip()}")
        return int(count)

    async def close(self) -> int:
        """Stop the spectators; return the SSE messages they read."""
        assert self._process and self._process.stdin and self._process.stdout
        self._process.stdin.close()
        read = await self._process.stdout.readline()
        await self._process.wait()
        return int(read)


async def spectate(port: int, game_id: str, counts: dict[str, int]) -> None:
    """One spectator's stream, read until cancelled."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET /games/{game_id}/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    try:
        status = await reader.readline()
        if b" 200 " not in status:
            raise RuntimeError(status.decode().strip())
        counts["open"] += 1
        while chunk := await reader.read(65536):
            counts["messages"] += chunk.count(b"\nid:") + chunk.startswith(b"id:")
    finally:
        writer.close()


async def spectators(port: int) -> None:
    """The `--spectate` process: streams on the game ids read from stdin, until stdin closes;
    prints `opened N` once all are open (or `refused ...`), then the messages read."""
    loop = asyncio.get_running_loop()
    game_ids = (await loop.run_in_executor(None, sys.stdin.readline)).split()
    counts = {"open": 0, "messages": 0}
    streams = [asyncio.create_task(spectate(port, game_id, counts)) for game_id in game_ids]
    while counts["open"] < len(streams):
        failed = [s for s in streams if s.done() and s.exception()]
        if failed:
            print("refused", failed[0].exception(), flush=True)
            return
        await asyncio.sleep(0.1)
    print("opened", counts["open"], flush=True)
    await loop.run_in_executor(None, sys.stdin.read)
    for stream in streams:
        stream.cancel()
    await asyncio.gather(*streams, return_exceptions=True)
    print(counts["messages"], flush=True)


async def measure(service: Service, games: list[Game], seconds: float, crowd: bool) -> Window:
    window = Window(seconds)
    spectating = None
    if crowd:
        spread = games[1:]
        watched = [spread[n % GAMES].game_id for n in range(SPREAD)] + [games[0].game_id] * HOT
        spectating = Crowd(service.port, watched)
        window.streams_open = await spectating.open()
    deadline = time.perf_counter() + seconds
    try:
        await asyncio.gather(
            probe_health(service.port, deadline, window),
            *(play(service.port, games[n::PLAYERS], deadline, window, n) for n in range(PLAYERS)),
        )
    finally:
        if spectating:
            window.messages = await spectating.close()
    return window


async def opened_games(port: int) -> list[Game]:
    http = Http(port)
    try:
        games = [await open_game(http, "gnono", 2, {}) for _ in range(GAMES + 1)]
        for game in games:
            status, _ = await http.request(
                "POST", f"/games/{game.game_id}/commands", {"type": "start_game"}, game.tokens[0]
            )
            assert status == 200
        return games
    finally:
        http.close()


def merged(windows: list[Window]) -> Window:
    """The windows of every round as one."""
    return Window(
        seconds=sum(w.seconds for w in windows),
        moves=sum(w.moves for w in windows),
        health=[h for w in windows for h in w.health or ()],
        streams_open=max(w.streams_open for w in windows),
        messages=sum(w.messages for w in windows),
    )


async def run(seconds: float, rounds: int) -> None:
    alone: list[Window] = []
    crowded: list[Window] = []
    cap = {"CARDROOM_LIVE_STREAMS_PER_CLIENT": str(SPREAD + HOT + 100)}
    async with bench_servers(ROOT) as servers:
        with servers.serve(settings=cap) as service:
            await ready(service)
            for _ in range(rounds):  # fresh games each round, each window beside the other
                games = await opened_games(service.port)
                alone.append(await measure(service, games, seconds, crowd=False))
                crowded.append(await measure(service, games, seconds, crowd=True))
    print(
        f"\nGnono, {PLAYERS} players over {GAMES + 1} games, {rounds} rounds"
        f" of a {seconds:.0f} s window without streams, then one with them"
    )
    print(f"{'':34} {'moves/s':>8} {'/health p99':>12}  streams  SSE messages read")
    rows = [(f"round {n + 1}, {name}", w) for n in range(rounds) for name, w in
            (("without streams", alone[n]), ("with the crowd", crowded[n]))]  # fmt: skip
    rows += [("all rounds, without streams", merged(alone))]
    rows += [("all rounds, with the crowd", merged(crowded))]
    for name, window in rows:
        print(
            f"{name:34} {window.moves / window.seconds:8.0f} {1000 * window.p99():9.1f} ms"
            f"  {window.streams_open:7}  {window.messages}"
        )
    ratio = merged(crowded).moves / max(merged(alone).moves, 1)
    print(f"throughput with the crowd: {ratio:.2f} x without   (target >= 0.80)")
    print(f"/health p99 with the crowd: {1000 * merged(crowded).p99():.1f} ms   (target <= 50 ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=15.0, help="each measured window")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of both windows")
    parser.add_argument("--spectate", type=int, metavar="PORT", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    import uvloop  # the loop perf.py's driver runs on too: the benchmark's own CPU is the least

    if arguments.spectate:
        uvloop.run(spectators(arguments.spectate))
    else:
        uvloop.run(run(arguments.seconds, arguments.rounds))


if __name__ == "__main__":
    main()

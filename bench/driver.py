"""The closed-loop driver `bench/perf.py` plays every target with: games, each "GET the
seat's view, POST one of its legal moves", over keep-alive HTTP/1.1 connections.

Its client is a few lines over asyncio streams rather than httpx, so that the driver, which
shares the cores with the service, spends as little CPU per request as it can: the figures
then say more about the service than about the driver.
"""

import asyncio
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import msgspec


class Http:
    """One keep-alive HTTP/1.1 connection to 127.0.0.1; requests on it go one at a time."""

    def __init__(self, port: int) -> None:
        self._port = port
        self._streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        token: str | None = None,
        key: str | None = None,
    ) -> tuple[int, Any]:
        if self._streams is None:
            self._streams = await asyncio.open_connection("127.0.0.1", self._port)
        reader, writer = self._streams
        payload = b"" if body is None else msgspec.json.encode(body)
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(payload)}\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        if key:
            head += f"Idempotency-Key: {key}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        writer.write(head.encode() + b"\r\n" + payload)
        status_line = await reader.readuntil(b"\r\n")
        headers = await reader.readuntil(b"\r\n\r\n")
        length = 0
        for line in headers.split(b"\r\n"):
            if line[:15].lower() == b"content-length:":
                length = int(line[15:])
        data = await reader.readexactly(length) if length else b""
        status = int(status_line.split()[1])
        return status, msgspec.json.decode(data) if data else None

    def close(self) -> None:
        if self._streams is not None:
            self._streams[1].close()
            self._streams = None


async def histogram(port: int, name: str, label: str | None = None) -> dict[float, float]:
    """Cumulative bucket counts of a Prometheus histogram on the service's /metrics (of its
    series with the label value `label`, when given)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    text = (await reader.read()).decode()
    writer.close()
    buckets = {}
    for line in text.splitlines():
        if line.startswith(f"{name}_bucket{{") and (label is None or f'"{label}"' in line):
            bound = line.split('le="')[1].split('"')[0]
            buckets[float(bound)] = float(line.rsplit(" ", 1)[1])
    return buckets


class Pace:
    """At most `rate` moves a second over all games (None: as fast as they go)."""

    def __init__(self, rate: float | None) -> None:
        self._gap = 1 / rate if rate else 0.0
        self._next = time.perf_counter()

    async def wait(self) -> None:
        if not self._gap:
            return
        now = time.perf_counter()
        self._next = max(self._next + self._gap, now - 0.1)
        if self._next > now:
            await asyncio.sleep(self._next - now)


@dataclass
class Tally:
    moves: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    games: list[str] = field(default_factory=list)


@dataclass
class Game:
    game_id: str
    tokens: list[str]
    seat: int = 0


async def open_game(http: Http, kind: str, seats: int, options: dict[str, Any]) -> Game:
    status, created = await http.request("POST", "/games", {"kind": kind, "options": options})
    assert status == 201, created
    game_id = created["id"]
    tokens = []
    for n in range(seats):
        status, seat = await http.request("POST", f"/games/{game_id}/seats", {"name": f"p{n}"})
        assert status == 201, seat
        tokens.append(seat["token"])
    return Game(game_id, tokens)


async def play(
    port: int,
    kind: str,
    deadline: float,
    tally: Tally,
    pace: Pace,
    options: dict[str, Any] | None = None,
    seats: int = 2,
    seed: int = 0,
) -> None:
    """Play games one after another until `deadline`: GET a seat's view, POST one of its legal
    moves; a game over is followed by a new one."""
    http, rng = Http(port), random.Random(seed)
    try:
        game = await open_game(http, kind, seats, options or {})
        tally.games.append(game.game_id)
        while time.perf_counter() < deadline:
            token = game.tokens[game.seat]
            status, view = await http.request("GET", f"/games/{game.game_id}", token=token)
            if view["status"] == "finished":
                game = await open_game(http, kind, seats, options or {})
                tally.games.append(game.game_id)
                continue
            if not view["legal_moves"]:
                current = (view.get("game") or {}).get("current")
                game.seat = current if current is not None else (game.seat + 1) % seats
                continue
            await pace.wait()
            move = rng.choice(view["legal_moves"])
            path = f"/games/{game.game_id}/commands"
            status, answer = await http.request("POST", path, move, token=token)
            if status == 200:
                tally.moves += 1
            else:
                tally.refused[f"{status} {answer.get('code') if answer else ''}"] += 1
            game.seat = (game.seat + 1) % seats
    finally:
        http.close()


async def drive(
    port: int,
    kind: str,
    seconds: float,
    games: int = 16,
    rate: float | None = None,
    options: dict[str, Any] | None = None,
) -> Tally:
    """`games` games played at once for `seconds`, at most `rate` moves a second in all."""
    tally, pace = Tally(), Pace(rate)
    deadline = time.perf_counter() + seconds
    await asyncio.gather(
        *(play(port, kind, deadline, tally, pace, options, seed=n) for n in range(games))
    )
    return tally

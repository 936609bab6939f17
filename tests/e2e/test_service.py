"""The real `cardroom serve` process: health, a game across a restart, and live pushes."""

import asyncio
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import asyncpg
import httpx
import msgspec
import pytest

from api.http.bodies import BODY_SECONDS
from commands.log.registry import GAMES
from domain import table
from domain.decider import SPECTATOR
from infra.process.embedded import free_port
from infra.process.pool_sizes import POOL_API, POOL_BOTS, POOL_PROJECTIONS, POOL_RELAY
from tests.api.players import bearer
from tests.domain.playout import cards_in
from tests.servers import POOLS

BOOT_SECONDS = 60
SMALL_POOLS = {
    POOL_API.name: str(POOLS.api),
    POOL_RELAY.name: str(POOLS.relay),
    POOL_PROJECTIONS.name: str(POOLS.projections),
    POOL_BOTS.name: str(POOLS.bots),
}
"""The pools of the services tests start as processes (a test's own environment overrides
them), the same as those of the services tests run in process (`tests.servers.POOLS`)."""
STOP_SECONDS = 10
"""Far above a stop with nothing to wait for, far below a stop that waits for streams."""
STREAMS = 5


@contextmanager
def service(
    database_url: str, redis_url: str, stream: str, data_dir: Path
) -> Iterator[httpx.Client]:
    with served(database_url, redis_url, stream, data_dir) as (http, _):
        yield http


@contextmanager
def served(
    database_url: str,
    redis_url: str,
    stream: str,
    data_dir: Path,
    settings: dict[str, str] | None = None,
) -> Iterator[tuple[httpx.Client, subprocess.Popen[bytes]]]:
    """`cardroom serve` in its own process (with `settings`, CARDROOM_* variables, added),
    healthy, and that process. `stream` must be the one every other service on this database
    publishes on: one relay per database publishes, on its own stream."""
    port = free_port()
    env = {
        **SMALL_POOLS,
        **os.environ,
        "CARDROOM_DATABASE_URL": database_url,
        "CARDROOM_REDIS_URL": redis_url,
        "CARDROOM_DATA_DIR": str(data_dir),
        "CARDROOM_REDIS_STREAM": stream,
        **(settings or {}),
    }
    command = [sys.executable, "-m", "api.main.cli", "serve", "--port", str(port)]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(base_url=base, timeout=10) as http:
            wait_until_healthy(http, process)
            yield http, process
    finally:
        process.terminate()
        process.wait(timeout=20)


def wait_until_healthy(http: httpx.Client, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + BOOT_SECONDS
    while time.monotonic() < deadline:
        assert process.poll() is None, process.stderr.read().decode() if process.stderr else ""
        try:
            if http.get("/health").status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    raise AssertionError("the service did not become healthy")


def play(
    http: httpx.Client, game_id: str, tokens: list[str], rng: random.Random, steps: int
) -> dict:
    for _ in range(steps):
        views = [http.get(f"/games/{game_id}", headers=bearer(t)).json() for t in tokens]
        movers = [seat for seat, seen in enumerate(views) if seen["legal_moves"]]
        if not movers:
            break
        seat = rng.choice(movers)
        move = rng.choice(views[seat]["legal_moves"])
        assert (
            http.post(
                f"/games/{game_id}/commands", json=move, headers=bearer(tokens[seat])
            ).status_code
            == 200
        )
    return http.get(f"/games/{game_id}").json()


def live_events(
    http: httpx.Client, game_id: str, headers: dict[str, str], upto: int
) -> list[tuple[int, dict]]:
    """(version, event) pushed by /live until version `upto` arrived (each event's
    narration, a message of its own, left out)."""
    received: list[tuple[int, dict]] = []
    with http.stream("GET", f"/games/{game_id}/live", headers=headers) as response:
        assert response.status_code == 200
        version, kind = None, ""
        for line in response.iter_lines():
            if line.startswith("event:"):
                kind = line[6:].strip()
            elif line.startswith("id:"):
                version = int(line[3:].strip())
            elif line.startswith("data:") and version is not None and kind != "narration":
                received.append((version, msgspec.json.decode(line[5:].strip())))
                if version >= upto:
                    break
    return received


def open_table(http: httpx.Client, kind: str, seats: int) -> tuple[str, list[str]]:
    game_id = http.post("/games", json={"kind": kind}).json()["id"]
    seat = f"/games/{game_id}/seats"
    return game_id, [http.post(seat, json={"name": f"p{n}"}).json()["token"] for n in range(seats)]


def test_a_game_survives_a_restart_of_the_service(
    database_url: str, redis_url: str, stream: str, tmp_path: Path
) -> None:
    rng = random.Random(21)
    with service(database_url, redis_url, stream, tmp_path) as http:
        game_id, tokens = open_table(http, "mad", 3)
        before = play(http, game_id, tokens, rng, 6)
    with service(database_url, redis_url, stream, tmp_path) as http:
        assert http.get(f"/games/{game_id}").json() == before
        final = play(http, game_id, tokens, rng, 5_000)
    assert final["status"] == "finished"


def test_live_resumes_after_last_event_id_and_never_shows_a_hidden_card(
    database_url: str, redis_url: str, stream: str, tmp_path: Path
) -> None:
    rng = random.Random(8)
    with service(database_url, redis_url, stream, tmp_path) as http:
        game_id, tokens = open_table(http, "gnono", 3)
        middle = play(http, game_id, tokens, rng, 10)["version"]
        latest = play(http, game_id, tokens, rng, 10)["version"]
        mine = http.get(
            f"/games/{game_id}/events", params={"after": middle}, headers=bearer(tokens[1])
        ).json()
        resumed = live_events(
            http, game_id, {**bearer(tokens[1]), "Last-Event-ID": str(middle)}, latest
        )
        assert resumed == [(e["version"], e["event"]) for e in mine]
        assert [v for v, _ in resumed] == sorted({v for v, _ in resumed})
        spectated = dict(live_events(http, game_id, {}, latest))
    rules = GAMES["gnono"]
    decoder = msgspec.json.Decoder(table.event_type(rules))
    state = table.Table()
    for version, data in asyncio.run(stored_events(database_url, game_id)):
        state = table.evolve(rules, state, decoder.decode(data))
        if version in spectated:
            event = decoder.decode(msgspec.json.encode(spectated[version]))
            hidden = rules.hidden(state.game, SPECTATOR) if state.game else frozenset()
            assert not [card for card in cards_in(event, rules.Card) if card in hidden]


def test_sigterm_ends_the_service_at_once_with_live_streams_open(
    database_url: str, redis_url: str, stream: str, tmp_path: Path
) -> None:
    with served(database_url, redis_url, stream, tmp_path) as (http, process):
        game_id, _ = open_table(http, "mad", 2)
        ended: list[int] = []

        def follow() -> None:
            with http.stream("GET", f"/games/{game_id}/live") as response:
                assert response.status_code == 200
                ended.append(sum(1 for _ in response.iter_lines()))

        streams = [threading.Thread(target=follow) for _ in range(STREAMS)]
        for stream in streams:
            stream.start()
        deadline = time.monotonic() + BOOT_SECONDS
        while f"cardroom_live_connections {STREAMS}.0" not in http.get("/metrics").text:
            assert time.monotonic() < deadline, "the streams did not open"
            time.sleep(0.05)
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=STOP_SECONDS) == 0, "a clean stop is not status 0"
        for stream in streams:
            stream.join(timeout=STOP_SECONDS)
        assert len(ended) == STREAMS, "every stream was ended by the service"


async def stored_events(database_url: str, game_id: str) -> list[tuple[int, str]]:
    connection = await asyncpg.connect(database_url)
    try:
        rows = await connection.fetch(
            "SELECT version, data::text FROM events WHERE stream_id = $1 ORDER BY version", game_id
        )
    finally:
        await connection.close()
    return [(row[0], row[1]) for row in rows]


@pytest.mark.parametrize("route", ["a table", "a command"])
def test_a_body_that_stops_half_way_is_refused_without_a_server_error(
    database_url: str, redis_url: str, stream: str, tmp_path: Path, route: str
) -> None:
    """A client that sends half its body and waits gets `408 body_timeout` once the body's
    time is up (not twice that, a command's lean path included), and the service logs no
    error for it."""
    with served(database_url, redis_url, stream, tmp_path) as (http, process):
        host, port = http.base_url.host, http.base_url.port
        path, token = "/games", ""
        if route == "a command":
            game_id = http.post("/games", json={"kind": "gnono"}).json()["id"]
            token = http.post(f"/games/{game_id}/seats", json={"name": "ada"}).json()["token"]
            path = f"/games/{game_id}/commands"
        head = f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Length: 40\r\n"
        head += f"Authorization: Bearer {token}\r\n\r\n" if token else "\r\n"
        with socket.create_connection((host, port), timeout=BODY_SECONDS + 10) as sent:
            sent.sendall(head.encode() + b'{"type": "st')
            began, answer = time.monotonic(), ""
            while "body_timeout" not in answer and (more := sent.recv(4096)):
                answer += more.decode()
        assert answer.startswith("HTTP/1.1 408"), answer
        assert time.monotonic() - began < 1.5 * BODY_SECONDS
        assert "body_timeout" in answer
        assert http.get("/health").status_code == 200
    errors = process.stderr.read().decode() if process.stderr else ""
    assert " ERROR " not in errors and "Traceback" not in errors, errors[-3000:]

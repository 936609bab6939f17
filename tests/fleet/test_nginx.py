"""deploy/nginx.conf in a real nginx before two `cardroom serve` nodes: every request about
one game reaches one node, and a game's live stream passes each move at once. Like the
fleet's own test, these start several services and run alone, after the rest."""

import asyncio
import contextlib
import re
import shutil
import socket
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from infra.process.embedded import free_port
from tests.api.players import bearer
from tests.e2e.test_service import served
from tests.e2e.test_workers import sample
from tests.servers import fresh_database

pytestmark = pytest.mark.fleet
ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
COMMANDS = "cardroom_commands_accepted_total"


@contextlib.contextmanager
def nginx(nodes: list[str], folder: Path) -> Iterator[str]:
    """nginx serving deploy/nginx.conf with `nodes` (host:port) as its upstream, on a port of
    its own; its base URL."""
    port = free_port()
    site = (ROOT / "deploy" / "nginx.conf").read_text()
    servers = "".join(f"    server {node} max_fails=1 fail_timeout=5s;\n" for node in nodes)
    site = re.sub(r"(    server 127\.0\.0\.1:\d+ [^\n]*\n)+", servers, site)
    site = site.replace("listen 8000;", f"listen 127.0.0.1:{port};")
    folder.mkdir()
    (folder / "cardroom.conf").write_text(site)
    temp = " ".join(
        f"{name}_temp_path {folder / name};" for name in ("client_body", "proxy", "fastcgi")
    )
    (folder / "nginx.conf").write_text(
        f"pid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'};\nevents {{}}\n"
        f"http {{ access_log off; {temp} uwsgi_temp_path {folder / 'uwsgi'};"
        f" scgi_temp_path {folder / 'scgi'}; include {folder / 'cardroom.conf'}; }}\n"
    )
    command = [NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-g", "daemon off;"]
    process = subprocess.Popen(command, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 10
        while True:
            assert process.poll() is None, process.stderr.read().decode() if process.stderr else ""
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                break
            assert time.monotonic() < deadline, "nginx did not listen"
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(10)


@pytest.fixture
def fleet(postgres_url: str, redis_url: str, tmp_path: Path) -> Iterator[list[httpx.Client]]:
    """nginx before two nodes on a database of their own; a client of nginx, then of each
    node."""
    stream = f"cardroom:test:{uuid.uuid4().hex[:8]}:events"
    with contextlib.ExitStack() as stack:
        database = stack.enter_context(_database(postgres_url))
        nodes = [
            stack.enter_context(served(database, redis_url, stream, tmp_path / name))[0]
            for name in ("a", "b")
        ]
        upstream = [node.base_url.netloc.decode() for node in nodes]
        base = stack.enter_context(nginx(upstream, tmp_path / "nginx"))
        proxy = stack.enter_context(httpx.Client(base_url=base, timeout=10))
        yield [proxy, *nodes]


@contextlib.contextmanager
def _database(postgres_url: str) -> Iterator[str]:
    loop = asyncio.new_event_loop()
    manager = fresh_database(postgres_url)
    try:
        yield loop.run_until_complete(manager.__aenter__())
    finally:
        loop.run_until_complete(manager.__aexit__(None, None, None))
        loop.close()


def seat_and_start(proxy: httpx.Client, game_id: str) -> list[str]:
    """Two seats taken and the game started, three commands; the seats' tokens."""
    tokens = [
        proxy.post(f"/games/{game_id}/seats", json={"name": name}).json()["token"]
        for name in ("ada", "bo")
    ]
    start = {"type": "start_game"}
    started = proxy.post(f"/games/{game_id}/commands", json=start, headers=bearer(tokens[0]))
    assert started.status_code == 200, started.text
    return tokens


def move(proxy: httpx.Client, game_id: str, tokens: list[str]) -> int | None:
    """The first legal move of whoever may move; the version it left the game at (None: the
    game is over)."""
    for token in tokens:
        view = proxy.get(f"/games/{game_id}", headers=bearer(token)).json()
        if view["legal_moves"]:
            path, first = f"/games/{game_id}/commands", view["legal_moves"][0]
            sent = proxy.post(path, json=first, headers=bearer(token))
            assert sent.status_code == 200, sent.text
            return int(sent.json()["version"])
    return None


def accepted(nodes: list[httpx.Client]) -> list[float]:
    return [sample(node.get("/metrics").text, COMMANDS) for node in nodes]


def test_every_request_about_a_game_reaches_one_node(fleet: list[httpx.Client]) -> None:
    proxy, *nodes = fleet
    served_by = []
    for _ in range(12):
        game_id = proxy.post("/games", json={"kind": "mad"}).json()["id"]  # any node
        before = accepted(nodes)
        tokens = seat_and_start(proxy, game_id)
        moves = sum(move(proxy, game_id, tokens) is not None for _ in range(4))
        counts = [after - b for after, b in zip(accepted(nodes), before, strict=True)]
        commands = 3 + moves  # two seats, the start, the moves
        assert sorted(counts) == [0, commands], f"the game's commands went to both: {counts}"
        served_by.append(counts.index(commands))
    assert set(served_by) == {0, 1}, "the games are spread over the nodes"


def test_a_live_stream_through_nginx_passes_each_move_at_once(fleet: list[httpx.Client]) -> None:
    proxy, *_ = fleet
    game_id = proxy.post("/games", json={"kind": "mad"}).json()["id"]
    tokens = seat_and_start(proxy, game_id)
    with proxy.stream("GET", f"/games/{game_id}/live", timeout=10) as live:
        assert live.status_code == 200
        lines = live.iter_lines()
        version = move(proxy, game_id, tokens)
        sent = time.monotonic()
        assert version is not None
        for line in lines:
            if line == f"id: {version}":
                break
        assert time.monotonic() - sent < 2, "the move waited in a buffer"


@pytest.mark.parametrize("trusted", ["127.0.0.1", "10.9.9.9"])
def test_a_client_behind_a_trusted_proxy_counts_as_itself(
    database_url: str,
    redis_url: str,
    stream: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    trusted: str,
) -> None:
    monkeypatch.setenv("CARDROOM_TRUSTED_PROXIES", trusted)
    monkeypatch.setenv("CARDROOM_LIVE_STREAMS_PER_CLIENT", "1")
    with served(database_url, redis_url, stream, tmp_path) as (http, _):
        game_id = http.post("/games", json={"kind": "mad"}).json()["id"]
        path = f"/games/{game_id}/live"
        with contextlib.ExitStack() as streams:
            answers = [
                streams.enter_context(
                    http.stream("GET", path, headers={"X-Forwarded-For": client})
                ).status_code
                for client in ("10.0.0.1", "10.0.0.2")
            ]
    # Trusted, the proxy (this test, on 127.0.0.1) names two clients; else both are the proxy.
    assert answers == ([200, 200] if trusted == "127.0.0.1" else [200, 429])

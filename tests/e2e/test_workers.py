"""The real worker commands (`cardroom work relay`, `work projections`, `work bots`), each on a
database of its own: every one serves /metrics and /health on its port, logs JSON lines with its
role when asked, says when it starts and stops, the relay says when it takes and gives up the
leadership, and nothing warns on stderr."""

import json
import os
import subprocess
import sys
import time
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import contextmanager

import asyncpg
import httpx
import pytest

from commands.core.handler import CommandHandler
from infra.process.embedded import free_port
from infra.store.postgres_store import PostgresEventStore
from tests.servers import fresh_database

BOOT_SECONDS = 30
FIELDS = {"time", "level", "role", "request_id", "logger", "message"}


class Worker:
    """A worker process, its port and what it wrote on stderr once stopped."""

    def __init__(self, process: subprocess.Popen[str], http: httpx.Client) -> None:
        self.process, self.http = process, http
        self.stderr = ""

    def metrics(self) -> str:
        return self.http.get("/metrics").text

    def stop(self) -> list[dict[str, object]]:
        """SIGTERM; the exit status must be 0. Returns the log records, each a JSON line."""
        if self.process.poll() is None:
            self.process.terminate()
            self.stderr = self.process.communicate(timeout=20)[1]
        assert self.process.returncode == 0, self.stderr
        return [json.loads(line) for line in self.stderr.splitlines()]


@pytest.fixture
async def own_database(postgres_url: str) -> AsyncIterator[str]:
    """A database no other test's relay leads on, with one table opened in its log."""
    async with fresh_database(postgres_url) as url:
        pool = await asyncpg.create_pool(url, min_size=1, max_size=2)
        try:
            await CommandHandler.over(PostgresEventStore(pool)).create("mad", {}, None)
        finally:
            await pool.close()
        yield url


@contextmanager
def worker(command: str, database_url: str, redis_url: str, stream: str) -> Iterator[Worker]:
    port = free_port()
    env = {
        **os.environ,
        "CARDROOM_DATABASE_URL": database_url,
        "CARDROOM_REDIS_URL": redis_url,
        "CARDROOM_REDIS_STREAM": stream,
        "CARDROOM_WORKER_PORT": str(port),
        "CARDROOM_LOG_FORMAT": "json",
    }
    env.pop("XDG_RUNTIME_DIR", None)  # what makes platformdirs warn
    process = subprocess.Popen(
        [sys.executable, "-m", "api.main.cli", *command.split()],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=5) as http:
        running = Worker(process, http)
        try:
            wait_until(lambda: _answers(http, "/health"), process)
            yield running
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()


def _answers(http: httpx.Client, path: str) -> bool:
    try:
        return http.get(path).status_code == 200
    except httpx.TransportError:
        return False


def wait_until(done: Callable[[], bool], process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + BOOT_SECONDS
    while time.monotonic() < deadline:
        assert process.poll() is None, process.stderr.read() if process.stderr else ""
        if done():
            return
        time.sleep(0.1)
    raise AssertionError("the worker did not get there in time")


def sample(metrics: str, name: str) -> float:
    """The value of the one sample whose name and labels read `name`."""
    (line,) = [line for line in metrics.splitlines() if line.startswith(f"{name} ")]
    return float(line.split()[-1])


def messages(records: list[dict[str, object]]) -> str:
    return "\n".join(str(record["message"]) for record in records)


def test_a_relay_serves_its_metrics_and_logs_its_leadership(
    own_database: str, redis_url: str
) -> None:
    stream = f"cardroom:test:{uuid.uuid4().hex[:8]}:events"
    with worker("work relay", own_database, redis_url, stream) as leader:
        wait_until(
            lambda: sample(leader.metrics(), "cardroom_relayed_events_total") >= 1, leader.process
        )
        metrics = leader.metrics()
        assert sample(metrics, "cardroom_relay_leader") == 1
        assert sample(metrics, "cardroom_relay_leadership_changes_total") == 1
        assert sample(metrics, "cardroom_relay_lag_seconds") >= 0
        assert sample(metrics, 'cardroom_pool_connections_max{pool="relay"}') == 3
        assert sample(metrics, 'cardroom_pool_connections_in_use{pool="relay"}') >= 1
        assert leader.http.get("/health").json() == {"status": "ok", "postgres": "ok"}
        assert leader.http.get("/health/live").status_code == 200
        with worker("work relay", own_database, redis_url, stream) as standby:
            assert sample(standby.metrics(), "cardroom_relay_leader") == 0
            led = leader.stop()
            wait_until(
                lambda: sample(standby.metrics(), "cardroom_relay_leader") == 1, standby.process
            )
            took_over = standby.stop()
    assert all(set(record) >= FIELDS and record["role"] == "relay" for record in led + took_over)
    assert "relay: took the leadership" in messages(led)
    assert "relay: stopping; gave up the leadership" in messages(led)
    standby_said = messages(took_over)
    assert standby_said.index("another relay leads") < standby_said.index("took the leadership")
    assert "RuntimeDirWarning" not in leader.stderr + standby.stderr


def test_a_projection_worker_serves_the_lag_of_each_read_model_and_logs_its_catch_up(
    own_database: str, redis_url: str
) -> None:
    stream = f"cardroom:test:{uuid.uuid4().hex[:8]}:events"
    with worker("work projections", own_database, redis_url, stream) as projections:
        metrics = projections.metrics()
        for name in ("lobby", "table_summaries", "scoreboards", "ratings", "snapshots"):
            assert sample(metrics, f'cardroom_projection_lag_seconds{{projection="{name}"}}') >= 0
            assert sample(metrics, f'cardroom_dead_letters_total{{projection="{name}"}}') == 0
        assert sample(metrics, 'cardroom_pool_connections_max{pool="projections"}') == 8
        records = projections.stop()
    assert all(set(record) >= FIELDS and record["role"] == "projections" for record in records)
    said = messages(records)
    assert "runner read_models: starting" in said
    assert "runner read_models: caught up (1 events from the log)" in said
    assert "runner read_models: stopped" in said
    assert "RuntimeDirWarning" not in projections.stderr


def test_a_bot_worker_serves_its_metrics_and_logs_start_and_stop(
    own_database: str, redis_url: str
) -> None:
    stream = f"cardroom:test:{uuid.uuid4().hex[:8]}:events"
    with worker("work bots", own_database, redis_url, stream) as bots:
        metrics = bots.metrics()
        assert "cardroom_bot_commands_total" in metrics
        assert sample(metrics, 'cardroom_pool_connections_max{pool="bots"}') == 6
        records = bots.stop()
    said = messages(records)
    assert "bots: starting" in said and "bots: stopped" in said
    assert {record["role"] for record in records} == {"bots"}
    assert "RuntimeDirWarning" not in bots.stderr

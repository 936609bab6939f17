"""`cardroom serve` on its embedded servers, killed with -9, starts again cleanly: the Valkey
the dead run left is stopped, its pid leaves Postgres's handle file, the games are still
there, and once this run stops, so do both servers."""

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import psutil

from infra.process.embedded import HANDLES, VALKEY_PID, free_port
from tests.e2e.test_service import wait_until_healthy
from tests.servers import server_folder

STOP_SECONDS = 30


@contextmanager
def serving(data_dir: Path) -> Iterator[tuple[subprocess.Popen[bytes], httpx.Client]]:
    """`cardroom serve` with embedded servers under `data_dir` (nothing configured)."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("CARDROOM_")}
    env |= {"CARDROOM_DATA_DIR": str(data_dir), "PYTHONPATH": os.getcwd()}
    command = [sys.executable, "-m", "api.main.cli", "serve", "--port", str(port)]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as http:
            wait_until_healthy(http, process)
            yield process, http
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(STOP_SECONDS)


def postmaster(data_dir: Path) -> psutil.Process:
    pid = int((data_dir / "postgres" / "postmaster.pid").read_text().split()[0])
    return psutil.Process(pid)


def running(process: psutil.Process) -> bool:
    return process.is_running() and process.status() != psutil.STATUS_ZOMBIE


def test_a_run_killed_with_minus_9_leaves_nothing_behind() -> None:
    with server_folder() as data_dir:
        killed_and_restarted(data_dir)


def killed_and_restarted(data_dir: Path) -> None:
    with serving(data_dir) as (first, http):
        game_id = http.post("/games", json={"kind": "gnono"}).json()["id"]
        valkey = psutil.Process(int((data_dir / "valkey" / VALKEY_PID).read_text()))
        first.send_signal(signal.SIGKILL)
        first.wait(STOP_SECONDS)
    assert running(valkey), "the killed run left its Valkey running"
    database = postmaster(data_dir)
    handles = data_dir / "postgres" / HANDLES

    with serving(data_dir) as (second, http):
        assert http.get(f"/games/{game_id}").status_code == 200
        assert not running(valkey), "the Valkey left behind still runs"
        assert postmaster(data_dir).pid == database.pid, "the running Postgres is reused"
        assert json.loads(handles.read_text()) == [second.pid], "only this run holds Postgres"
        second.send_signal(signal.SIGTERM)
        second.wait(STOP_SECONDS)
    database.wait(STOP_SECONDS)
    assert not running(database), "the last run stopped the embedded Postgres"

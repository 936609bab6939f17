"""A worker's own port (`CARDROOM_WORKER_PORT`): `/metrics`, the Prometheus text of the
default registry (what prometheus-client's `generate_latest` writes, as the API's `/metrics`
does), `/health/live` and `/health`.

A small asyncio handler rather than prometheus-client's server thread: it answers from the
event loop the worker runs on, so a loop that is stuck fails the health check instead of a
thread answering for it. `/health` asks Postgres through the worker's pool, as its work does.
"""

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator

import asyncpg
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

log = logging.getLogger(__name__)
CHECK_TIMEOUT = 2.0
"""Seconds Postgres has to answer `/health` before the worker counts as down."""
READ_TIMEOUT = 5.0
JSON = "application/json"


@contextlib.asynccontextmanager
async def serving(address: tuple[str, int] | None, pool: asyncpg.Pool) -> AsyncIterator[None]:
    """Serve the port for the duration of the block (nothing when `address` is None)."""
    if address is None:
        yield
        return

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            async with asyncio.timeout(READ_TIMEOUT):
                path = await _requested_path(reader)
            status, kind, body = await _page(path, pool)
            head = f"HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {len(body)}"
            writer.write(f"{head}\r\nConnection: close\r\n\r\n".encode() + body)
            await writer.drain()
        except (TimeoutError, ConnectionError, ValueError):
            pass  # a client that does not finish its request, or goes away
        finally:
            writer.close()

    server = await asyncio.start_server(answer, *address)
    log.info("serving /metrics and /health on %s:%d", *address)
    try:
        yield
    finally:
        server.close()


async def _requested_path(reader: asyncio.StreamReader) -> str:
    """The path of a GET request, its headers read and ignored."""
    method, path, _ = (await reader.readline()).decode("latin-1").split(" ", 2)
    while (await reader.readline()).strip():
        pass
    return path.split("?", 1)[0] if method in ("GET", "HEAD") else ""


async def _page(path: str, pool: asyncpg.Pool) -> tuple[str, str, bytes]:
    """The status line's end, the content type and the body for `path`."""
    if path == "/metrics":
        return "200 OK", CONTENT_TYPE_LATEST, generate_latest()
    if path == "/health/live":
        return "200 OK", JSON, b'{"status":"ok"}'
    if path == "/health":
        state = await _postgres(pool)
        status = "200 OK" if state == "ok" else "503 Service Unavailable"
        body = {"status": "ok" if state == "ok" else "down", "postgres": state}
        return status, JSON, json.dumps(body).encode()
    return "404 Not Found", JSON, b'{"status":"not_found"}'


async def _postgres(pool: asyncpg.Pool) -> str:
    try:
        async with asyncio.timeout(CHECK_TIMEOUT), pool.acquire() as connection:
            await connection.fetchval("SELECT 1")
    except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
        return "down"
    return "ok"

"""The processes and servers `bench/perf.py` measures: a fresh database and Redis database,
the floor app and `cardroom serve` processes on 127.0.0.1, each stopped at the end."""

import asyncio
import contextlib
import os
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import psutil
import redis.asyncio as redis
from driver import Http

from infra.process.embedded import free_port
from infra.process.servers import server_urls
from infra.process.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
REDIS_DB = 12


@dataclass
class Service:
    process: subprocess.Popen[bytes]
    port: int

    def cpu_seconds(self) -> float:
        times = psutil.Process(self.process.pid).cpu_times()
        return times.user + times.system


@dataclass(frozen=True)
class Servers:
    database_url: str
    redis_url: str
    service_root: Path = ROOT
    """The checkout `cardroom serve` runs from."""

    def serve(
        self, *flags: str, root: Path | None = None, settings: dict[str, str] | None = None
    ) -> contextlib.AbstractContextManager[Service]:
        """`cardroom serve` on these servers, with `settings` (CARDROOM_* variables) added."""
        port = free_port()
        command = [sys.executable, "-m", "api.main.cli", "serve", "--port", str(port), *flags]
        urls = {"CARDROOM_DATABASE_URL": self.database_url, "CARDROOM_REDIS_URL": self.redis_url}
        return started(command, urls | (settings or {}), port, root or self.service_root)

    def floor(self, *flags: str) -> contextlib.AbstractContextManager[Service]:
        port = free_port()
        command = [sys.executable, "bench/floor.py", "--database-url", self.database_url]
        return started([*command, "--port", str(port), *flags], {}, port, ROOT)

    def command(self, *arguments: str) -> None:
        """Run a `cardroom` command on these servers to its end."""
        env = {
            **os.environ,
            "CARDROOM_DATABASE_URL": self.database_url,
            "CARDROOM_REDIS_URL": self.redis_url,
            "PYTHONPATH": str(self.service_root),
        }
        subprocess.run(
            [sys.executable, "-m", "api.main.cli", *arguments],
            cwd=self.service_root,
            env=env,
            check=True,
            capture_output=True,
        )


def with_path(url: str, path: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path=path))


@contextlib.asynccontextmanager
async def bench_servers(service_root: Path) -> AsyncIterator[Servers]:
    """A fresh database (dropped at the end) and Redis database `REDIS_DB` (flushed)."""
    with server_urls(Settings.from_env()) as (postgres, redis_url):
        name = f"cardroom_bench_{uuid.uuid4().hex[:8]}"
        admin = await asyncpg.connect(postgres)
        await admin.execute(f"CREATE DATABASE {name}")
        redis_url = with_path(redis_url, f"/{REDIS_DB}")
        client = redis.from_url(redis_url)
        await client.flushdb()
        try:
            yield Servers(with_path(postgres, f"/{name}"), redis_url, service_root)
        finally:
            await client.flushdb()
            await client.aclose()
            await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            await admin.close()


@contextlib.contextmanager
def started(command: list[str], env: dict[str, str], port: int, root: Path) -> Iterator[Service]:
    process = subprocess.Popen(
        command,
        cwd=root,
        env={**os.environ, **env, "PYTHONPATH": str(root)},
        stderr=subprocess.DEVNULL,
    )
    try:
        yield Service(process, port)
    finally:
        process.terminate()
        process.wait(30)


async def ready(service: Service) -> None:
    """Return once the service answers."""
    http = Http(service.port)
    for _ in range(600):
        with contextlib.suppress(OSError, asyncio.IncompleteReadError, ValueError):
            status, _ = await http.request("GET", "/games/kinds")
            if status == 200:
                http.close()
                return
        http.close()
        await asyncio.sleep(0.1)
    raise RuntimeError(f"the service on port {service.port} did not start")

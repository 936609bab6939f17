"""Health for orchestrators: liveness (the process answers), readiness (Postgres answers) and
the whole picture, where Redis lost is `degraded`, not down: commands and reads need only
Postgres, while live pushes and stream tickets wait for Redis to come back.

Postgres is asked on a connection of the checks' own (`DatabaseProbe`), not the pool's: a
pool busy with requests would make a healthy service look slow or down to its orchestrator.
"""

import asyncio
from collections.abc import Awaitable
from typing import Literal

import asyncpg
import msgspec
from litestar import get
from litestar.datastructures import State

from api.http.core import parts_of
from api.http.described import CONTRACT, Described
from api.http.errors import UNAVAILABLE, StoreDown
from infra.process.database import Timeouts, open_connection

CHECK_TIMEOUT = 2.0
"""Seconds a store has to answer a health check before it counts as down."""
PartState = Literal["ok", "down"]


class Alive(msgspec.Struct, frozen=True):
    status: Literal["ok"] = "ok"


class Health(msgspec.Struct, frozen=True):
    status: Literal["ok", "degraded"]
    """`degraded` while Redis is down: games are played, live pushes and tickets wait."""
    postgres: PartState
    redis: PartState


async def _state_of(check: Awaitable[object]) -> PartState:
    try:
        async with asyncio.timeout(CHECK_TIMEOUT):
            await check
    except UNAVAILABLE:
        return "down"
    return "ok"


class DatabaseProbe:
    """The health checks' own connection to Postgres: opened at the first check, dropped when
    a check fails and opened again at the next one."""

    def __init__(self, database_url: str, timeouts: Timeouts | None = None) -> None:
        self._database_url = database_url
        self._timeouts = timeouts
        self._connection: asyncpg.Connection | None = None
        self._lock = asyncio.Lock()

    async def check(self) -> None:
        """Return when Postgres answers; raise when it does not."""
        async with self._lock:
            try:
                if self._connection is None:
                    self._connection = await open_connection(self._database_url, self._timeouts)
                await self._connection.fetchval("SELECT 1")
            except BaseException:
                await self.close()
                raise

    async def close(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.terminate()


def _postgres(state: State) -> Awaitable[PartState]:
    probe: DatabaseProbe = state.database_probe
    return _state_of(probe.check())


ALIVE = {"ok": {"value": {"status": "ok"}}}


@get(
    "/health/live",
    tags=["service"],
    opt={CONTRACT: Described(storeless=True, answers=ALIVE)},
    operation_id="getLiveness",
)
async def liveness() -> Alive:
    """200 while the process serves requests; no store is asked (a liveness probe).

    Liveness: asks no store."""
    return Alive()


@get(
    "/health/ready",
    tags=["service"],
    opt={CONTRACT: Described(answers=ALIVE)},
    operation_id="getReadiness",
)
async def readiness(state: State) -> Alive:
    """200 when Postgres answers, so requests can be served (a readiness probe), else 503
    `unavailable`. Redis is not asked: the service works without it.

    Readiness: Postgres answers (Redis is not needed to serve)."""
    if await _postgres(state) == "down":
        raise StoreDown("the database does not answer", {"postgres": "down"})
    return Alive()


@get(
    "/health",
    tags=["service"],
    opt={
        CONTRACT: Described(
            answers={
                "ok": {"value": {"status": "ok", "postgres": "ok", "redis": "ok"}},
                "degraded": {"value": {"status": "degraded", "postgres": "ok", "redis": "down"}},
            }
        )
    },
    operation_id="getHealth",
)
async def health(state: State) -> Health:
    """Each store's state: `ok`, or `degraded` while Redis is down (games go on; live
    pushes and stream tickets wait); 503 `unavailable` while Postgres is down.

    While Redis is down the status is `degraded` (200): games are played, live pushes and
    stream tickets wait. While Postgres is down it is 503."""
    postgres, redis = await asyncio.gather(
        _postgres(state), _state_of(parts_of(state).client.ping())
    )
    if postgres == "down":
        raise StoreDown("the database does not answer", {"postgres": "down", "redis": redis})
    return Health("ok" if redis == "ok" else "degraded", postgres, redis)


HEALTH_ROUTES = [liveness, readiness, health]

"""Health for orchestrators: liveness (the process answers), readiness (Postgres answers) and
the whole picture, where Redis lost is `degraded`, not down: commands and reads need only
Postgres, while live pushes and stream tickets wait for Redis to come back."""

import asyncio
from collections.abc import Awaitable
from typing import Literal

import msgspec
from litestar import get
from litestar.datastructures import State

from api.errors import UNAVAILABLE, StoreDown

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


def _postgres(state: State) -> Awaitable[PartState]:
    return _state_of(state.pool.fetchval("SELECT 1"))


@get("/health/live", tags=["service"])
async def liveness() -> Alive:
    """200 while the process serves requests; no store is asked (a liveness probe)."""
    return Alive()


@get("/health/ready", tags=["service"])
async def readiness(state: State) -> Alive:
    """200 when Postgres answers, so requests can be served (a readiness probe), else 503
    `unavailable`. Redis is not asked: the service works without it."""
    if await _postgres(state) == "down":
        raise StoreDown("the database does not answer", {"postgres": "down"})
    return Alive()


@get("/health", tags=["service"])
async def health(state: State) -> Health:
    """Each store's state: `ok`, or `degraded` while Redis is down (games go on; live
    pushes and stream tickets wait); 503 `unavailable` while Postgres is down."""
    postgres, redis = await asyncio.gather(_postgres(state), _state_of(state.redis.ping()))
    if postgres == "down":
        raise StoreDown("the database does not answer", {"postgres": "down", "redis": redis})
    return Health("ok" if redis == "ok" else "degraded", postgres, redis)


HEALTH_ROUTES = [liveness, readiness, health]

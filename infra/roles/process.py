"""The one builder of a process: from the `Settings` and a set of roles (`infra.roles.
catalog`), its pool (sized for those roles, migrations applied), its Redis client, its parts,
and the background work its roles run. `cardroom serve` builds its process here with the
API on top, `cardroom work` with its roles alone, and the tests either way."""

import contextlib
from collections.abc import AsyncIterator, Collection, Mapping

import redis.asyncio as redis

from infra.process import workers
from infra.process.database import open_pool
from infra.process.metrics import watch_pool
from infra.process.settings import Settings
from infra.roles.catalog import ROLES
from infra.roles.parts import Parts
from infra.store.migrate import migrate

EVERY_ROLE = tuple(ROLES)


def pool_size(settings: Settings, roles: Collection[str], api: bool) -> int:
    """The Postgres connections a process of these roles (and the API, with `api`) may hold:
    the sum of each role's share (`Settings.pool_sizes`)."""
    return settings.pool_sizes.of(api=api, **dict.fromkeys(roles, True))


@contextlib.asynccontextmanager
async def opened(
    settings: Settings, roles: Collection[str], *, api: bool, name: str
) -> AsyncIterator[Parts]:
    """The process's parts for the duration of the block: its pool (reported in metrics as
    `name`) with the migrations applied, its Redis client and its core. `settings` name
    both servers (`infra.process.servers.server_urls` finds them when embedded)."""
    unknown = set(roles) - set(ROLES)
    if unknown:
        raise ValueError(f"no such role: {', '.join(sorted(unknown))}")
    if settings.database_url is None or settings.redis_url is None:
        raise ValueError("a process needs the servers' URLs: see infra.process.servers")
    size = pool_size(settings, roles, api)
    pool = await open_pool(
        settings.database_url, max_size=size, timeouts=settings.database_timeouts
    )
    watch_pool(pool, name)
    client = redis.from_url(settings.redis_url)
    try:
        async with pool.acquire() as connection:
            await migrate(connection)
        yield Parts.over(settings, pool, client)
    finally:
        await client.aclose()
        await pool.close()


def jobs(parts: Parts, roles: Collection[str], api: bool) -> dict[str, workers.Work]:
    """The background work of these roles, by name, built on `parts`; with the tail of the
    log's stream when the API or a role hears the process's bus."""
    chosen = [ROLES[name] for name in roles]
    work = {job.name: job.build(parts) for role in chosen for job in role.jobs}
    if api or any(role.hears_bus for role in chosen):
        work["stream tail"] = parts.tail.run
    return work


@contextlib.asynccontextmanager
async def running(
    parts: Parts,
    roles: Collection[str],
    *,
    api: bool,
    more: Mapping[str, workers.Work] | None = None,
) -> AsyncIterator[dict[str, workers.Work]]:
    """Run the roles' work (and `more`, the API's own) supervised for the duration of the
    block; yields the work by name."""
    work = {**jobs(parts, roles, api), **(more or {})}
    async with workers.running(work):
        yield work

"""What the metrics share. Each metric is defined with prometheus-client in the module that
records it, in the default registry that `/metrics` exposes."""

from datetime import UTC, datetime

import asyncpg
from prometheus_client import Gauge


def seconds_since(moment: datetime, now: datetime | None = None) -> float:
    """How long before `now` (by default, this moment) `moment` was: never negative,
    whatever the clocks say."""
    return max(((now or datetime.now(UTC)) - moment).total_seconds(), 0.0)


POOL_IN_USE = Gauge(
    "cardroom_pool_connections_in_use",
    "Postgres connections of the process's pool lent out now, per pool (its role).",
    ["pool"],
)
POOL_SIZE = Gauge(
    "cardroom_pool_connections", "Postgres connections the pool holds open now.", ["pool"]
)
POOL_MAX = Gauge(
    "cardroom_pool_connections_max", "The most connections the pool may hold.", ["pool"]
)


def watch_pool(pool: asyncpg.Pool, name: str) -> None:
    """Report `pool`'s use under the label `name`, read from asyncpg at each scrape."""
    POOL_IN_USE.labels(name).set_function(lambda: pool.get_size() - pool.get_idle_size())
    POOL_SIZE.labels(name).set_function(pool.get_size)
    POOL_MAX.labels(name).set_function(pool.get_max_size)

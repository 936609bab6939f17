"""What a process's work is built on: its settings, its Postgres pool and Redis client, and
its application core (`commands.core.assembly`) with the tail of the log's stream that
brings other processes' events onto its bus, quick play over the pool, and the datasets'
files (one per process, so a month is built once whether a request or the job asks)."""

from dataclasses import dataclass

import asyncpg
import redis.asyncio as redis

from commands.core.assembly import Core, assemble
from infra.process.settings import Settings
from infra.reading.dataset_files import Datasets
from infra.reading.redis_streams import StreamTail
from infra.store.postgres_store import PostgresEventStore
from infra.store.quickplay import QuickPlay


@dataclass(frozen=True, slots=True)
class Parts:
    settings: Settings
    pool: asyncpg.Pool
    client: redis.Redis
    store: PostgresEventStore
    core: Core
    tail: StreamTail
    quickplay: QuickPlay
    datasets: Datasets

    @classmethod
    def over(cls, settings: Settings, pool: asyncpg.Pool, client: redis.Redis) -> "Parts":
        store = PostgresEventStore(pool)
        core = assemble(store)
        tail = StreamTail(client, settings.event_stream, core.bus)
        quickplay = QuickPlay(pool, core.handler)
        datasets = Datasets(pool, settings.datasets_dir)
        return cls(settings, pool, client, store, core, tail, quickplay, datasets)

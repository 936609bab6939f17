"""What a process's work is built on: its settings, its Postgres pool and Redis client, and
its application core (`commands.core.assembly`) with the tail of the log's stream that
brings other processes' events onto its bus, and quick play over the pool."""

from dataclasses import dataclass

import asyncpg
import redis.asyncio as redis

from commands.core.assembly import Core, assemble
from infra.process.settings import Settings
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

    @classmethod
    def over(cls, settings: Settings, pool: asyncpg.Pool, client: redis.Redis) -> "Parts":
        store = PostgresEventStore(pool)
        core = assemble(store)
        tail = StreamTail(client, settings.event_stream, core.bus)
        return cls(settings, pool, client, store, core, tail, QuickPlay(pool, core.handler))

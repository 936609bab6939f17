"""The relay: one leader tails the event store in commit order and publishes to Redis.

Leadership is a Postgres advisory lock held on a dedicated connection, so any number of
relays may run and exactly one publishes. The checkpoint is saved in Postgres after each
published batch; a relay that restarts between publishing and saving publishes the batch
again, and Redis refuses the repeated ids, so nothing is lost or doubled.
"""

import asyncio

import asyncpg
import redis.asyncio as redis
from prometheus_client import Counter, Gauge

from commands.store import Position
from infra import checkpoints
from infra.metrics import seconds_since
from infra.postgres_store import PostgresEventStore
from infra.redis_streams import publish
from infra.workers import pause

CHECKPOINT = "relay"
_LEADER_LOCK = 0x72656C6179  # "relay"
RELAYED_EVENTS = Counter("cardroom_relayed_events", "Events published.")
RELAY_LAG_SECONDS = Gauge("cardroom_relay_lag_seconds", "Age of the last event published to Redis.")


class Relay:
    def __init__(
        self,
        pool: asyncpg.Pool,
        client: redis.Redis,
        stream: str,
        batch: int = 500,
        idle_seconds: float = 0.02,
    ) -> None:
        self._pool = pool
        self._store = PostgresEventStore(pool)
        self._client = client
        self._stream = stream
        self._batch = batch
        self._idle = idle_seconds
        self.position = Position()

    async def run(self, stopping: asyncio.Event) -> None:
        """Publish until `stopping` is set, once this relay holds the leader lock."""
        async with self._pool.acquire() as leader:
            while not await leader.fetchval("SELECT pg_try_advisory_lock($1)", _LEADER_LOCK):
                if await pause(stopping, 1.0):
                    return
            try:
                self.position = await checkpoints.load(self._pool, CHECKPOINT)
                while not stopping.is_set():
                    if not await self.publish_batch():
                        await pause(stopping, self._idle)
            finally:
                await leader.execute("SELECT pg_advisory_unlock($1)", _LEADER_LOCK)

    async def publish_batch(self) -> int:
        """Publish the next batch of committed events; returns how many there were."""
        events = await self._store.read_all(self.position, self._batch)
        if not events:
            return 0
        await publish(self._client, self._stream, events)
        self.position = events[-1].position
        await checkpoints.save(self._pool, CHECKPOINT, self.position)
        RELAY_LAG_SECONDS.set(seconds_since(events[-1].recorded_at))
        RELAYED_EVENTS.inc(len(events))
        return len(events)

"""Runs one read model: Redis consumer group in, Postgres read model and checkpoint out.

Every batch is applied in one transaction together with the checkpoint, under a lock per
projection, keeping only events past the checkpoint: duplicates are dropped and several
consumers (or a rebuild) may run at once. Redis is transport, not truth: when a batch does
not follow the checkpoint (the stream was lost, flushed or trimmed), the projection catches
up straight from Postgres and re-attaches its group at the checkpoint. An event that keeps
failing goes to a dead-letter stream with its error, never silently dropped.
"""

import asyncio
import logging
import os
import socket
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import asyncpg
import redis.asyncio as redis
from prometheus_client import Gauge
from redis.exceptions import ResponseError

from commands.store import EventStore, Position, StoredEvent
from infra import checkpoints
from infra.metrics import seconds_since
from infra.postgres_store import PostgresEventStore
from infra.read_models import PostgresReadModel
from infra.redis_streams import decode_entry, entry_id
from projections.catalog import read_models

log = logging.getLogger(__name__)
CATCH_UP_BATCH = 500
Entry = tuple[bytes, dict[bytes, bytes]]
PROJECTION_LAG_SECONDS = Gauge(
    "cardroom_projection_lag_seconds",
    "Age of the last event applied, per projection.",
    ["projection"],
)


class ReadModel(Protocol):
    """What the runner runs: `apply` writes a batch on the connection of the transaction
    that saves the checkpoint; a rebuild empties `tables`."""

    name: str
    tables: tuple[str, ...]

    async def apply(
        self, connection: asyncpg.Connection, events: Sequence[StoredEvent]
    ) -> None: ...


def all_projections(store: EventStore) -> dict[str, ReadModel]:
    """The read models the service maintains, by name, each writing to Postgres."""
    return {model.name: PostgresReadModel(model, store) for model in read_models()}


class ProjectionRunner:
    def __init__(
        self,
        pool: asyncpg.Pool,
        client: redis.Redis,
        stream: str,
        projection: ReadModel,
        batch: int = 200,
        max_deliveries: int = 3,
        claim_idle_ms: int = 30_000,
        consumer: str | None = None,
    ) -> None:
        self._pool = pool
        self._store = PostgresEventStore(pool)
        self._client = client
        self._stream = stream
        self.projection = projection
        self._batch = batch
        self._max_deliveries = max_deliveries
        self._claim_idle_ms = claim_idle_ms
        self._consumer = consumer or f"{socket.gethostname()}-{os.getpid()}"
        self.dead_letters = f"{stream}:dead:{projection.name}"

    @property
    def group(self) -> str:
        return self.projection.name

    async def run(self, stopping: asyncio.Event, block_ms: int = 1000) -> None:
        await self.attach()
        while not stopping.is_set():
            try:
                await self.step(block_ms)
                await self.janitor()
            except ResponseError as error:
                if "NOGROUP" not in str(error):
                    raise
                await self.attach()

    async def attach(self) -> None:
        """Catch up from Postgres, then point the consumer group at the checkpoint."""
        position = await self.catch_up()
        try:
            await self._client.xgroup_create(
                self._stream, self.group, id=entry_id(position), mkstream=True
            )
        except ResponseError as error:
            if "BUSYGROUP" not in str(error):
                raise
            await self._client.xgroup_setid(self._stream, self.group, id=entry_id(position))

    async def catch_up(self, progress: Callable[[int], Any] | None = None) -> Position:
        """Apply every committed event past the checkpoint, straight from Postgres."""
        position = await checkpoints.load(self._pool, self.projection.name)
        while events := await self._store.read_all(position, CATCH_UP_BATCH):
            await self._apply_safely(events)
            position = events[-1].position
            if progress:
                progress(len(events))
        return position

    async def rebuild(self, progress: Callable[[int], Any] | None = None) -> None:
        """Empty the read model and its checkpoint, then apply the whole log again."""
        async with self._pool.acquire() as connection, connection.transaction():
            await self._lock(connection)
            for table in self.projection.tables:
                await connection.execute(f"TRUNCATE {table}")
            await connection.execute("DELETE FROM checkpoints WHERE name = $1", self.group)
        await self.catch_up(progress)

    async def step(self, block_ms: int | None = None) -> int:
        """Read, apply and acknowledge one batch from the stream; returns its size."""
        entries = await self.read(block_ms)
        if entries:
            await self.apply(entries)
            await self.acknowledge(entries)
        return len(entries)

    async def read(self, block_ms: int | None = None) -> list[Entry]:
        reply: Any = await self._client.xreadgroup(
            self.group, self._consumer, {self._stream: ">"}, count=self._batch, block=block_ms
        )
        return list(reply[0][1]) if reply else []

    async def apply(self, entries: list[Entry]) -> None:
        """Apply the entries past the checkpoint, catching up from Postgres after a gap."""
        if not await self._apply_safely([decode_entry(fields) for _, fields in entries]):
            await self.catch_up()

    async def acknowledge(self, entries: list[Entry]) -> None:
        await self._client.xack(self._stream, self.group, *(key for key, _ in entries))

    async def janitor(self) -> None:
        """Take over entries left pending too long; dead-letter those delivered too often."""
        claimed: Any = await self._client.xautoclaim(
            self._stream, self.group, self._consumer, self._claim_idle_ms, count=self._batch
        )
        entries = [entry for entry in claimed[1] if entry[1] is not None]
        if entries:
            pending: Any = await self._client.xpending_range(
                self._stream, self.group, min="-", max="+", count=len(entries) * 4
            )
            deliveries = {row["message_id"]: row["times_delivered"] for row in pending}
            retried = []
            for entry in entries:
                if deliveries.get(entry[0], 0) > self._max_deliveries:
                    await self._dead_letter(decode_entry(entry[1]), "delivered too often")
                    await self._client.xack(self._stream, self.group, entry[0])
                else:
                    retried.append(entry)
            if retried:
                await self.apply(retried)
                await self.acknowledge(retried)

    async def _apply_safely(self, events: Sequence[StoredEvent]) -> bool:
        """Apply a batch; on failure apply one by one and dead-letter what still fails."""
        try:
            return await self._apply(events)
        except Exception:
            log.exception("projection %s failed on a batch", self.projection.name)
        for event in events:
            try:
                if not await self._apply([event]):
                    return False
            except Exception as error:
                await self._dead_letter(event, repr(error))
                await self._skip(event)
        return True

    async def _apply(self, events: Sequence[StoredEvent]) -> bool:
        """Apply the events past the checkpoint; False when they do not follow it."""
        async with self._pool.acquire() as connection, connection.transaction():
            position = await self._lock(connection)
            fresh = [event for event in events if event.position > position]
            if not fresh:
                return True
            following = await self._store.read_all(position, 1)
            if not following or following[0].position != fresh[0].position:
                return False
            await self.projection.apply(connection, fresh)
            await checkpoints.save(connection, self.projection.name, fresh[-1].position)
        lag = seconds_since(fresh[-1].recorded_at)
        PROJECTION_LAG_SECONDS.labels(self.projection.name).set(lag)
        return True

    async def _skip(self, event: StoredEvent) -> None:
        async with self._pool.acquire() as connection, connection.transaction():
            if await self._lock(connection) < event.position:
                await checkpoints.save(connection, self.projection.name, event.position)

    async def _lock(self, connection: asyncpg.Connection) -> Position:
        """Take this projection's lock for the transaction; return its checkpoint."""
        await connection.execute(
            "SELECT pg_advisory_xact_lock(hashtext('projection:' || $1))", self.projection.name
        )
        return await checkpoints.load(connection, self.projection.name)

    async def _dead_letter(self, event: StoredEvent, error: str) -> None:
        log.error("projection %s dead-letters event %s: %s", self.group, event.event_id, error)
        fields: dict[Any, Any] = {"event_id": event.event_id, "position": entry_id(event.position)}
        await self._client.xadd(self.dead_letters, {**fields, "error": error})

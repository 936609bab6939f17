"""Runs one read model: Redis consumer group in, Postgres read model and checkpoint out.

Every batch is applied in one transaction together with the checkpoint, under a lock per
projection, keeping only events past the checkpoint: duplicates are dropped and several
consumers (or a rebuild) may run at once. Redis is transport, not truth: when a batch does
not follow the checkpoint (the stream was lost, flushed or trimmed), the projection catches
up straight from Postgres and re-attaches its group at the checkpoint.

A batch that fails for a cause of the moment (`TRANSIENT`: a connection lost or refused, a
statement cancelled at its timeout, a lock not granted, a deadlock) is tried again with a
growing pause, the checkpoint where it was, the last time on fresh connections; a batch still
failing is tried one event at a time the same way. Only an event that fails for another
cause, or the same way after all its tries, goes to a dead-letter stream with its error
(logged with its id, counted in `cardroom_dead_letters_total`), never silently dropped.
"""

import asyncio
import logging
import os
import socket
import time
from collections.abc import Callable, Sequence
from typing import Any

import asyncpg
import redis.asyncio as redis
from redis.exceptions import ResponseError

from commands.log.store import Position, StoredEvent
from infra.process import tracing
from infra.process.database import TRANSIENT
from infra.reading import checkpoints, rebuilds
from infra.reading.catalog import ReadModel
from infra.reading.projection_metrics import DEAD_LETTERS, Lag
from infra.reading.redis_streams import decode_entry, entry_id
from infra.store.postgres_store import PostgresEventStore

log = logging.getLogger(__name__)
CATCH_UP_BATCH = 500
JANITOR_SECONDS = 1.0
"""How often a runner looks for entries left pending too long (rather than after each batch)."""
Entry = tuple[bytes, dict[bytes, bytes]]
TRANSIENT_TRIES = 6
TRANSIENT_PAUSE = 0.1
"""Seconds before a batch's second try, doubled before each next (3.1 s over six tries)."""


_CHECKPOINT_AND_NEXT = """
SELECT coalesce(c.tx_id, 0) AS tx_id, coalesce(c.global_position, 0) AS global_position,
       n.tx_id AS next_tx_id, n.global_position AS next_position
FROM (SELECT $1::text AS name) AS projection
LEFT JOIN checkpoints c ON c.name = projection.name
LEFT JOIN LATERAL (
  SELECT e.tx_id::text::bigint AS tx_id, e.global_position FROM events e
  WHERE (e.tx_id, e.global_position)
        > (coalesce(c.tx_id, 0)::text::xid8, coalesce(c.global_position, 0))
    AND e.tx_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY e.tx_id, e.global_position LIMIT 1
) AS n ON true
"""
"""A projection's checkpoint and the position of the first committed event after it, in one
round trip (read under the projection's lock)."""


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
        self._lag = Lag(projection.name)

    @property
    def group(self) -> str:
        return self.projection.name

    async def run(self, stopping: asyncio.Event, block_ms: int = 1000) -> None:
        log.info("projection %s: starting", self.group)
        await self.attach()
        tidied = time.monotonic()
        while not stopping.is_set():
            try:
                await self.step(block_ms)
                if time.monotonic() - tidied >= JANITOR_SECONDS:
                    await self.janitor()
                    tidied = time.monotonic()
            except ResponseError as error:
                if "NOGROUP" not in str(error):
                    raise
                await self.attach()
        log.info("projection %s: stopped", self.group)

    async def attach(self) -> None:
        """Catch up from Postgres, then point the consumer group at the checkpoint."""
        applied = 0

        def count(events: int) -> None:
            nonlocal applied
            applied += events

        position = await self.catch_up(count)
        log.info("projection %s: caught up (%d events from the log)", self.group, applied)
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
        """Build the read model again from the whole log beside the live one, then swap it
        in at once (`infra.reading.rebuilds`): readers never see it empty or partial."""
        await rebuilds.rebuild(self._pool, self._store, self.projection, progress)

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
        with self._lag.behind(events):
            try:
                return await self._tried(events)
            except Exception:
                log.exception("projection %s failed on a batch", self.projection.name)
            for event in events:
                try:
                    if not await self._tried([event]):
                        return False
                except Exception as error:
                    await self._dead_letter(event, repr(error))
                    await self._skip(event)
            return True

    async def _tried(self, events: Sequence[StoredEvent]) -> bool:
        """`_apply`, tried again while it fails for a cause of the moment, with a growing
        pause; the last try on connections opened afresh."""
        for attempt in range(TRANSIENT_TRIES - 1):
            try:
                return await self._apply(events)
            except TRANSIENT as error:
                pause = TRANSIENT_PAUSE * 2**attempt
                log.warning(
                    "projection %s: a batch failed for a cause of the moment (%s: %s);"
                    " trying again in %.1f s",
                    self.group,
                    type(error).__name__,
                    error,
                    pause,
                )
                await asyncio.sleep(pause)
        await self._pool.expire_connections()
        return await self._apply(events)

    async def _apply(self, events: Sequence[StoredEvent]) -> bool:
        """Apply the events past the checkpoint; False when they do not follow it."""
        async with self._pool.acquire() as connection, connection.transaction():
            await self._take_lock(connection)
            row = await connection.fetchrow(_CHECKPOINT_AND_NEXT, self.projection.name)
            position = Position(row["tx_id"], row["global_position"])
            fresh = [event for event in events if event.position > position]
            if not fresh:
                return True
            if Position(row["next_tx_id"] or 0, row["next_position"] or 0) != fresh[0].position:
                return False
            parents = tracing.traceparents(fresh)
            with tracing.following("cardroom.project", parents, read_model=self.group):
                await self.projection.apply(connection, fresh)
                await checkpoints.save(connection, self.projection.name, fresh[-1].position)
        self._lag.applied(fresh)
        return True

    async def _skip(self, event: StoredEvent) -> None:
        async with self._pool.acquire() as connection, connection.transaction():
            if await self._lock(connection) < event.position:
                await checkpoints.save(connection, self.projection.name, event.position)

    async def _lock(self, connection: asyncpg.Connection) -> Position:
        """Take this projection's lock for the transaction; return its checkpoint."""
        await self._take_lock(connection)
        return await checkpoints.load(connection, self.projection.name)

    async def _take_lock(self, connection: asyncpg.Connection) -> None:
        await connection.execute(rebuilds.PROJECTION_LOCK, self.projection.name)

    async def _dead_letter(self, event: StoredEvent, error: str) -> None:
        log.error("projection %s dead-letters event %s: %s", self.group, event.event_id, error)
        DEAD_LETTERS.labels(self.group).inc()
        fields: dict[Any, Any] = {"event_id": event.event_id, "position": entry_id(event.position)}
        await self._client.xadd(self.dead_letters, {**fields, "error": error})

"""Runs read models: Redis consumer group in, Postgres read models and checkpoints out.

A runner reads the stream once for all the read models it runs and applies each batch to
them in one transaction with their checkpoints (`infra.reading.batches`), under each model's
lock, keeping for each only the events past its checkpoint: duplicates are dropped and
several consumers (or a rebuild) may run at once. Redis is transport, not truth: when a batch
does not follow a checkpoint (the stream was lost, flushed or trimmed), the runner catches up
straight from Postgres and re-attaches its group where the read models stand.

Under load a runner works in fewer, larger batches: after a batch short of full it pauses
`GATHER_SECONDS` before reading again, so the next batch holds what arrived meanwhile (one
transaction for all of it, and a row that several events change written once). The first
event after a quiet spell is applied at once.

Failures are isolated per read model (`infra.reading.batches`): an event that a model still
fails on after its tries goes to that model's dead-letter stream with its error (logged with
its id, counted in `cardroom_dead_letters_total`), never silently dropped.
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
from infra.reading import checkpoints
from infra.reading.batches import BatchApplier
from infra.reading.catalog import ReadModel
from infra.reading.projection_metrics import DEAD_LETTERS
from infra.reading.redis_streams import decode_entry, entry_id
from infra.store.postgres_store import PostgresEventStore

log = logging.getLogger(__name__)
CATCH_UP_BATCH = 500
GATHER_SECONDS = 0.02
"""The pause after a batch short of full, in which the next batch gathers."""
JANITOR_SECONDS = 1.0
"""How often a runner looks for entries left pending too long (rather than after each batch)."""
Entry = tuple[bytes, dict[bytes, bytes]]


class ProjectionRunner:
    """Runs `models` off one consumer group, `group` (by default their names joined)."""

    def __init__(
        self,
        pool: asyncpg.Pool,
        client: redis.Redis,
        stream: str,
        models: Sequence[ReadModel],
        group: str | None = None,
        batch: int = 200,
        max_deliveries: int = 3,
        claim_idle_ms: int = 30_000,
        consumer: str | None = None,
    ) -> None:
        self._pool = pool
        self._store = PostgresEventStore(pool)
        self._client = client
        self._stream = stream
        self._applier = BatchApplier(pool, models, self._dead_letter)
        self.group = group or "+".join(model.name for model in self._applier.models)
        self._batch = batch
        self._max_deliveries = max_deliveries
        self._claim_idle_ms = claim_idle_ms
        self._consumer = consumer or f"{socket.gethostname()}-{os.getpid()}"
        for model in models:
            DEAD_LETTERS.labels(model.name)

    def dead_letters(self, model: ReadModel) -> str:
        """The stream of the events `model` gave up on."""
        return f"{self._stream}:dead:{model.name}"

    async def run(self, stopping: asyncio.Event, block_ms: int = 1000) -> None:
        log.info("runner %s: starting", self.group)
        await self.attach()
        tidied = time.monotonic()
        while not stopping.is_set():
            try:
                size = await self.step(block_ms)
                if 0 < size < self._batch:
                    await asyncio.sleep(GATHER_SECONDS)
                if time.monotonic() - tidied >= JANITOR_SECONDS:
                    await self.janitor()
                    tidied = time.monotonic()
            except ResponseError as error:
                if "NOGROUP" not in str(error):
                    raise
                await self.attach()
        log.info("runner %s: stopped", self.group)

    async def attach(self) -> None:
        """Catch up from Postgres, then point the consumer group where the models stand."""
        applied = 0

        def count(events: int) -> None:
            nonlocal applied
            applied += events

        position = await self.catch_up(count)
        log.info("runner %s: caught up (%d events from the log)", self.group, applied)
        try:
            await self._client.xgroup_create(
                self._stream, self.group, id=entry_id(position), mkstream=True
            )
        except ResponseError as error:
            if "BUSYGROUP" not in str(error):
                raise
            await self._client.xgroup_setid(self._stream, self.group, id=entry_id(position))

    async def catch_up(self, progress: Callable[[int], Any] | None = None) -> Position:
        """Apply every committed event past the checkpoints, straight from Postgres, from
        the one furthest behind; returns where every model then stands."""
        position = min([await checkpoints.load(self._pool, m.name) for m in self._applier.models])
        while events := await self._store.read_all(position, CATCH_UP_BATCH):
            await self._applier.apply(events)
            position = events[-1].position
            if progress:
                progress(len(events))
        return position

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
        """Apply the entries past the checkpoints, catching up from Postgres after a gap."""
        if not await self._applier.apply([decode_entry(fields) for _, fields in entries]):
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
                    event = decode_entry(entry[1])
                    for model in self._applier.models:
                        await self._dead_letter(model, event, "delivered too often")
                    await self._client.xack(self._stream, self.group, entry[0])
                else:
                    retried.append(entry)
            if retried:
                await self.apply(retried)
                await self.acknowledge(retried)

    async def _dead_letter(self, model: ReadModel, event: StoredEvent, error: str) -> None:
        log.error("projection %s dead-letters event %s: %s", model.name, event.event_id, error)
        DEAD_LETTERS.labels(model.name).inc()
        fields: dict[Any, Any] = {"event_id": event.event_id, "position": entry_id(event.position)}
        await self._client.xadd(self.dead_letters(model), {**fields, "error": error})

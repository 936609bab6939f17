"""A batch of events applied to several read models in one transaction.

One transaction takes every model's lock (in name order, so two runners never wait on each
other crosswise), reads every checkpoint with the first committed event after it in one
statement, applies to each model the events past its checkpoint and saves the checkpoints it
moved in one statement: a batch costs a handful of round trips whatever the number of read
models, where a transaction per model cost that many times more.

A batch that fails for a cause of the moment (`TRANSIENT`: a connection lost or refused, a
statement cancelled at its timeout, a lock not granted, a deadlock) is tried again with a
growing pause, the last time on fresh connections. A batch that fails together for another
cause is applied by each model on its own, so one failing model holds back no other: the one
that still fails is tried one event at a time, and an event that fails for it even alone goes
to its dead-letter stream (`DeadLetter`) and is skipped by its checkpoint, never silently.
"""

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime

import asyncpg

from commands.log.store import Position, StoredEvent
from infra.process import tracing
from infra.process.database import TRANSIENT
from infra.reading import checkpoints, rebuilds
from infra.reading.catalog import ReadModel
from infra.reading.projection_metrics import Lag

log = logging.getLogger(__name__)
TRANSIENT_TRIES = 6
TRANSIENT_PAUSE = 0.1
"""Seconds before a batch's second try, doubled before each next (3.1 s over six tries)."""
DeadLetter = Callable[[ReadModel, StoredEvent, str], Awaitable[None]]
"""Puts an event a read model gave up on in its dead-letter stream, with the error."""

_LOCKS = (
    "SELECT pg_advisory_xact_lock(hashtext('projection:' || name))"
    " FROM unnest($1::text[]) AS projection(name)"
)
"""Every named projection's lock (`rebuilds.PROJECTION_LOCK`), taken in the array's order."""
_CHECKPOINTS_AND_NEXT = """
SELECT projection.name,
       coalesce(c.tx_id, 0) AS tx_id, coalesce(c.global_position, 0) AS global_position,
       n.tx_id AS next_tx_id, n.global_position AS next_position
FROM unnest($1::text[]) AS projection(name)
LEFT JOIN checkpoints c ON c.name = projection.name
LEFT JOIN LATERAL (
  SELECT e.tx_id::text::bigint AS tx_id, e.global_position FROM events e
  WHERE (e.tx_id, e.global_position)
        > (coalesce(c.tx_id, 0)::text::xid8, coalesce(c.global_position, 0))
    AND e.tx_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY e.tx_id, e.global_position LIMIT 1
) AS n ON true
"""
"""Each projection's checkpoint and the position of the first committed event after it."""
_SAVE = """
INSERT INTO checkpoints (name, tx_id, global_position)
SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[])
ON CONFLICT (name) DO UPDATE
SET tx_id = EXCLUDED.tx_id, global_position = EXCLUDED.global_position, updated_at = now()
"""


class BatchApplier:
    """Applies batches of events to `models`, each past its own checkpoint."""

    def __init__(
        self, pool: asyncpg.Pool, models: Sequence[ReadModel], dead_letter: DeadLetter
    ) -> None:
        self._pool = pool
        self.models = sorted(models, key=lambda model: model.name)
        self._dead_letter = dead_letter
        self._lags = {model.name: Lag(model.name) for model in self.models}

    async def apply(self, events: Sequence[StoredEvent]) -> bool:
        """Apply the events past each model's checkpoint; False when, for some model, they do
        not follow its checkpoint (the caller then catches up from the log)."""
        with contextlib.ExitStack() as behind:
            for lag in self._lags.values():
                behind.enter_context(lag.behind(events))
            try:
                return await self._tried(self.models, events)
            except Exception:
                if len(self.models) == 1:
                    log.exception("projection %s failed on a batch", self.models[0].name)
                else:
                    log.exception("read models failed on a batch together; each tries alone")
            followed = [await self._alone(model, events) for model in self.models]
            return all(followed)

    async def _alone(self, model: ReadModel, events: Sequence[StoredEvent]) -> bool:
        """One model's batch; on failure its events one by one, dead-lettering what fails."""
        if len(self.models) > 1:
            try:
                return await self._tried([model], events)
            except Exception:
                log.exception("projection %s failed on a batch", model.name)
        for event in events:
            try:
                if not await self._tried([model], [event]):
                    return False
            except Exception as error:
                await self._dead_letter(model, event, repr(error))
                await self._skip(model, event)
        return True

    async def _tried(self, models: Sequence[ReadModel], events: Sequence[StoredEvent]) -> bool:
        """`_applied`, tried again while it fails for a cause of the moment, with a growing
        pause; the last try on connections opened afresh."""
        for attempt in range(TRANSIENT_TRIES - 1):
            try:
                return await self._applied(models, events)
            except TRANSIENT as error:
                pause = TRANSIENT_PAUSE * 2**attempt
                log.warning(
                    "read models %s: a batch failed for a cause of the moment (%s: %s);"
                    " trying again in %.1f s",
                    ", ".join(model.name for model in models),
                    type(error).__name__,
                    error,
                    pause,
                )
                await asyncio.sleep(pause)
        await self._pool.expire_connections()
        return await self._applied(models, events)

    async def _applied(self, models: Sequence[ReadModel], events: Sequence[StoredEvent]) -> bool:
        """One transaction: each model's events past its checkpoint, when they follow it."""
        names = [model.name for model in models]
        applied: dict[str, list[StoredEvent]] = {}
        followed = True
        async with self._pool.acquire() as connection, connection.transaction():
            await connection.execute(_LOCKS, names)
            rows = {
                row["name"]: row for row in await connection.fetch(_CHECKPOINTS_AND_NEXT, names)
            }
            for model in models:
                row = rows[model.name]
                position = Position(row["tx_id"], row["global_position"])
                fresh = [event for event in events if event.position > position]
                if not fresh:
                    continue
                if Position(row["next_tx_id"] or 0, row["next_position"] or 0) != fresh[0].position:
                    followed = False
                    continue
                parents = tracing.traceparents(fresh)
                with tracing.following("cardroom.project", parents, read_model=model.name):
                    await model.apply(connection, fresh)
                applied[model.name] = fresh
            if applied:
                last = [fresh[-1].position for fresh in applied.values()]
                positions = ([p.tx_id for p in last], [p.global_position for p in last])
                await connection.execute(_SAVE, list(applied), *positions)
        committed = datetime.now(UTC)  # one moment for every model: one transaction
        for name, fresh in applied.items():
            self._lags[name].applied(fresh, committed)
        return followed

    async def _skip(self, model: ReadModel, event: StoredEvent) -> None:
        async with self._pool.acquire() as connection, connection.transaction():
            await connection.execute(rebuilds.PROJECTION_LOCK, model.name)
            if await checkpoints.load(connection, model.name) < event.position:
                await checkpoints.save(connection, model.name, event.position)

"""The relay: one leader tails the event store in commit order and publishes to Redis.

Leadership is a Postgres advisory lock held on a dedicated connection, so any number of
relays may run and exactly one publishes. The checkpoint is saved in Postgres at most every
`SAVE_SECONDS`, and within `SAVE_SECONDS` of the last publication; a relay that restarts
before saving publishes those events again, and Redis refuses the repeated ids, so nothing
is lost or doubled.

The relay does not poll while the log is quiet: the process of every append notifies the
channel `APPENDED` once it has committed, with the newest transaction id (Postgres
LISTEN/NOTIFY, from any process; `infra.store.append_notices`), which wakes the relay at once.
A batch shorter than a full one read everything committed when it was read, so the relay
reads again only when told of a commit since (or when the batch was full). A commit the
horizon still hides (an older transaction is running) is read again after `RETRY_SECONDS`,
then twice as long each time, until the relay has passed it; `idle_seconds` is only the
fallback should a notification be lost.

The relay's metrics are recorded by the process that relays, and served by its port (or by
`serve` when it runs the relay): `cardroom_relay_leader` (1 while this process leads),
`cardroom_relay_leadership_changes_total` (each take and each loss), and while it leads
`cardroom_relayed_events_total` and `cardroom_relay_lag_seconds`. Taking, holding (at start)
and losing the leadership are logged.
"""

import asyncio
import logging
import math
import time
from typing import Any

import asyncpg
import redis.asyncio as redis
from prometheus_client import Counter, Gauge

from commands.log.store import Position
from infra.process import tracing
from infra.process.metrics import seconds_since
from infra.process.workers import pause
from infra.reading import checkpoints
from infra.reading.redis_streams import publish
from infra.store.append_notices import APPENDED
from infra.store.postgres_store import PostgresEventStore

log = logging.getLogger(__name__)
CHECKPOINT = "relay"
RETRY_SECONDS = 0.001
SAVE_SECONDS = 0.1
_LEADER_LOCK = 0x72656C6179  # "relay"
RELAYED_EVENTS = Counter("cardroom_relayed_events", "Events published.")
RELAY_LAG_SECONDS = Gauge(
    "cardroom_relay_lag_seconds", "Age of the last event published to Redis (0 when not leading)."
)
LEADER = Gauge("cardroom_relay_leader", "1 while this process's relay leads, else 0.")
LEADERSHIP_CHANGES = Counter(
    "cardroom_relay_leadership_changes", "Leadership taken or lost by this process's relay."
)


class Relay:
    def __init__(
        self,
        pool: asyncpg.Pool,
        client: redis.Redis,
        stream: str,
        batch: int = 500,
        idle_seconds: float = 1.0,
    ) -> None:
        self._pool = pool
        self._store = PostgresEventStore(pool)
        self._client = client
        self._stream = stream
        self._batch = batch
        self._idle = idle_seconds
        self._woken = asyncio.Event()
        self._notified = 0
        """The newest transaction id an append notified."""
        self._retry = RETRY_SECONDS
        self.position = Position()
        self._saved = Position()
        self._saved_at = 0.0

    async def run(self, stopping: asyncio.Event) -> None:
        """Publish until `stopping` is set, once this relay holds the leader lock."""
        waking = asyncio.ensure_future(self._wake_on(stopping))
        try:
            async with self._pool.acquire() as leader:
                if await self._lead(leader, stopping):
                    await self._publish_while_leading(leader, stopping)
        finally:
            waking.cancel()

    async def _publish_while_leading(
        self, leader: asyncpg.Connection, stopping: asyncio.Event
    ) -> None:
        try:
            await leader.add_listener(APPENDED, self._wake)
            self.position = self._saved = await checkpoints.load(self._pool, CHECKPOINT)
            while not stopping.is_set():
                published = await self.publish_batch()
                if published:
                    self._retry = RETRY_SECONDS
                if self._saving_in() <= 0:
                    await self.save()
                if published < self._batch:
                    await self._sleep(stopping, min(self._pause(), self._saving_in()))
            await self.save()
        finally:
            self._step_down(stopping)
            await leader.remove_listener(APPENDED, self._wake)
            await leader.execute("SELECT pg_advisory_unlock($1)", _LEADER_LOCK)

    async def _lead(self, leader: asyncpg.Connection, stopping: asyncio.Event) -> bool:
        """Take the leader lock, standing by while another relay holds it; False when
        stopping was asked for first."""
        if not await leader.fetchval("SELECT pg_try_advisory_lock($1)", _LEADER_LOCK):
            log.info("relay: another relay leads; standing by")
            while not await leader.fetchval("SELECT pg_try_advisory_lock($1)", _LEADER_LOCK):
                self._woken.clear()  # no notification is heard while standing by
                if await self._sleep(stopping, 1.0):
                    return False
        log.info("relay: took the leadership; publishing to %s", self._stream)
        LEADER.set(1)
        LEADERSHIP_CHANGES.inc()
        return True

    def _step_down(self, stopping: asyncio.Event) -> None:
        LEADER.set(0)
        RELAY_LAG_SECONDS.set(0)
        LEADERSHIP_CHANGES.inc()
        if stopping.is_set():
            log.info("relay: stopping; gave up the leadership at %s", self.position)
        else:
            log.warning("relay: lost the leadership at %s", self.position)

    async def publish_batch(self) -> int:
        """Publish the next batch of committed events; returns how many there were."""
        self._woken.clear()
        events = await self._store.read_all(self.position, self._batch)
        if not events:
            return 0
        with tracing.following("cardroom.relay", tracing.traceparents(events), events=len(events)):
            await publish(self._client, self._stream, events)
        self.position = events[-1].position
        RELAY_LAG_SECONDS.set(seconds_since(events[-1].recorded_at))
        RELAYED_EVENTS.inc(len(events))
        return len(events)

    async def save(self) -> None:
        """Save the position published to, unless it is saved already."""
        if self.position != self._saved:
            await checkpoints.save(self._pool, CHECKPOINT, self.position)
            self._saved, self._saved_at = self.position, time.monotonic()

    def _saving_in(self) -> float:
        """Seconds until the position published to is due to be saved (inf: it is saved)."""
        if self.position == self._saved:
            return math.inf
        return self._saved_at + SAVE_SECONDS - time.monotonic()

    def _wake(self, connection: Any, pid: int, channel: str, payload: str) -> None:
        self._notified = max(self._notified, int(payload))
        self._woken.set()

    def _pause(self) -> float:
        """How long to wait for news: a notified commit not read yet is asked for again soon."""
        if self._notified <= self.position.tx_id:
            return self._idle
        self._retry = min(self._retry * 2, self._idle)
        return self._retry / 2

    async def _wake_on(self, stopping: asyncio.Event) -> None:
        await stopping.wait()
        self._woken.set()

    async def _sleep(self, stopping: asyncio.Event, seconds: float) -> bool:
        """Wait up to `seconds` for a notification (or for `stopping`, which `_wake_on` turns
        into one: one event to wait on, so a notification wakes the relay at the loop's next
        turn); True when stopping was asked for."""
        if not stopping.is_set():
            await pause(self._woken, seconds)
        return stopping.is_set()

"""The Redis stream that carries the log to the projections.

Each entry's stream id is its log position, ``<tx_id>-<global_position>``, so ids rise in
commit order, a second publication of the same event is refused by Redis itself, and any
reader can tell exactly where an entry sits in the log. The entry's one field, ``event``,
holds the stored event as JSON.
"""

import asyncio
from typing import Any

import msgspec
import redis.asyncio as redis
from redis.exceptions import ResponseError

from commands.core.bus import EventBus
from commands.log.store import Position, StoredEvent

MAX_LENGTH = 200_000
"""Entries kept in the stream (approximately); readers further behind catch up from Postgres."""
TAIL_BATCH = 500
"""Entries a tail reads at most at once."""
GATHER_SECONDS = 0.02
"""After a read that found entries, how long a tail lets more gather before it reads again.
A read costs the process far more than the entries it brings, and on a busy stream every
read would bring one commit; with the pause one read brings every commit of the moment, so
a node pays little for hearing the games other nodes serve. A node hears its own commits at
once from its command handler: the pause delays only other processes' news."""

_decode_event = msgspec.json.Decoder(StoredEvent).decode


def entry_id(position: Position) -> str:
    return f"{position.tx_id}-{position.global_position}"


def position_of(entry: bytes | str) -> Position:
    text = entry.decode() if isinstance(entry, bytes) else entry
    tx_id, global_position = text.split("-")
    return Position(int(tx_id), int(global_position))


def decode_entry(fields: dict[bytes, bytes]) -> StoredEvent:
    return _decode_event(fields[b"event"])


async def publish(client: redis.Redis, stream: str, events: list[StoredEvent]) -> int:
    """XADD every event under its position id in one round trip; returns how many were new.

    An id at or below the stream's last id is refused by Redis: the event went out before.
    """
    async with client.pipeline(transaction=False) as pipe:
        for event in events:
            fields: dict[Any, Any] = {"event": msgspec.json.encode(event)}
            position = entry_id(event.position)
            pipe.xadd(stream, fields, id=position, maxlen=MAX_LENGTH, approximate=True)
        results = await pipe.execute(raise_on_error=False)
    for result in results:
        if isinstance(result, ResponseError) and "equal or smaller" not in str(result):
            raise result
    return sum(not isinstance(result, Exception) for result in results)


class StreamTail:
    """Reads the stream from its end as entries arrive and hands them to the process's event
    bus: how events of other processes reach this one's feeds, bots and clocks."""

    def __init__(
        self,
        client: redis.Redis,
        stream: str,
        bus: EventBus,
        gather_seconds: float = GATHER_SECONDS,
    ) -> None:
        self._client = client
        self._stream = stream
        self._bus = bus
        self._gather = gather_seconds
        self.connected = False
        """Whether the last read of the stream succeeded."""

    async def run(self, stopping: asyncio.Event) -> None:
        last = "$"
        try:
            while not stopping.is_set():
                reply: Any = await self._client.xread(
                    {self._stream: last}, count=TAIL_BATCH, block=1000
                )
                self.connected = True
                read = 0
                for _, entries in reply or ():
                    last = entries[-1][0]
                    read += len(entries)
                    self._bus.tailed([decode_entry(fields) for _, fields in entries])
                if 0 < read < TAIL_BATCH:
                    await asyncio.sleep(self._gather)
        finally:
            self.connected = False

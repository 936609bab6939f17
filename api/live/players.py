"""A player's event stream: `GET /players/me/live` sends the player's news
(`infra.reading.player_news`) as Server-Sent Events whose id is the notice's position, so `Last-
Event-ID` resumes with neither a gap nor a duplicate, on any node and after any restart.

The news is a read model, so a stream reads it: once when it opens, then each time the read
model says it wrote to the player (a Postgres notification, heard by every API node on one
connection, `PlayerNewsListener`), and at each heartbeat of the hub, which also sends a keep-
alive to a stream quiet since the beat before and stands for a notification lost. Streams are
capped per player (`STREAMS_PER_PLAYER`, in each process) besides the hub's cap per client
address. Notices carry ids, seats, versions and standings, never a card."""

import asyncio
import contextlib
import re
from collections import Counter, defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import asyncpg
import msgspec
from litestar.response import ServerSentEventMessage

from api.http.errors import HttpRefusal
from api.live.direct_streams import Writer
from api.live.hub import LiveHub
from api.live.subscribers import KEEP_ALIVE
from infra.process import workers
from infra.reading import player_news
from infra.reading.player_news import Notice, Position

STREAMS_PER_PLAYER = 8
BATCH = 100
"""Notices read at once."""
LAST_EVENT_ID = re.compile(r"^(\d{1,19})-(\d{1,19})-(\d{1,4})$")
CHECK_SECONDS = 5.0
"""How often the listening connection is checked, so a lost one is opened again."""


def position(last_event_id: str | None) -> Position | None:
    """The position a `Last-Event-ID` names; refused when it is none."""
    if last_event_id is None:
        return None
    matched = LAST_EVENT_ID.match(last_event_id)
    if matched is None:
        raise HttpRefusal(
            "invalid_last_event_id",
            "Last-Event-ID is a position of this stream: <tx_id>-<global_position>-<slot>",
        )
    tx_id, global_position, slot = map(int, matched.groups())
    if max(tx_id, global_position) >= 2**63:
        raise HttpRefusal("invalid_last_event_id", "Last-Event-ID is past any position")
    return Position(tx_id, global_position, slot)


def notice_message(notice: Notice) -> bytes:
    data = msgspec.json.encode(notice.notice).decode()
    message = ServerSentEventMessage(data=data, event=notice.notice.type, id=str(notice.position))
    return message.encode()


Connect = Callable[[], Awaitable[asyncpg.Connection]]
"""Opens a connection outside the pool (`infra.process.database.open_connection`)."""


class PlayerStreams:
    """The player streams of this process: woken by the read model's notifications and the
    hub's heartbeat, counted per player."""

    def __init__(self, hub: LiveHub, pool: asyncpg.Pool) -> None:
        self._hub, self._pool = hub, pool
        self._woken: defaultdict[str, set[asyncio.Event]] = defaultdict(set)
        self._open: Counter[str] = Counter()
        hub.on_beat(self._wake_all)

    def _wake_all(self) -> None:
        for events in self._woken.values():
            for event in events:
                event.set()

    def _notified(self, connection: Any, pid: int, channel: str, handle: str) -> None:
        for event in self._woken.get(handle, ()):
            event.set()

    async def listen(self, stopping: asyncio.Event, connect: Connect) -> None:
        """Hear the read model's notifications until stopping (a background work), on a
        connection of its own from `connect`: a listener holds its connection for good, so it
        never takes one of the pool's from the requests."""
        connection = await connect()
        try:
            await connection.add_listener(player_news.PLAYER_NEWS, self._notified)
            while not await workers.pause(stopping, CHECK_SECONDS):
                await connection.execute("SELECT 1")
        finally:
            await connection.close()

    def admit(self, handle: str) -> None:
        if self._open[handle] >= STREAMS_PER_PLAYER:
            raise HttpRefusal(
                "too_many_streams", f"at most {STREAMS_PER_PLAYER} streams of one player at once"
            )

    @contextlib.asynccontextmanager
    async def following(self, handle: str) -> AsyncIterator[asyncio.Event]:
        self.admit(handle)
        self._open[handle] += 1
        woken = asyncio.Event()
        self._woken[handle].add(woken)
        try:
            yield woken
        finally:
            self._woken[handle].discard(woken)
            if not self._woken[handle]:
                del self._woken[handle]
            self._open[handle] -= 1
            if self._open[handle] <= 0:
                del self._open[handle]

    async def updates(self, write: Writer, handle: str, after: Position) -> None:
        """Write the player's notices after `after`, then each new one as it is written,
        until the service stops; a keep-alive at a beat that finds the stream quiet."""
        hub = self._hub
        async with self.following(handle) as woken:
            written_at = hub.beats
            while not hub.closing.is_set():
                woken.clear()
                notices = await player_news.notices_after(self._pool, handle, after, BATCH)
                if notices:
                    await write(b"".join(notice_message(each) for each in notices))
                    after, written_at = notices[-1].position, hub.beats
                    continue
                if hub.beats >= written_at + 2:
                    await write(KEEP_ALIVE)
                    written_at = hub.beats - 1
                await woken.wait()

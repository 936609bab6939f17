"""The lobby, live: `GET /lobby/live` pushes the lobby page whenever it changes.

The streams asking for the same page (`kind`, `limit`) share one feed, which reads the page
for all of them. The hub wakes the feeds on every event that opens, fills or starts a table.
The lobby is a read model, which trails the log by the projection lag, so for `SETTLE_SECONDS`
after the last such event (heard before the feed opened, or while it was reading) a feed reads
the page every `SETTLE_STEP` seconds; a feed also reads it at every poll anyway, so a lag
beyond that only delays a change, and a read that fails (Postgres down) is tried again at the
next one while the streams go on. A stream
that falls behind only misses pages that were replaced: it is always sent the latest. The
hub's heartbeat wakes the streams too, and one quiet since the beat before sends a
keep-alive.
"""

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator

import asyncpg
import msgspec
from litestar.response import ServerSentEventMessage

from api.http.errors import UNAVAILABLE
from api.http.params import Page
from api.live.direct_streams import Writer
from api.live.hub import (
    LOBBY,
    LiveHub,
)
from api.live.subscribers import KEEP_ALIVE
from infra.reading import read_models
from projections.lobby import LobbyTable

log = logging.getLogger(__name__)
SETTLE_STEP = 0.1
SETTLE_SECONDS = 3.0
LobbyPage = Page[LobbyTable]


def lobby_message(page: LobbyPage) -> bytes:
    data = msgspec.json.encode(page).decode()
    return ServerSentEventMessage(data=data, event="lobby").encode()


class LobbyFeed:
    """One lobby page as its streams follow it: the latest message, replaced on a change."""

    def __init__(self, hub: LiveHub, pool: asyncpg.Pool, kind: str | None, limit: int) -> None:
        self._hub, self._pool, self._kind, self._limit = hub, pool, kind, limit
        self.streams = 0
        self.shown: LobbyPage | None = None
        self.message = b""
        self.changed = asyncio.Event()
        """Set when `message` is replaced or the hub beats (then a new event stands for the
        next), and for good once the feed has stopped."""
        self.stopped = False

    async def load(self) -> None:
        self._show(await lobby_page(self._pool, self._kind, self._limit))

    def _show(self, page: LobbyPage) -> None:
        self.shown, self.message = page, lobby_message(page)
        self.wake()

    def wake(self) -> None:
        """Wake the streams: the page changed, or the hub beat."""
        changed, self.changed = self.changed, asyncio.Event()
        changed.set()

    async def run(self) -> None:
        try:
            while self.streams and not self._hub.closing.is_set():
                if time.monotonic() < self._hub.lobby_heard_at + SETTLE_SECONDS:
                    await asyncio.sleep(SETTLE_STEP)
                else:
                    await self._hub.wait(LOBBY, self._hub.poll_seconds())
                try:
                    page = await lobby_page(self._pool, self._kind, self._limit)
                except UNAVAILABLE as error:
                    log.warning("the lobby stream cannot read the lobby now: %s", error)
                    continue
                if page != self.shown:
                    self._show(page)
        finally:
            self.stopped = True
            self.changed.set()


class LobbyFeeds:
    """The lobby feeds followed now, by page (`kind`, `limit`)."""

    def __init__(self, hub: LiveHub, pool: asyncpg.Pool) -> None:
        self._hub, self._pool = hub, pool
        self._feeds: dict[tuple[str | None, int], LobbyFeed] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        hub.on_beat(self._beat)

    def _beat(self) -> None:
        for feed in self._feeds.values():
            feed.wake()

    @contextlib.asynccontextmanager
    async def following(self, kind: str | None, limit: int) -> AsyncIterator[LobbyFeed]:
        key = (kind, limit)
        feed = self._feeds.get(key)
        if feed is None:
            feed = LobbyFeed(self._hub, self._pool, kind, limit)
            await feed.load()
            feed = self._feeds.setdefault(key, feed)
        feed.streams += 1
        if feed.streams == 1:
            task = asyncio.create_task(feed.run())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        try:
            yield feed
        finally:
            feed.streams -= 1
            if not feed.streams and self._feeds.get(key) is feed:
                del self._feeds[key]
                feed.changed.set()


async def lobby_updates(
    write: Writer, hub: LiveHub, feeds: LobbyFeeds, kind: str | None, limit: int
) -> None:
    """Write the lobby page now, then again each time it changes, until the service stops;
    at a heartbeat of the hub that finds the stream quiet since the one before, a
    keep-alive."""
    async with feeds.following(kind, limit) as feed:
        sent, written_at = b"", hub.beats
        while not hub.closing.is_set() and not feed.stopped:
            changed = feed.changed
            if feed.message != sent:
                sent = feed.message
                await write(sent)
                written_at = hub.beats
            elif hub.beats >= written_at + 2:
                await write(KEEP_ALIVE)
                written_at = hub.beats - 1  # quiet still: the next beat brings another
            await changed.wait()


async def lobby_page(pool: asyncpg.Pool, kind: str | None, limit: int) -> LobbyPage:
    return Page(*await read_models.lobby(pool, kind, limit, 0))

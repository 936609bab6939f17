"""Live push: Server-Sent Events of a game's events, each redacted for the caller.

The hub hears every game's news from the process's event bus (`commands.core.bus`) and hands it
to the feed of its game (`api.live.feeds`), one feed per game followed, shared by all of the
game's streams. The SSE id is the event's
version, so a client reconnecting with `Last-Event-ID` gets exactly what it missed. Every
`heartbeat` seconds the hub beats once for all streams, and a stream quiet since the last beat
sends the comment `: keep-alive`.

Streams are capped per game and per client address (`infra.process.settings.StreamCaps`); past a cap
a stream is refused with 429 `too_many_streams`. When the service is asked to stop, the hub
ends every stream (`close_soon`), so the server need not wait for streams that never end by
themselves; clients come back with `Last-Event-ID`.
"""

import asyncio
import math
import time
import weakref
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

from litestar import Request
from prometheus_client import Gauge

from api.http.errors import HttpRefusal
from api.live.direct_streams import Body, Writer
from api.live.feeds import GameFeed
from api.live.subscribers import Subscriber
from commands.core.bus import News
from commands.core.games import GameRepository
from domain import table
from infra.process import workers
from infra.process.settings import LIVE_HEARTBEAT, StreamCaps

POLL_SECONDS = 5.0
"""How long a feed (or the lobby) waits for a notification before it looks for itself."""
POLL_SECONDS_WITHOUT_REDIS = 1.0
"""The same while the hub cannot read Redis."""
LOBBY = "lobby"
"""The hub's topic woken by every event that opens, fills or starts a table."""
LOBBY_EVENTS = (
    table.TableCreated,
    table.SeatTaken,
    table.GameStarted,
    table.TableCancelled,
    table.TableExpired,
)
LIVE_CONNECTIONS = Gauge("cardroom_live_connections", "Open live (SSE) streams.")


class StreamCounts:
    """The streams open now, per game and per client address, within their caps."""

    def __init__(self, caps: StreamCaps) -> None:
        self._caps = caps
        self._games: Counter[str] = Counter()
        self._clients: Counter[str] = Counter()

    def admit(self, game_id: str | None, client: str) -> Callable[[], None]:
        """Count one more stream, or refuse it past a cap; returns its release."""
        if self._clients[client] >= self._caps.per_client:
            raise HttpRefusal(
                "too_many_streams",
                f"at most {self._caps.per_client} live streams from one client at once",
            )
        if game_id is not None and self._games[game_id] >= self._caps.per_game:
            raise HttpRefusal(
                "too_many_streams", f"this game has {self._caps.per_game} live streams already"
            )
        self._clients[client] += 1
        self._games.update([game_id] if game_id else [])
        released = False

        def release() -> None:
            nonlocal released
            if not released:
                released = True
                _decrement(self._clients, client)
                if game_id is not None:
                    _decrement(self._games, game_id)

        return release


def _changes_lobby(news: News) -> bool:
    return any(isinstance(event, LOBBY_EVENTS) for event in news.table_events)


def _decrement(counts: Counter[str], key: str) -> None:
    counts[key] -= 1
    if counts[key] <= 0:
        del counts[key]


class LiveHub:
    """The game feeds and lobby waits of this process, moved on by the event bus; the caps
    on open streams; the heartbeat of quiet streams; the end of every stream at shutdown."""

    def __init__(
        self,
        connected: Callable[[], bool],
        heartbeat: float = LIVE_HEARTBEAT.default,
        caps: StreamCaps | None = None,
    ) -> None:
        self._connected = connected
        self.heartbeat = heartbeat
        self.counts = StreamCounts(caps or StreamCaps())
        self.closing = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiting: defaultdict[str, set[asyncio.Event]] = defaultdict(set)
        self.lobby_heard_at = -math.inf
        """When (`time.monotonic`) news last came that opens, fills or starts a table."""
        self.beats = 0
        """Heartbeats so far."""
        self._beat_listeners: list[Callable[[], None]] = []
        self._feeds: dict[str, GameFeed] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def on_beat(self, listener: Callable[[], None]) -> None:
        """Have `listener` called at every heartbeat, after the game streams', and when the
        service stops (`close`)."""
        self._beat_listeners.append(listener)

    def hear(self, news: News) -> None:
        """News from the event bus: the game's feed, if followed, takes it; those waiting on
        its stream (`wait`, with the stream's id as the topic) wake; the lobby wakes when a
        table opens, fills or starts."""
        if feed := self._feeds.get(news.game_id):
            feed.hear(news)
        for waiter in self._waiting.get(news.game_id, ()):
            waiter.set()
        if _changes_lobby(news):
            self.lobby_heard_at = time.monotonic()
            for waiter in self._waiting.get(LOBBY, ()):
                waiter.set()

    def poll_seconds(self) -> float:
        return POLL_SECONDS if self._connected() else POLL_SECONDS_WITHOUT_REDIS

    async def wait(self, topic: str, seconds: float) -> None:
        """Return when the topic (LOBBY, or a stream's id) may have news, or after `seconds`
        at the latest (at once when the service is stopping)."""
        waiter = asyncio.Event()
        if self.closing.is_set():
            return
        self._waiting[topic].add(waiter)
        try:
            await workers.pause(waiter, seconds)
        finally:
            self._waiting[topic].discard(waiter)
            if not self._waiting[topic]:
                del self._waiting[topic]

    async def feed(self, games: GameRepository, game_id: str) -> GameFeed:
        """The game's feed, loaded; opened (and run) by its first stream."""
        feed = self._feeds.get(game_id)
        if feed is None or feed.stopped:
            feed = self._feeds[game_id] = GameFeed(game_id, games, self.poll_seconds)
            try:
                await feed.loaded
            except BaseException:
                self._feeds.pop(game_id, None)
                raise
            task = asyncio.create_task(feed.run())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        else:
            await asyncio.shield(feed.loaded)
        return feed

    def leave(self, feed: GameFeed, subscriber: Subscriber) -> None:
        if feed.leave(subscriber) and self._feeds.get(feed.game_id) is feed:
            del self._feeds[feed.game_id]

    async def beat(self, stopping: asyncio.Event) -> None:
        """Every `heartbeat` seconds, have each game stream that sent nothing since the last
        beat send a keep-alive: one timer for all the streams, none per stream."""
        self._loop = asyncio.get_running_loop()
        while not await workers.pause(stopping, self.heartbeat):
            self.beats += 1
            for feed in list(self._feeds.values()):
                for subscriber in list(feed.subscribers):
                    subscriber.beat()
            for listener in self._beat_listeners:
                listener()

    def close(self) -> None:
        """End every stream now: the service is stopping."""
        self.closing.set()
        for feed in self._feeds.values():
            for subscriber in feed.subscribers:
                subscriber.cut()
        for waiters in self._waiting.values():
            for waiter in waiters:
                waiter.set()
        for listener in self._beat_listeners:
            listener()

    def close_soon(self) -> None:
        """`close`, from a signal handler or another thread."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self.close)


def counted(body: Body, release: Callable[[], None]) -> Body:
    """`body`, counted as an open stream while it runs; released also when the stream is
    dropped before it started (the client left at once)."""

    async def counting(write: Writer) -> None:
        LIVE_CONNECTIONS.inc()
        try:
            await body(write)
        finally:
            LIVE_CONNECTIONS.dec()
            release()

    weakref.finalize(counting, release)
    return counting


def client_address(request: Request[Any, Any, Any]) -> str:
    return request.client.host if request.client else "unknown"


def refuse_while_closing(hub: LiveHub) -> None:
    if hub.closing.is_set():
        raise HttpRefusal("unavailable", "the service is stopping; reconnect in a moment")

"""Live push: Server-Sent Events of a game's events, each redacted for the caller.

Redis is only the wake-up call: a hub follows the event stream and wakes the connections of
each game touched; every connection then reads what it has not sent yet from Postgres, so a
lost notification delays an event (by at most `POLL_SECONDS`) but never drops it. The SSE id
is the event's version, so a client reconnecting with `Last-Event-ID` gets exactly what it
missed.
"""

import asyncio
import contextlib
from collections import defaultdict
from collections.abc import AsyncIterator, Callable
from typing import Annotated, Any

import msgspec
import redis.asyncio as redis
from litestar import Request, get
from litestar.params import FromPath, HeaderParameter, QueryParameter
from litestar.response import ServerSentEvent, ServerSentEventMessage
from prometheus_client import Gauge

from api.auth import HandlerDependency, game_and_viewer
from api.games import events_after
from commands.handler import CommandHandler
from commands.store import StoredEvent
from infra.redis_streams import decode_entry

POLL_SECONDS = 5.0
LIVE_CONNECTIONS = Gauge("cardroom_live_connections", "Open live (SSE) streams.")


class LiveHub:
    def __init__(self, client: redis.Redis, stream: str) -> None:
        self._client = client
        self._stream = stream
        self._waiting: defaultdict[str, set[asyncio.Event]] = defaultdict(set)
        self._listeners: list[Callable[[StoredEvent], None]] = []

    def listen(self, listener: Callable[[StoredEvent], None]) -> None:
        """Have `listener` called with every event the hub sees, whatever its game."""
        self._listeners.append(listener)

    async def run(self, stopping: asyncio.Event) -> None:
        last = "$"
        while not stopping.is_set():
            reply: Any = await self._client.xread({self._stream: last}, count=500, block=1000)
            for _, entries in reply or ():
                for key, fields in entries:
                    last = key
                    event = decode_entry(fields)
                    for listener in self._listeners:
                        listener(event)
                    for waiter in self._waiting.get(event.stream_id, ()):
                        waiter.set()

    async def wait(self, game_id: str, seconds: float = POLL_SECONDS) -> None:
        """Return when the game may have new events, or after `seconds` at the latest."""
        waiter = asyncio.Event()
        self._waiting[game_id].add(waiter)
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(waiter.wait(), seconds)
        finally:
            self._waiting[game_id].discard(waiter)
            if not self._waiting[game_id]:
                del self._waiting[game_id]


def message(version: int, event: Any) -> ServerSentEventMessage:
    tag = event.__struct_config__.tag
    return ServerSentEventMessage(data=msgspec.json.encode(event).decode(), event=tag, id=version)


async def follow(
    hub: LiveHub, handler: CommandHandler, game_id: str, seat: int, after: int
) -> AsyncIterator[ServerSentEventMessage]:
    """Messages for every event after version `after`, as they come, until the game ends."""
    LIVE_CONNECTIONS.inc()
    try:
        while True:
            game = await handler.load(game_id)
            if game.table.version > after:
                for shown in await events_after(handler, game, after, seat):
                    yield message(shown.version, shown.event)
                after = game.table.version
            if game.table.status == "finished":
                return
            await hub.wait(game_id)
    finally:
        LIVE_CONNECTIONS.dec()


@get("/games/{game_id:str}/live", tags=["games"])
async def live(
    request: Request[Any, Any, Any],
    game_id: FromPath[str],
    handler: HandlerDependency,
    last_event_id: Annotated[int | None, HeaderParameter(name="Last-Event-ID", ge=0)] = None,
    after: Annotated[int, QueryParameter(ge=0, description="last version already seen")] = 0,
) -> ServerSentEvent:
    """Server-Sent Events of the game as the caller may see them; the id is the version."""
    _, seat = await game_and_viewer(handler, game_id, request)
    hub: LiveHub = request.app.state.live
    start = last_event_id if last_event_id is not None else after
    return ServerSentEvent(follow(hub, handler, game_id, seat, start))

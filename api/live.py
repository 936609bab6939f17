"""Live push: Server-Sent Events of a game's events, each redacted for the caller.

Redis is only the wake-up call: a hub follows the event stream and wakes the connections of
each game touched; every connection then reads what it has not sent yet from Postgres, so a
lost notification delays an event (by at most `POLL_SECONDS`) but never drops it. The SSE id
is the event's version, so a client reconnecting with `Last-Event-ID` gets exactly what it
missed. A stream quiet for the hub's `heartbeat` seconds sends the comment `: keep-alive`.
"""

import asyncio
import contextlib
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Annotated, Any, Literal

import msgspec
import redis.asyncio as redis
from litestar import Request, get
from litestar.params import HeaderParameter, QueryParameter
from litestar.response import ServerSentEvent, ServerSentEventMessage
from prometheus_client import Gauge

from api.auth import HandlerDependency, game_and_viewer
from api.games import events_after
from api.params import MAX_VERSION, GameId
from api.tickets import TicketBook
from commands.handler import CommandHandler, LoadedGame
from commands.store import StoredEvent
from domain import table
from infra.redis_streams import decode_entry
from infra.settings import DEFAULT_LIVE_HEARTBEAT

POLL_SECONDS = 5.0
LOBBY = "lobby"
"""The hub's topic woken by every event that opens, fills or starts a table."""
LOBBY_EVENTS = frozenset(
    kind.__struct_config__.tag for kind in (table.TableCreated, table.SeatTaken, table.GameStarted)
)
KEEP_ALIVE = ServerSentEventMessage(data=None, comment="keep-alive")
LIVE_CONNECTIONS = Gauge("cardroom_live_connections", "Open live (SSE) streams.")


class LiveHub:
    def __init__(
        self, client: redis.Redis, stream: str, heartbeat: float = DEFAULT_LIVE_HEARTBEAT
    ) -> None:
        self._client = client
        self._stream = stream
        self.heartbeat = heartbeat
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
                    self._notice(decode_entry(fields))

    def _notice(self, event: StoredEvent) -> None:
        for listener in self._listeners:
            listener(event)
        topics = (event.stream_id, LOBBY) if event.type in LOBBY_EVENTS else (event.stream_id,)
        for topic in topics:
            for waiter in self._waiting.get(topic, ()):
                waiter.set()

    async def wait(self, topic: str, seconds: float = POLL_SECONDS) -> bool:
        """Return when the topic (a game id, or LOBBY) may have news, or after `seconds` at the
        latest; True when woken."""
        waiter = asyncio.Event()
        self._waiting[topic].add(waiter)
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(waiter.wait(), seconds)
        finally:
            self._waiting[topic].discard(waiter)
            if not self._waiting[topic]:
                del self._waiting[topic]
        return waiter.is_set()


class KeepAlive:
    """When a stream has been quiet for `interval` seconds, it is due a keep-alive comment."""

    def __init__(self, interval: float) -> None:
        self._interval = interval
        self.sent()

    def sent(self) -> None:
        self._since = time.monotonic()

    def remaining(self) -> float:
        return max(0.0, self._since + self._interval - time.monotonic())

    def due(self) -> bool:
        if self.remaining() > 0:
            return False
        self.sent()
        return True


async def quiet_wait(hub: LiveHub, topic: str, keep_alive: KeepAlive) -> bool:
    """Wait for news of the topic, at most until a poll or a keep-alive is due."""
    return await hub.wait(topic, min(POLL_SECONDS, keep_alive.remaining()))


def message(version: int, event: Any) -> ServerSentEventMessage:
    tag = event.__struct_config__.tag
    return ServerSentEventMessage(data=msgspec.json.encode(event).decode(), event=tag, id=version)


def view_message(game: LoadedGame, seat: int) -> ServerSentEventMessage:
    data = msgspec.json.encode(game.view(seat)).decode()
    return ServerSentEventMessage(data=data, event="view", id=game.table.version)


@dataclass(frozen=True, slots=True)
class Following:
    """Who follows which game from where, and whether each batch ends with their view."""

    game_id: str
    seat: int
    after: int
    with_view: bool = False


async def batch(
    handler: CommandHandler, game: LoadedGame, after: int, following: Following
) -> list[ServerSentEventMessage]:
    """The messages for the game's events after `after`, then the follower's view if asked."""
    shown = await events_after(handler, game, after, following.seat)
    messages = [message(item.version, item.event) for item in shown]
    if following.with_view:
        messages.append(view_message(game, following.seat))
    return messages


async def follow(
    hub: LiveHub, handler: CommandHandler, following: Following
) -> AsyncIterator[ServerSentEventMessage]:
    """Messages for every event after `following.after`, as they come, until the game ends;
    with the view asked, the stream opens with the view as it stands."""
    LIVE_CONNECTIONS.inc()
    keep_alive = KeepAlive(hub.heartbeat)
    after, opening = following.after, following.with_view
    try:
        while True:
            game = await handler.load(following.game_id)
            if game.table.version > after or opening:
                for item in await batch(handler, game, after, following):
                    yield item
                after, opening = game.table.version, False
                keep_alive.sent()
            if game.table.status == "finished":
                return
            await quiet_wait(hub, following.game_id, keep_alive)
            if keep_alive.due():
                yield KEEP_ALIVE
    finally:
        LIVE_CONNECTIONS.dec()


async def stream_seat(
    request: Request[Any, Any, Any], handler: CommandHandler, game_id: str, ticket: str | None
) -> int:
    """The seat a stream shows: the ticket's, else the bearer token's, else SPECTATOR."""
    game, seat = await game_and_viewer(handler, game_id, request)
    if ticket is None:
        return seat
    book: TicketBook = request.app.state.tickets
    return await book.seat(game.game_id, ticket)


Include = Annotated[
    Literal["view"] | None,
    QueryParameter(description="`view`: each batch of events is followed by a `view` message"),
]
Ticket = Annotated[
    str | None, QueryParameter(description="a stream ticket from POST /games/{id}/tickets")
]


@get("/games/{game_id:str}/live", tags=["games"])
async def live(
    request: Request[Any, Any, Any],
    game_id: GameId,
    handler: HandlerDependency,
    last_event_id: Annotated[
        int | None, HeaderParameter(name="Last-Event-ID", ge=0, le=MAX_VERSION)
    ] = None,
    after: Annotated[
        int, QueryParameter(ge=0, le=MAX_VERSION, description="last version already seen")
    ] = 0,
    ticket: Ticket = None,
    include: Include = None,
) -> ServerSentEvent:
    """Server-Sent Events of the game as the caller may see them; the id is the version."""
    seat = await stream_seat(request, handler, game_id, ticket)
    start = last_event_id if last_event_id is not None else after
    following = Following(game_id, seat, start, with_view=include == "view")
    return ServerSentEvent(follow(request.app.state.live, handler, following))

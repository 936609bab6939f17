"""The lobby, live: `GET /lobby/live` pushes the lobby page whenever it changes.

The hub wakes lobby streams on every event that opens, fills or starts a table. The lobby is
a read model, which trails the log by the projection lag, so a woken stream reads the page
again every `SETTLE_STEP` seconds for up to `SETTLE_SECONDS` until it has changed; a stream
also reads it every `POLL_SECONDS` anyway, so a lost wake-up only delays a change.
"""

import asyncio
from collections.abc import AsyncIterator

import asyncpg
import msgspec
from litestar import get
from litestar.datastructures import State
from litestar.response import ServerSentEvent, ServerSentEventMessage

from api.live import KEEP_ALIVE, LIVE_CONNECTIONS, LOBBY, KeepAlive, LiveHub, quiet_wait
from api.reads import Kind, Limit, Page, known_kind, lobby_page

SETTLE_STEP = 0.05
SETTLE_SECONDS = 2.0


async def changed_page(pool: asyncpg.Pool, kind: str | None, limit: int, shown: Page) -> Page:
    """The lobby page once it differs from `shown`, or as it is after `SETTLE_SECONDS`."""
    page = await lobby_page(pool, kind, limit)
    for _ in range(int(SETTLE_SECONDS / SETTLE_STEP)):
        if page != shown:
            break
        await asyncio.sleep(SETTLE_STEP)
        page = await lobby_page(pool, kind, limit)
    return page


def lobby_message(page: Page) -> ServerSentEventMessage:
    return ServerSentEventMessage(data=msgspec.json.encode(page).decode(), event="lobby")


async def lobby_updates(
    hub: LiveHub, pool: asyncpg.Pool, kind: str | None, limit: int
) -> AsyncIterator[ServerSentEventMessage]:
    """The lobby page now, then again each time it changes."""
    LIVE_CONNECTIONS.inc()
    keep_alive = KeepAlive(hub.heartbeat)
    try:
        shown = await lobby_page(pool, kind, limit)
        yield lobby_message(shown)
        while True:
            woken = await quiet_wait(hub, LOBBY, keep_alive)
            if woken:
                page = await changed_page(pool, kind, limit, shown)
            else:
                page = await lobby_page(pool, kind, limit)
            if page != shown:
                shown = page
                keep_alive.sent()
                yield lobby_message(page)
            elif keep_alive.due():
                yield KEEP_ALIVE
    finally:
        LIVE_CONNECTIONS.dec()


@get("/lobby/live", tags=["read models"])
async def lobby_live(state: State, kind: Kind = None, limit: Limit = 50) -> ServerSentEvent:
    """Server-Sent Events of the lobby's first page (`event: lobby`, data as `GET /lobby`):
    sent at once, then whenever a table opens, fills or starts."""
    known_kind(kind)
    return ServerSentEvent(lobby_updates(state.live, state.pool, kind, limit))

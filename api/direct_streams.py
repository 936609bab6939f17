"""Live streams whose body is written with the server's own `send`.

Every wrapper the service puts around `send` (the request id and security headers, CORS,
the rate limiter's headers, the exception middleware's bookkeeping) acts on the start of an
answer alone, yet each would run again for every chunk of every live stream: with thousands
of streams open, that was most of the cost of a push. So `Service` keeps the server's
`send` in each request's scope, and a `DirectStream` sends its start through the wrappers
like any answer, then writes its body with the server's `send`.
"""

from collections.abc import Awaitable, Callable
from typing import Any, cast

from litestar import Litestar, Request
from litestar.enums import ScopeType
from litestar.response import ServerSentEvent
from litestar.types import (
    HTTPScope,
    LifeSpanReceive,
    LifeSpanScope,
    LifeSpanSend,
    Receive,
    Scope,
    Send,
)

SERVER_SEND = "cardroom.server_send"
"""The scope state key of the server's own `send`."""


class Service(Litestar):
    """The Litestar app, keeping the server's `send` in each HTTP request's scope."""

    async def __call__(
        self,
        scope: Scope | LifeSpanScope,
        receive: Receive | LifeSpanReceive,
        send: Send | LifeSpanSend,
    ) -> None:
        if scope["type"] != ScopeType.HTTP:
            await super().__call__(scope, receive, send)
            return
        state = cast(HTTPScope, scope).setdefault("state", {})
        state[SERVER_SEND] = send
        try:
            await super().__call__(scope, receive, send)
        finally:
            state.pop(SERVER_SEND, None)  # the server holds the scope: leave no cycle behind


Write = Callable[[bytes], Awaitable[None]]
"""Writes a chunk of a stream's body, already encoded."""
Body = Callable[[Write], Awaitable[None]]
"""A stream's body: writes its chunks until the stream ends."""


class _WrittenBody:
    """The body as Litestar's streaming loop sees it: its one step runs the body, which
    writes every chunk with the server's `send`; the loop sends only the end of the body."""

    def __init__(self, send: Send, body: Body) -> None:
        self._send = send
        self._body = body

    def __aiter__(self) -> "_WrittenBody":
        return self

    async def __anext__(self) -> bytes:
        await self._body(self._write)
        raise StopAsyncIteration

    async def _write(self, chunk: bytes) -> None:
        await self._send({"type": "http.response.body", "body": chunk, "more_body": True})


class DirectStream(ServerSentEvent):
    """Server-Sent Events whose body writes its chunks straight to the server."""

    def __init__(self, request: Request[Any, Any, Any], body: Body) -> None:
        super().__init__(_WrittenBody(request.scope["state"][SERVER_SEND], body))

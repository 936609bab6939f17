"""Live streams whose body is written with the server's own `send`.

Every wrapper the service puts around `send` (the request id and security headers, CORS,
the rate limiter's headers, the exception middleware's bookkeeping) acts on the start of an
answer alone, yet each would run again for every chunk of every live stream: with thousands
of streams open, that was most of the cost of a push. So `Service` keeps the server's
`send` in each request's scope, and a `DirectStream` sends its start through the wrappers
like any answer, then writes its body with the server's `send`.
"""

from collections.abc import AsyncIterator
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
        if scope["type"] == ScopeType.HTTP:
            cast(HTTPScope, scope).setdefault("state", {})[SERVER_SEND] = send
        await super().__call__(scope, receive, send)


class _WrittenBody:
    """The body as Litestar's streaming loop sees it: its one step writes every chunk with
    the server's `send` and then ends; the loop sends only the end of the body."""

    def __init__(self, send: Send, chunks: AsyncIterator[bytes]) -> None:
        self._send = send
        self._chunks = chunks

    def __aiter__(self) -> "_WrittenBody":
        return self

    async def __anext__(self) -> bytes:
        async for chunk in self._chunks:
            await self._send({"type": "http.response.body", "body": chunk, "more_body": True})
        raise StopAsyncIteration


class DirectStream(ServerSentEvent):
    """Server-Sent Events whose chunks, already encoded, go straight to the server."""

    def __init__(self, request: Request[Any, Any, Any], chunks: AsyncIterator[bytes]) -> None:
        super().__init__(_WrittenBody(request.scope["state"][SERVER_SEND], chunks))

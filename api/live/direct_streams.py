"""Live streams whose body is written with the server's own `send`.

Every wrapper the service puts around `send` (the request id and security headers, CORS,
the rate limiter's headers, the exception middleware's bookkeeping) acts on the start of an
answer alone, yet each would run again for every chunk of every live stream: with thousands
of streams open, that was most of the cost of a push. So `Service` keeps the server's
`send` in each request's scope, and a `DirectStream` sends its start through the wrappers
like any answer, then writes its body with the server's `send`.

A stream's `Writer` can also write a chunk at once, without awaiting (`Writer.now`), when the
server says it would not make the writer wait: a game's feed writes a batch to thousands of
idle streams in one pass instead of waking each stream's task in turn. The server must be
uvicorn (its `send` tells whether the client's socket takes more); under any other server
`now` declines, and the stream's task writes every chunk.
"""

from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Protocol, cast

from litestar import Litestar, Request
from litestar.enums import ScopeType
from litestar.response import ServerSentEvent
from litestar.types import (
    HTTPResponseBodyEvent,
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


class Front(Protocol):
    """What answers some requests before the framework (`api.routes.moves.LeanPath`)."""

    async def __call__(self, scope: HTTPScope, receive: Receive, send: Send) -> Receive | None:
        """Answer the request and return None, or return what the framework is to read
        the request from."""


class Service(Litestar):
    """The Litestar app, keeping the server's `send` in each HTTP request's scope, with
    its `front` given each HTTP request first."""

    front: Front | None = None

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
            if self.front is not None:
                http_scope, http_receive = cast(HTTPScope, scope), cast(Receive, receive)
                handed_on = await self.front(http_scope, http_receive, cast(Send, send))
                if handed_on is None:
                    return
                receive = handed_on
            await super().__call__(scope, receive, send)
        finally:
            state.pop(SERVER_SEND, None)  # the server holds the scope: leave no cycle behind


class Writer:
    """Writes the chunks of a stream's body, already encoded, with the server's `send`."""

    def __init__(self, send: Send) -> None:
        self._send = send
        cycle = getattr(send, "__self__", None)
        takes_more = hasattr(getattr(cycle, "flow", None), "write_paused")
        self._cycle: Any = cycle if takes_more and hasattr(cycle, "disconnected") else None

    async def __call__(self, chunk: bytes) -> None:
        await self._send(_chunk(chunk))

    def now(self, chunk: bytes) -> bool:
        """Write `chunk` at once; False, having written nothing, when the server would make
        the writer wait (the client reads slowly, or has left) or cannot say."""
        cycle = self._cycle
        if cycle is None or cycle.flow.write_paused or cycle.disconnected:
            return False
        sending = cast(Coroutine[Any, Any, None], self._send(_chunk(chunk)))  # uvicorn's
        try:
            sending.send(None)
        except StopIteration:
            return True
        except Exception:  # the stream's own task meets it again, and ends that stream alone
            return False
        sending.close()
        return False


def _chunk(chunk: bytes) -> HTTPResponseBodyEvent:
    return {"type": "http.response.body", "body": chunk, "more_body": True}


Body = Callable[[Writer], Awaitable[None]]
"""A stream's body: writes its chunks until the stream ends."""


class _WrittenBody:
    """The body as Litestar's streaming loop sees it: its one step runs the body, which
    writes every chunk with the server's `send`; the loop sends only the end of the body."""

    def __init__(self, send: Send, body: Body) -> None:
        self._writer = Writer(send)
        self._body = body

    def __aiter__(self) -> "_WrittenBody":
        return self

    async def __anext__(self) -> bytes:
        await self._body(self._writer)
        raise StopAsyncIteration


class DirectStream(ServerSentEvent):
    """Server-Sent Events whose body writes its chunks straight to the server."""

    def __init__(self, request: Request[Any, Any, Any], body: Body) -> None:
        super().__init__(_WrittenBody(request.scope["state"][SERVER_SEND], body))

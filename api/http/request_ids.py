"""Every request has an id: sent back as `X-Request-Id` on every answer, carried by every
log record written while it is served and by the 500 problem, so a report of one names the
log records."""

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from litestar.datastructures import MutableScopeHeaders
from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send

HEADER = "X-Request-Id"
_KEY = "cardroom.request_id"
_CURRENT: ContextVar[str | None] = ContextVar("request_id", default=None)


def current_request_id() -> str | None:
    """The id of the request being served by the running task, if any (for the logs)."""
    return _CURRENT.get()


def remember_request_id(app: ASGIApp) -> ASGIApp:
    """The middleware that makes the request's id the current one while it is served."""

    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await app(scope, receive, send)
            return
        with serving(scope):
            await app(scope, receive, send)

    return middleware


@contextmanager
def serving(scope: Scope) -> Iterator[None]:
    """Make the request's id the current one for as long as it is served."""
    token = _CURRENT.set(request_id(scope))
    try:
        yield
    finally:
        _CURRENT.reset(token)


def request_id(scope: Scope) -> str:
    """The request's id, made on first asking."""
    state = scope.setdefault("state", {})
    known: str | None = state.get(_KEY)
    if known is None:
        known = state[_KEY] = secrets.token_hex(16)
    return known


async def send_request_id(message: Message, scope: Scope) -> None:
    """The `before_send` hook that adds the request id to the start of every answer."""
    if message["type"] == "http.response.start":
        MutableScopeHeaders.from_message(message).add(HEADER, request_id(scope))

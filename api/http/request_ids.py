"""Every request has an id: sent back as `X-Request-Id` on every answer, logged with any
failure and carried by the 500 problem, so a report of one names the log record."""

import uuid

from litestar.datastructures import MutableScopeHeaders
from litestar.types import Message, Scope

HEADER = "X-Request-Id"
_KEY = "cardroom.request_id"


def request_id(scope: Scope) -> str:
    """The request's id, made on first asking."""
    state = scope.setdefault("state", {})
    known: str = state.setdefault(_KEY, uuid.uuid4().hex)
    return known


async def send_request_id(message: Message, scope: Scope) -> None:
    """The `before_send` hook that adds the request id to the start of every answer."""
    if message["type"] == "http.response.start":
        MutableScopeHeaders.from_message(message).add(HEADER, request_id(scope))

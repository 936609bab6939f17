"""Rate limits: anonymous creation (tables, seats) per client address, commands per seat token.

A route takes part by naming its limit in its `opt` (`opt={RATE_LIMIT: "games"}`). Every
answer of such a route tells the client where it stands (`RateLimit-Limit`,
`RateLimit-Remaining`, `RateLimit-Reset` in seconds); past the limit it is refused with 429
`rate_limited` and `Retry-After`, before anything is read or recorded. Bots inside the
service act through the command handler, never over HTTP, so they are never limited.

The counting is the `limits` package's (the core of Flask-Limiter and SlowAPI): a sliding
window counter, constant memory per key, in this process's memory. So each API node counts
on its own, and the limits keep working while Redis is down. The limits themselves are the
settings' (`CARDROOM_RATE_LIMIT_*`, see `infra.process.rate_limit_settings`).
"""

import hashlib
import math
import time
from dataclasses import dataclass
from typing import Literal

from limits import RateLimitItem, parse
from limits.aio.storage import MemoryStorage
from limits.aio.strategies import SlidingWindowCounterRateLimiter
from litestar.datastructures import Headers, MutableScopeHeaders
from litestar.enums import ScopeType
from litestar.exceptions import TooManyRequestsException
from litestar.middleware import ASGIMiddleware
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from infra.process.rate_limit_settings import RateLimits

RATE_LIMIT = "rate_limit"
"""The route `opt` key naming the limit the route is under."""
Limit = Literal["games", "seats", "players", "commands"]
PER_TOKEN: frozenset[Limit] = frozenset({"commands"})
"""Limits counted per seat token; the others per client address."""
_STANDING = "cardroom.rate_limit"
"""The scope state key of the request's `Standing`."""


def limit_items(limits: RateLimits) -> dict[Limit, RateLimitItem]:
    """Each limit, parsed."""
    return {
        "games": parse(limits.games),
        "seats": parse(limits.seats),
        "players": parse(limits.players),
        "commands": parse(limits.commands),
    }


class RateLimiter(ASGIMiddleware):
    """Counts each request of a limited route against its client's (or seat's) window."""

    scopes = (ScopeType.HTTP,)

    def __init__(self, limits: RateLimits) -> None:
        self._items = limit_items(limits)
        self._counter = SlidingWindowCounterRateLimiter(MemoryStorage())

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        name: Limit | None = scope["route_handler"].opt.get(RATE_LIMIT)
        if name is None:
            await next_app(scope, receive, send)
            return
        standing = await self.standing(scope, name)
        if standing.refusal is not None:
            raise TooManyRequestsException(standing.refusal, headers=standing.refused_headers)

        async def send_with_standing(message: Message) -> None:
            standing.add_to(message)
            await send(message)

        await next_app(scope, receive, send_with_standing)

    async def standing(self, scope: Scope, name: Limit) -> "Standing":
        """Count the request against its limit, once however often asked (a request handed
        on keeps the count it was given), and say where its client stands."""
        state = scope.setdefault("state", {})
        known: Standing | None = state.get(_STANDING)
        if known is not None:
            return known
        item, who = self._items[name], _identity(scope, name)
        allowed = await self._counter.hit(item, name, who)
        reset, remaining = await self._counter.get_window_stats(item, name, who)
        wait = max(1, math.ceil(reset - time.time()))
        headers = {
            "RateLimit-Limit": str(item.amount),
            "RateLimit-Remaining": str(remaining),
            "RateLimit-Reset": str(wait),
        }
        refusal = None
        if not allowed:
            refusal = f"at most {item} for this {'seat' if name in PER_TOKEN else 'client'}"
        known = state[_STANDING] = Standing(headers, wait, refusal)
        return known


@dataclass(frozen=True)
class Standing:
    """Where a request's client stands against its limit: the headers every answer carries,
    and why it is refused (None: it is not)."""

    headers: dict[str, str]
    wait: int
    refusal: str | None

    @property
    def refused_headers(self) -> dict[str, str]:
        return {**self.headers, "Retry-After": str(self.wait)}

    def add_to(self, message: Message) -> None:
        """Put the headers on the start of an answer."""
        if message["type"] == "http.response.start":
            headers = MutableScopeHeaders.from_message(message)
            for header, value in self.headers.items():
                headers[header] = value


def _identity(scope: Scope, name: Limit) -> str:
    """Whom a request counts against: its seat token's hash, else its client's address."""
    if name in PER_TOKEN:
        scheme, _, token = Headers.from_scope(scope).get("authorization", "").partition(" ")
        if scheme.lower() == "bearer" and token:
            return "token:" + hashlib.sha256(token.encode()).hexdigest()
    client = scope.get("client")
    return "client:" + (client[0] if client else "unknown")

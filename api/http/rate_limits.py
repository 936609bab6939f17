"""Rate limits: anonymous creation (tables, seats) per client address, commands per seat token.

A route takes part by naming its limit in its `opt` (`opt={RATE_LIMIT: "games"}`). Every
answer of such a route tells the client where it stands (`RateLimit-Limit`,
`RateLimit-Remaining`, `RateLimit-Reset` in seconds); past the limit it is refused with 429
`rate_limited` and `Retry-After`, before anything is read or recorded. Bots inside the
service act through the command handler, never over HTTP, so they are never limited.

The counting is the `throttled-py` package's: a sliding window counter in this process's
memory, two counters per client and limit, kept in one store of at most `KEPT_COUNTERS`
counters (the least recently counted go first), which expire lazily: a request costs the
same however many clients there are. So each API node counts on its own, and the limits keep
working while Redis is down. The limits themselves are the settings' (`CARDROOM_RATE_LIMIT_*`,
see `infra.process.rate_limit_settings`).
"""

import hashlib
import math
from dataclasses import dataclass
from typing import Literal

from litestar.datastructures import Headers, MutableScopeHeaders
from litestar.enums import ScopeType
from litestar.exceptions import TooManyRequestsException
from litestar.middleware import ASGIMiddleware
from litestar.types import ASGIApp, Message, Receive, Scope, Send
from throttled.asyncio import RateLimiterType, Throttled, store

from infra.process.rate_limit_settings import RateLimits

RATE_LIMIT = "rate_limit"
"""The route `opt` key naming the limit the route is under."""
Limit = Literal["games", "seats", "players", "commands"]
PER_TOKEN: frozenset[Limit] = frozenset({"commands"})
"""Limits counted per seat token; the others per client address."""
_STANDING = "cardroom.rate_limit"
"""The scope state key of the request's `Standing`."""
KEPT_COUNTERS = 100_000
"""The most counters one process keeps (one or two per client and limit; about 30 MB when
full): past it the least recently counted go first, so a flood of new clients cannot grow
the process without bound."""


def rates(limits: RateLimits) -> dict[Limit, str]:
    """Each limit's rate, as the settings write it (`300/minute`)."""
    return {
        "games": limits.games,
        "seats": limits.seats,
        "players": limits.players,
        "commands": limits.commands,
    }


def throttles(rates: dict[Limit, str], kept: int = KEPT_COUNTERS) -> dict[Limit, Throttled]:
    """Each limit's sliding window counter, all counting in one store of `kept` counters."""
    counters = store.MemoryStore(options={"MAX_SIZE": kept})
    window = RateLimiterType.SLIDING_WINDOW.value
    return {
        name: Throttled(using=window, quota=rate, store=counters, key_prefix=name)
        for name, rate in rates.items()
    }


class RateLimiter(ASGIMiddleware):
    """Counts each request of a limited route against its client's (or seat's) window."""

    scopes = (ScopeType.HTTP,)

    def __init__(self, limits: RateLimits) -> None:
        self._rates = rates(limits)
        self._throttles = throttles(self._rates)

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
        counted = await self._throttles[name].limit(_identity(scope, name))
        now = counted.state
        wait = max(1, math.ceil(now.retry_after if counted.limited else now.reset_after))
        headers = {
            "RateLimit-Limit": str(now.limit),
            "RateLimit-Remaining": str(now.remaining),
            "RateLimit-Reset": str(wait),
        }
        refusal = None
        if counted.limited:
            rate = self._rates[name]
            refusal = f"at most {rate} for this {'seat' if name in PER_TOKEN else 'client'}"
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

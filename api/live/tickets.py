"""Stream tickets: short-lived credentials a browser's `EventSource` can put in a URL.

`EventSource` cannot send `Authorization`, and a seat token in a URL would end up in server
logs and browser history for as long as the game lasts. So a seat trades its token for a
ticket (`POST /games/{id}/tickets`) and opens `GET /games/{id}/live?ticket=...` with it.

A ticket is random, kept in Redis only as its SHA-256 hash, valid for `TICKET_SECONDS` and
for one game and seat only. It may be used again while it lives, so `EventSource`'s own
reconnects succeed; once it has expired a reconnect is refused (`invalid_ticket`) and the
client asks for a fresh ticket. A stream keeps its seat for its whole life, however long.
Each seat holds at most `TICKETS_PER_SEAT` live tickets: a new one pushes out the oldest.
"""

import hashlib
import secrets
import time
from collections.abc import Callable
from typing import Annotated, Any

import msgspec
import redis.asyncio as redis

from api.http.errors import HttpRefusal

TICKET_SECONDS = 60
TICKETS_PER_SEAT = 8


class StreamTicket(msgspec.Struct, frozen=True):
    ticket: Annotated[str, msgspec.Meta(description="Put in `GET /games/{game_id}/live?ticket=`.")]
    seat: int
    expires_in: Annotated[
        int, msgspec.Meta(description="Seconds the ticket may open (or reopen) the seat's stream.")
    ]


def _refused() -> HttpRefusal:
    return HttpRefusal("invalid_ticket", "this ticket is unknown, expired or for another game")


def _hashed(ticket: str) -> str:
    return hashlib.sha256(ticket.encode()).hexdigest()


class TicketBook:
    """The live tickets of every seat, in Redis: a sorted set per seat, hash by expiry."""

    def __init__(
        self,
        client: redis.Redis,
        prefix: str,
        seconds: int = TICKET_SECONDS,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._client = client
        self._prefix = prefix
        self._seconds = seconds
        self._clock = clock

    def _key(self, game_id: str, seat: int) -> str:
        return f"{self._prefix}:tickets:{game_id}:{seat}"

    async def issue(self, game_id: str, seat: int) -> StreamTicket:
        """A new ticket for the seat; it names the seat, which is no secret."""
        ticket = f"{seat}.{secrets.token_urlsafe(32)}"
        key, now = self._key(game_id, seat), self._clock()
        async with self._client.pipeline(transaction=True) as pipe:
            pipe.zremrangebyscore(key, "-inf", now)
            pipe.zadd(key, {_hashed(ticket): now + self._seconds})
            pipe.zremrangebyrank(key, 0, -TICKETS_PER_SEAT - 1)
            pipe.expire(key, self._seconds + 1)
            await pipe.execute()
        return StreamTicket(ticket, seat, self._seconds)

    async def seat(self, game_id: str, ticket: str) -> int:
        """The seat a live ticket of this game was issued to; anything else is refused."""
        seat_text, _, _ = ticket.partition(".")
        if not seat_text.removeprefix("-").isdigit():  # a sandbox's every seat is negative
            raise _refused()
        seat = int(seat_text)
        expires: Any = await self._client.zscore(self._key(game_id, seat), _hashed(ticket))
        if expires is None or expires <= self._clock():
            raise _refused()
        return seat


class PlayerTicket(msgspec.Struct, frozen=True):
    ticket: str
    handle: str
    expires_in: int
    """Seconds the ticket may open (or reopen) the player's stream."""


class PlayerTicketBook:
    """The live tickets of players' streams, in Redis: each ticket's hash names its player
    until it expires."""

    def __init__(self, client: redis.Redis, prefix: str, seconds: int = TICKET_SECONDS) -> None:
        self._client = client
        self._prefix = prefix
        self._seconds = seconds

    def _key(self, ticket: str) -> str:
        return f"{self._prefix}:player-tickets:{_hashed(ticket)}"

    async def issue(self, handle: str) -> PlayerTicket:
        ticket = secrets.token_urlsafe(32)
        await self._client.set(self._key(ticket), handle.encode(), ex=self._seconds)
        return PlayerTicket(ticket, handle, self._seconds)

    async def player(self, ticket: str) -> str:
        """The player a live ticket was issued to; anything else is refused."""
        handle: Any = await self._client.get(self._key(ticket))
        if handle is None:
            raise HttpRefusal("invalid_ticket", "this ticket is unknown or expired")
        return bytes(handle).decode()

"""The ticket book on Redis: hashed, expiring, one game and seat, a few per seat."""

import uuid

import pytest
import redis.asyncio as redis

from api.http.errors import HttpRefusal
from api.live.tickets import TICKETS_PER_SEAT, TicketBook


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def book(redis_client: redis.Redis, stream: str, clock: Clock) -> TicketBook:
    return TicketBook(redis_client, stream, seconds=60, clock=clock)


async def refused(book: TicketBook, game_id: str, ticket: str) -> bool:
    with pytest.raises(HttpRefusal) as raised:
        await book.seat(game_id, ticket)
    return raised.value.code == "invalid_ticket"


async def test_a_ticket_names_its_seat_until_it_expires(book: TicketBook, clock: Clock) -> None:
    game_id = str(uuid.uuid4())
    issued = await book.issue(game_id, 2)
    clock.now += 59
    assert await book.seat(game_id, issued.ticket) == 2
    assert await book.seat(game_id, issued.ticket) == 2  # again: a reconnect
    clock.now += 1
    assert await refused(book, game_id, issued.ticket)


async def test_a_ticket_is_kept_only_hashed(
    book: TicketBook, redis_client: redis.Redis, stream: str
) -> None:
    game_id = str(uuid.uuid4())
    issued = await book.issue(game_id, 0)
    kept = await redis_client.zrange(f"{stream}:tickets:{game_id}:0", 0, -1)
    assert len(kept) == 1 and issued.ticket.encode() not in kept[0]
    assert issued.ticket.split(".", 1)[1].encode() not in kept[0]


async def test_a_ticket_opens_no_other_game_or_seat(book: TicketBook) -> None:
    game_id, other_id = str(uuid.uuid4()), str(uuid.uuid4())
    issued = await book.issue(game_id, 1)
    assert await refused(book, other_id, issued.ticket)
    assert await refused(book, game_id, "0." + issued.ticket.split(".", 1)[1])


async def test_a_seat_holds_a_bounded_number_of_tickets(
    book: TicketBook, redis_client: redis.Redis, stream: str, clock: Clock
) -> None:
    game_id = str(uuid.uuid4())
    issued = []
    for _ in range(TICKETS_PER_SEAT + 2):
        issued.append(await book.issue(game_id, 0))
        clock.now += 0.001
    assert await redis_client.zcard(f"{stream}:tickets:{game_id}:0") == TICKETS_PER_SEAT
    assert await refused(book, game_id, issued[0].ticket)
    assert await book.seat(game_id, issued[-1].ticket) == 0

"""The clock worker on the in-memory store, under a clock of the test's own that moves a
minute each time it is read: every deadline has passed when it is looked at, so the worker
plays a table whose seats never move to its end, and the audit decides each timeout again."""

import asyncio
from datetime import UTC, datetime, timedelta

import msgspec

from commands.audit.report import audit
from commands.core.envelope import Envelope
from commands.core.handler import CommandHandler
from commands.log import published
from commands.workers.clocks import ClockWorker
from domain import table
from infra.store.memory_store import MemoryEventStore

WAIT_SECONDS = 60.0


class Minutes:
    """A clock that moves one minute each time it is read."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


async def abandoned_game(handler: CommandHandler) -> str:
    """A started MAD table of two seats with a 30 second turn, whose players never move."""
    created = await handler.create("mad", {"clock": {"turn_seconds": 30}}, None)
    for seat in range(2):
        await handler.take_seat(created.game_id, table.TakeSeat(f"p{seat}"), None)
    await handler.execute(Envelope(created.game_id, 0, table.StartGame()))
    return created.game_id


async def played_out(store: MemoryEventStore) -> list[published.LogRecord]:
    """The log of a game the clock worker played to its end from timeouts alone."""
    minutes = Minutes()
    handler = CommandHandler.over(store, now=minutes)
    game_id = await abandoned_game(handler)
    stopping = asyncio.Event()
    worker = asyncio.create_task(ClockWorker(handler, store, now=minutes).run(stopping))
    async with asyncio.timeout(WAIT_SECONDS):
        while (await handler.games.latest(game_id)).table.status != "finished":
            await asyncio.sleep(0.01)
    stopping.set()
    await worker
    return published.published(game_id, await store.read_stream(game_id))


async def test_a_game_whose_seats_never_move_ends_by_timeouts_and_audits() -> None:
    records = await played_out(MemoryEventStore())
    kinds = [record.type for record in records]
    assert "table.seat_timed_out" in kinds
    assert "table.seat_marked_absent" in kinds
    report = audit(records)
    assert report.ok, report.checks


async def test_a_timeout_recorded_before_its_deadline_fails_the_audit() -> None:
    records = await played_out(MemoryEventStore())
    index = next(i for i, r in enumerate(records) if r.type == "table.seat_timed_out")
    claimed = records[index]
    restarts = [r for r in records[:index] if r.type == "table.clock_restarted"]
    early = datetime.fromisoformat(msgspec.json.decode(restarts[-1].data)["at"])
    records[index] = msgspec.structs.replace(
        claimed, metadata=claimed.metadata | {"at": early.isoformat()}
    )
    report = audit(records)
    assert report.first_failure is not None
    assert (report.first_failure.check, report.first_failure.version) == (
        "commands",
        claimed.version,
    )
    assert "not_timed_out" in report.first_failure.reason

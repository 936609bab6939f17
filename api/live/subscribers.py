"""A live stream's side of a feed: the batches offered to it and not sent yet, its keep-alives,
and the Server-Sent Event messages a batch is encoded into once per viewer.

A batch offered to a stream whose task waits with nothing unsent is written at once by the
feed (`Writer.now`), without waking the task; otherwise it is queued and the task wakes to
write it, so a stream's chunks keep their order. Each stream holds at most `QUEUE_BATCHES`
batches not sent yet: a client that stops reading blocks its stream's writes, its queue
fills, and the stream is cut; the client resumes with `Last-Event-ID`."""

import asyncio
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec
from litestar.response import ServerSentEventMessage

from commands.core.loaded import LoadedGame
from commands.core.redaction import Narration, VersionedEvent, redacted
from commands.log.codec import tag_of
from domain import table
from domain.table import AnyTable

KEEP_ALIVE = ServerSentEventMessage(data=None, comment="keep-alive").encode()


QUEUE_BATCHES = 256
"""Batches a stream may hold unsent before it is cut as too far behind."""


def message(version: int, event: Any) -> ServerSentEventMessage:
    tag = tag_of(event)
    return ServerSentEventMessage(data=msgspec.json.encode(event).decode(), event=tag, id=version)


def narration_message(item: VersionedEvent) -> ServerSentEventMessage:
    """What an event means to the stream's viewer, sent just before the event itself and
    without an id of its own: a client cut between the two resumes from the version before,
    so it is sent both again rather than the event without its narration."""
    data = msgspec.json.encode(Narration(item.version, tag_of(item.event), item.narration))
    return ServerSentEventMessage(data=data.decode(), event="narration")


def view_message(game: LoadedGame, seat: int) -> ServerSentEventMessage:
    data = msgspec.json.encode(game.view(seat)).decode()
    return ServerSentEventMessage(data=data, event="view", id=game.table.version)


def encoded(
    game: LoadedGame, events: Sequence[tuple[int, Any]], seat: int, with_view: bool
) -> bytes:
    """The messages of `events` as `seat` may see them, then its view if asked, as bytes."""
    told = redacted(game, events, seat)
    shown = [
        each
        for item in told
        for each in (narration_message(item), message(item.version, item.event))
    ]
    if with_view:
        shown.append(view_message(game, seat))
    return b"".join(item.encode() for item in shown)


@dataclass(eq=False)
class Batch:
    """Events a feed found at once, and the game after them; encoded once per viewer."""

    game: LoadedGame
    events: tuple[tuple[int, Any], ...]
    _encoded: dict[tuple[int, bool], bytes] = field(default_factory=dict)

    def encoded(self, seat: int, with_view: bool) -> bytes:
        key = (seat, with_view)
        if key not in self._encoded:
            self._encoded[key] = encoded(self.game, self.events, seat, with_view)
        return self._encoded[key]


class Subscriber:
    """One stream's place in a feed: the batches not sent yet, at most `limit` of them, and
    whether it is due a keep-alive (`beat`)."""

    def __init__(
        self, seat: int, with_view: bool, limit: int = QUEUE_BATCHES, until_rematch: bool = False
    ) -> None:
        self.seat = seat
        self.with_view = with_view
        self.until_rematch = until_rematch
        """A finished game's stream stays open until its rematch is opened."""
        self.ended = False
        """No more batches will come: the game is over (and its rematch opened, when the
        stream waits for it), the stream fell behind, or the service is stopping."""
        self.keep_alive_due = False
        self._sent_since_beat = True
        self._limit = limit
        self._batches: deque[Batch] = deque()
        self._waiter: asyncio.Future[None] | None = None
        self.write_now: Callable[[bytes], bool] = _declined
        """Writes a chunk at once when the stream's server takes it without waiting
        (`Writer.now`); set by the stream once its opening is written."""

    def offer(self, batch: Batch) -> None:
        if self.ended:
            return
        if self._idle() and self.write_now(batch.encoded(self.seat, self.with_view)):
            self._sent_since_beat = True
            return
        if len(self._batches) >= self._limit:
            self.cut()
            return
        self._batches.append(batch)
        self._wake()

    def done_with(self, game: AnyTable) -> bool:
        """Whether nothing more this stream follows will happen at the table: its game is
        over, and when the stream waits for the rematch, that is opened (or the table was
        cancelled or expired before its start)."""
        if not table.is_over(game):
            return False
        return not self.until_rematch or game.status != "finished" or game.rematch is not None

    def finish(self) -> None:
        """End the stream once the batches offered so far are sent."""
        self.ended = True
        self._wake()

    def cut(self) -> None:
        """End the stream now; the client resumes from the last id it received."""
        self._batches.clear()
        self.finish()

    def take(self) -> list[Batch]:
        taken = list(self._batches)
        self._batches.clear()
        self._sent_since_beat = self._sent_since_beat or bool(taken)
        return taken

    def beat(self) -> None:
        """A heartbeat of the hub: a stream that sent nothing since the last one is due a
        keep-alive."""
        if not self._sent_since_beat and not (self._idle() and self.write_now(KEEP_ALIVE)):
            self.keep_alive_due = True
            self._wake()
        self._sent_since_beat = False

    async def wait(self) -> None:
        """Return when batches, the end or a keep-alive are due. One future per wait, no
        timer: thousands of streams wait once per batch each, and what each wait leaves
        alive is what the garbage collector walks."""
        if self._batches or self.ended or self.keep_alive_due:
            return
        self._waiter = asyncio.get_running_loop().create_future()
        try:
            await self._waiter
        finally:
            self._waiter = None

    def _idle(self) -> bool:
        """The stream's task waits with nothing unsent: a chunk written now keeps its order."""
        return self._waiter is not None and not self._waiter.done() and not self._batches

    def _wake(self) -> None:
        if self._waiter is not None:
            _resolve(self._waiter)


def _declined(chunk: bytes) -> bool:
    return False


def _resolve(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)

"""One feed per followed game, shared by every live stream of that game.

The hub hands a feed each event of its game as the Redis stream carries it (the stored JSON
included), so following a game costs no database read per event, whatever the number of
streams: the feed folds the events into its own copy of the game, and each batch is redacted
(`commands.redaction.redacted`, as `GET /games/{id}/events` does), encoded once per viewer and sent
as one chunk. The commands this process appends are handed to the feed of their game as
they commit, sooner than through the relay and Redis, which bring them again after (known by
their versions, dropped). A feed reads Postgres only when it opens, when the events it
hears skip a version (a notification lost, Redis restarted), and when it has heard nothing
for a poll's time, so a lost notification delays an event but never drops it. A read that
fails (Postgres down or slow) is tried again at the next poll while the streams go on with
keep-alives.

A batch offered to a stream whose task waits with nothing unsent is written at once by the
feed (`Writer.now`), without waking the task; otherwise it is queued and the task wakes to
write it, so a stream's chunks keep their order. Each stream holds at most `QUEUE_BATCHES`
batches not sent yet: a client that stops reading blocks its stream's writes, its queue
fills, and the stream is cut; the client resumes with `Last-Event-ID`.
"""

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import msgspec
from litestar.response import ServerSentEventMessage

from api.http.errors import UNAVAILABLE
from commands import codec
from commands.bus import News
from commands.envelope import Applied
from commands.games import GameRepository, LoadedGame
from commands.redaction import events_after, redacted
from commands.store import StoredEvent
from domain import table

log = logging.getLogger(__name__)
KEEP_ALIVE = ServerSentEventMessage(data=None, comment="keep-alive").encode()
QUEUE_BATCHES = 256
"""Batches a stream may hold unsent before it is cut as too far behind."""
WAKE_SLICE = 16
"""Streams a feed wakes before it lets the loop run other work."""
MAX_OPENINGS = 256
"""Openings (viewer, view or not, first version) kept for the streams opening at a version."""


def message(version: int, event: Any) -> ServerSentEventMessage:
    tag = event.__struct_config__.tag
    return ServerSentEventMessage(data=msgspec.json.encode(event).decode(), event=tag, id=version)


def view_message(game: LoadedGame, seat: int) -> ServerSentEventMessage:
    data = msgspec.json.encode(game.view(seat)).decode()
    return ServerSentEventMessage(data=data, event="view", id=game.table.version)


def encoded(
    game: LoadedGame, events: Sequence[tuple[int, Any]], seat: int, with_view: bool
) -> bytes:
    """The messages of `events` as `seat` may see them, then its view if asked, as bytes."""
    shown = [message(item.version, item.event) for item in redacted(game, events, seat)]
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

    def __init__(self, seat: int, with_view: bool, limit: int = QUEUE_BATCHES) -> None:
        self.seat = seat
        self.with_view = with_view
        self.ended = False
        """No more batches will come: the game is over, the stream fell behind, or the
        service is stopping."""
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


class GameFeed:
    """The game as its streams follow it, moved on by the events the hub hears."""

    def __init__(self, game_id: str, games: GameRepository, poll: Callable[[], float]) -> None:
        self.game_id = game_id
        self.subscribers: set[Subscriber] = set()
        self._games = games
        self._last_hash = ""
        self._poll = poll
        self._game: LoadedGame | None = None
        self._heard: list[StoredEvent] = []
        self._applied: list[Applied] = []
        self._news = asyncio.Event()
        self.stopped = False
        self._openings: dict[tuple[int, bool, int], asyncio.Future[bytes]] = {}
        self._openings_version = 0
        self.loaded = asyncio.ensure_future(self._load())

    @property
    def game(self) -> LoadedGame:
        assert self._game is not None, "the feed is not loaded yet"
        return self._game

    async def _load(self) -> None:
        self._game = await self._games.latest(self.game_id)

    def hear(self, news: News) -> None:
        """News of this game from the event bus (called by the hub)."""
        if news.applied is not None:
            self._applied.append(news.applied)
        else:
            self._heard.extend(news.rows)
        self._news.set()

    def join(self, subscriber: Subscriber) -> None:
        self.subscribers.add(subscriber)
        if self.game.table.status == "finished":
            subscriber.finish()

    def leave(self, subscriber: Subscriber) -> bool:
        """Forget the subscriber; True when the feed has no subscriber left and stops."""
        self.subscribers.discard(subscriber)
        if not self.subscribers:
            self.stop()
        return self.stopped

    def stop(self) -> None:
        self.stopped = True
        self._news.set()

    async def opening(self, after: int, seat: int, with_view: bool) -> bytes:
        """What a stream opening now is sent first: the events after `after` up to the feed's
        version, then the view if asked; read and encoded once for all the streams opening
        alike at this version (a crowd arriving at once costs one read)."""
        game = self.game
        if after >= game.table.version:
            return encoded(game, (), seat, with_view) if with_view else b""
        if self._openings_version != game.table.version:
            self._openings, self._openings_version = {}, game.table.version
        key = (seat, with_view, after)
        task = self._openings.get(key)
        if task is None or (task.done() and task.exception() is not None):
            task = asyncio.ensure_future(self._history(game, after, seat, with_view))
            if len(self._openings) < MAX_OPENINGS:
                self._openings[key] = task
        return await asyncio.shield(task)

    async def _history(self, game: LoadedGame, after: int, seat: int, with_view: bool) -> bytes:
        shown = await events_after(self._games, game, after, seat)
        events = [(item.version, item.event) for item in shown]
        return encoded(game, events, seat, with_view)

    async def run(self) -> None:
        """Move the game on with each batch of events and offer it to every subscriber,
        until the game is over or no stream follows it any more. Should that fail, the
        streams are cut: they come back with `Last-Event-ID` to a new feed."""
        try:
            await self._follow()
        except Exception:
            log.exception("the live feed of %s failed; its streams are cut", self.game_id)
            self.stop()
            for subscriber in self.subscribers:
                subscriber.cut()

    async def _follow(self) -> None:
        while not self.stopped:
            woken = False
            with contextlib.suppress(TimeoutError):
                woken = await asyncio.wait_for(self._news.wait(), self._poll())
            self._news.clear()
            if self.stopped:
                return
            if woken and (committed := self._committed()):
                await self._publish(*committed)
                continue
            events = self._heard_events() if woken else None
            if events is None:
                events = self._decoded(await self._read_rows())
            if events:
                await self._publish(events, self._folded(events))

    def _committed(self) -> tuple[list[tuple[int, Any]], LoadedGame] | None:
        """The events of this process's own commands that follow on from the feed's version,
        and the game the last of them produced (the handler folded them already); None when
        they skip a version."""
        version = self.game.table.version
        applied = [each for each in self._applied if each.last_version > version]
        self._applied.clear()
        events = [
            (number, event)
            for each in applied
            for number, event in enumerate(each.events, each.first_version)
        ]
        if not events or any(number != version + n for n, (number, _) in enumerate(events, 1)):
            return None
        if self._heard:
            self._news.set()  # another process's events may follow: look at them next
        game = applied[-1].game
        assert game is not None, "a command appended now carries the game it produced"
        return events, game

    def _heard_events(self) -> list[tuple[int, Any]] | None:
        rows = self._heard_rows()
        return None if rows is None else self._decoded(rows)

    def _decoded(self, rows: list[StoredEvent]) -> list[tuple[int, Any]]:
        if rows:
            self._last_hash = msgspec.json.decode(rows[-1].metadata)["hash"]
        events = codec.decode_events(self.game.rules.kind, rows)
        return [(row.version, event) for row, event in zip(rows, events, strict=True)]

    def _heard_rows(self) -> list[StoredEvent] | None:
        """The events heard that follow on from the feed's version, None when they skip one."""
        version = self.game.table.version
        heard = [row for row in self._heard if row.version > version]
        self._heard.clear()
        if all(row.version == version + n for n, row in enumerate(heard, 1)):
            return self._whole_commands(heard)
        return None

    async def _read_rows(self) -> list[StoredEvent]:
        """The events after the feed's version, from Postgres (none while it does not answer)."""
        self._heard.clear()
        try:
            return await self._games.stored_events(self.game_id, self.game.table.version)
        except UNAVAILABLE as error:
            log.warning("live feed of %s cannot read the game now: %s", self.game_id, error)
            return []

    def _whole_commands(self, heard: list[StoredEvent]) -> list[StoredEvent]:
        """The events heard up to the end of the last command heard whole; the rest wait for
        theirs (Redis may hand over a command's events in two reads): a batch always ends
        between two commands, where the game's views are defined."""
        ends = [index for index, row in enumerate(heard, 1) if row.ends_command]
        whole = ends[-1] if ends else 0
        self._heard = heard[whole:]
        return heard[:whole]

    def _folded(self, events: list[tuple[int, Any]]) -> LoadedGame:
        """The game moved on by another process's events, held by the repository too, so the
        process keeps one copy of each game it follows."""
        game = self.game
        folded = table.fold(game.rules, [event for _, event in events], game.table)
        moved = replace(game, table=folded, last_hash=self._last_hash)
        self._games.remember(moved)
        return moved

    async def _publish(self, events: list[tuple[int, Any]], game: LoadedGame) -> None:
        """Offer the batch to every subscriber, `WAKE_SLICE` at a time: each wakes a stream,
        and the loop serves other requests between slices instead of after them all."""
        self._game = game
        batch = Batch(game, tuple(events))
        finished = game.table.status == "finished"
        for count, subscriber in enumerate(list(self.subscribers), 1):
            subscriber.offer(batch)
            if finished:
                subscriber.finish()
            if count % WAKE_SLICE == 0:
                await asyncio.sleep(0)
        if finished:
            self.stop()

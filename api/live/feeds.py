"""One feed per followed game, shared by every live stream of that game.

The hub hands a feed the news of its game from the event bus: the commands this process
commits, with the game they produced (adopted as it is: nothing is folded twice), and the
events of other processes as the Redis stream carries them (the stored JSON included, folded
into the game, which the game repository then holds too). Following a game costs no database
read per event, whatever the number of streams: each batch is redacted
(`commands.core.redaction.redacted`, as `GET /games/{id}/events` does), encoded once per viewer
(`api.live.subscribers`) and sent as one chunk. A feed reads Postgres only when it opens,
when the events it hears skip a version (a notification lost, Redis restarted), and when it
has heard nothing for a poll's time, so a lost notification delays an event but never drops
it. A read that fails (Postgres down or slow) is tried again at the next poll while the
streams go on with keep-alives.
"""

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import msgspec

from api.http.errors import UNAVAILABLE
from api.live.subscribers import Batch, Subscriber, encoded
from commands.core.bus import News
from commands.core.envelope import Applied
from commands.core.games import GameRepository
from commands.core.loaded import LoadedGame
from commands.core.redaction import events_after
from commands.log import codec
from commands.log.store import StoredEvent
from domain import table
from infra.process import tracing, workers

log = logging.getLogger(__name__)
WAKE_SLICE = 16
"""Streams a feed wakes before it lets the loop run other work."""
MAX_OPENINGS = 256
"""Openings (viewer, view or not, first version) kept for the streams opening at a version."""


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
        self._traces: list[str] = []
        """The trace contexts of the commands heard since the last batch
        (`infra.process.tracing`)."""
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
            if committing := tracing.traceparent():
                self._traces.append(committing)
        else:
            self._heard.extend(news.rows)
            self._traces.extend(tracing.traceparents(news.rows))
        self._news.set()

    def join(self, subscriber: Subscriber) -> None:
        self.subscribers.add(subscriber)
        if subscriber.done_with(self.game.table):
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
        until the game is over and each stream is done with it (`Subscriber.done_with`), or
        no stream follows it any more. Should that fail, the
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
            woken = await workers.pause(self._news, self._poll())
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
        moved = self.game.moved_on([event for _, event in events], self._last_hash)
        self._games.remember(moved)
        return moved

    async def _publish(self, events: list[tuple[int, Any]], game: LoadedGame) -> None:
        """Offer the batch to every subscriber, `WAKE_SLICE` at a time: each wakes a stream,
        and the loop serves other requests between slices instead of after them all."""
        self._game = game
        batch = Batch(game, tuple(events))
        traces, self._traces = self._traces, []
        with tracing.following("cardroom.live.push", traces, streams=len(self.subscribers)):
            for count, subscriber in enumerate(list(self.subscribers), 1):
                subscriber.offer(batch)
                if subscriber.done_with(game.table):
                    subscriber.finish()
                if count % WAKE_SLICE == 0:
                    await asyncio.sleep(0)
        if table.is_over(game.table) and all(each.ended for each in self.subscribers):
            self.stop()

"""The event bus of one process: every consumer in the process (live feeds, the lobby, bots,
clocks) hears of each game's events through it, whichever way they came.

A command this process commits arrives at once, with the game it produced (`committed`);
events of every process arrive later from the log's stream (`tailed`), this process's own
among them. The bus passes on each version of a game once: what it passed on already is
dropped, so a consumer never hears of a command twice. A consumer must still expect a gap
(a notification lost, Redis restarted): it then reads the store.
"""

from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from commands.core.envelope import Applied
from commands.log import codec
from commands.log.registry import GAMES
from commands.log.store import StoredEvent
from domain import table

REMEMBERED_GAMES = 100_000
"""Games whose last version passed on the bus remembers (the least recently heard go first)."""


@dataclass(frozen=True, slots=True)
class News:
    """New events of one game: a command this process committed (`applied`, with the game it
    produced), or events as the log stores them (`rows`); with the table's own events among
    them (seats taken, game started, ...), decoded once for every consumer."""

    game_id: str
    rows: tuple[StoredEvent, ...] = ()
    applied: Applied | None = None
    table_events: tuple[Any, ...] = ()

    @classmethod
    def committed(cls, applied: Applied) -> "News":
        shown = tuple(e for e in applied.events if isinstance(e, table.TABLE_EVENTS))
        return cls(applied.game_id, applied=applied, table_events=shown)

    @classmethod
    def tailed(cls, game_id: str, rows: tuple[StoredEvent, ...]) -> "News":
        shown = tuple(
            codec.decode_event(row.kind, row)
            for row in rows
            if row.type in table.TABLE_TAGS and row.kind in GAMES
        )
        return cls(game_id, rows=rows, table_events=shown)

    @property
    def last_version(self) -> int:
        return self.applied.last_version if self.applied else self.rows[-1].version


Consumer = Callable[[News], None]


class EventBus:
    def __init__(self, remembered: int = REMEMBERED_GAMES) -> None:
        self._consumers: list[Consumer] = []
        self._versions: OrderedDict[str, int] = OrderedDict()
        self._remembered = remembered

    def subscribe(self, consumer: Consumer) -> None:
        """Have `consumer` called with every news, in the order the bus hears it."""
        self._consumers.append(consumer)

    def committed(self, applied: Applied) -> None:
        """A command this process appended, just committed."""
        if not applied.replayed and self._fresh(applied.game_id, applied.first_version):
            self._pass_on(News.committed(applied))

    def tailed(self, rows: Sequence[StoredEvent]) -> None:
        """Events read from the log's stream, in commit order."""
        by_game: dict[str, list[StoredEvent]] = {}
        for row in rows:
            by_game.setdefault(row.stream_id, []).append(row)
        for game_id, stored in by_game.items():
            fresh = [row for row in stored if self._fresh(game_id, row.version)]
            if fresh:
                self._pass_on(News.tailed(game_id, tuple(fresh)))

    def _fresh(self, game_id: str, version: int) -> bool:
        return version > self._versions.get(game_id, 0)

    def _pass_on(self, news: News) -> None:
        self._versions[news.game_id] = news.last_version
        self._versions.move_to_end(news.game_id)
        while len(self._versions) > self._remembered:
            self._versions.popitem(last=False)
        for consumer in self._consumers:
            consumer(news)

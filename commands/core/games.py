"""The game repository: each game as this process holds it, loaded from its newest snapshot
and the events after it, cached, and locked per game while a command is decided.

A `LoadedGame` never changes (a new version is a new `LoadedGame`), so every reader of one
version (answers, live feeds, bots) shares one copy and its cached views. A game moves on in
the cache when this process commits a command to it (`remember`, with the game the command
produced) or reads the events after it (`latest`). Other processes' commits are heard on the
bus (`notice`): a cached game the bus says is behind is read up to date before it is next
decided on, one cheap read instead of a decision refused by the append's expected version and
decided again. Only the version is noted, not the events folded: a node folds the games it
decides on, not every game of the fleet. What the bus has not yet said (its tail lags the
commit by milliseconds) is still caught by the append's expected version.
"""

import asyncio
import weakref
from collections import OrderedDict

from commands.core.bus import News
from commands.core.loaded import LoadedGame, token_hash
from commands.log import snapshots
from commands.log.registry import game_rules
from commands.log.store import EventStore, GameStreams, LogRow, Snapshot, StoredEvent
from domain import table
from domain.decider import AnyRules
from domain.errors import DomainError

SEATS_PER_GAME = 4
"""Seat tokens kept per cached game, on average, before the oldest are forgotten."""


class GameRepository:
    def __init__(self, store: EventStore, cache_size: int = 10_000) -> None:
        self._store = store
        self._cache_size = cache_size
        self._games: OrderedDict[str, LoadedGame] = OrderedDict()
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._seats: OrderedDict[tuple[str, bytes], int] = OrderedDict()
        self._heard: dict[str, int] = {}
        """The version the bus last said a cached game reached, when newer than the cache's."""

    async def latest(self, game_id: str, streams: GameStreams | None = None) -> LoadedGame:
        """The game at its latest version: as held, moved on by the events stored after it
        (read through `streams` when the caller holds the game exclusively)."""
        streams = streams or self._store
        game = self._games.get(game_id) or await self._first_load(game_id)
        game = game.after(await streams.read_stream(game_id, game.table.version))
        self.remember(game)
        return game

    async def held(self, game_id: str) -> LoadedGame:
        """The game as this process last knew it, without asking the store whether another
        process appended since (loaded when not cached, read up to date when the bus said
        it moved on)."""
        game = self._games.get(game_id)
        if game is None or self._heard.get(game_id, 0) > game.table.version:
            return await self.latest(game_id)
        self._games.move_to_end(game_id)
        return game

    async def rules_of(self, game_id: str) -> AnyRules:
        """The rules of the game's kind, which never changes: from the game held, else from
        its record, without loading the game."""
        game = self._games.get(game_id)
        if game is not None:
            return game.rules
        record = await self._store.game_record(game_id)
        if record is None:
            raise DomainError("game_not_found", f"there is no game {game_id}")
        return game_rules(record[0])

    def remember(self, game: LoadedGame) -> None:
        """Hold `game` unless a newer version of it is held already."""
        cached = self._games.get(game.game_id)
        if cached is None or cached.table.version <= game.table.version:
            self._games[game.game_id] = game
            if self._heard.get(game.game_id, 0) <= game.table.version:
                self._heard.pop(game.game_id, None)
        self._games.move_to_end(game.game_id)
        while len(self._games) > self._cache_size:
            forgotten, _ = self._games.popitem(last=False)
            self._heard.pop(forgotten, None)

    def notice(self, news: News) -> None:
        """Note that a cached game moved on in the store (a bus consumer)."""
        cached = self._games.get(news.game_id)
        if cached is not None and news.last_version > cached.table.version:
            self._heard[news.game_id] = news.last_version

    def lock(self, game_id: str) -> asyncio.Lock:
        """The lock commands to this game take in this process, one at a time."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    async def stored_events(
        self, game_id: str, after_version: int, limit: int | None = None
    ) -> list[StoredEvent]:
        return await self._store.read_stream(game_id, after_version, limit)

    async def logged_events(self, game_id: str) -> list[LogRow]:
        """The game's whole log as its audit reads it."""
        return await self._store.read_log(game_id)

    async def snapshot(self, game_id: str) -> Snapshot:
        """A snapshot of the game at its latest version."""
        game = await self.latest(game_id)
        return snapshots.take(game.rules, game.table, game.last_hash)

    async def seat_for_token(self, game_id: str, token: str) -> int | None:
        """The seat a token holds in a game. A token never changes seats and is never taken
        back, so what the store answered once is kept (a token of no seat is asked again)."""
        key = (game_id, token_hash(token))
        seat = self._seats.get(key)
        if seat is None:
            seat = await self._store.seat_for_token(game_id, key[1])
            if seat is None:
                return None
            self._seats[key] = seat
            while len(self._seats) > self._cache_size * SEATS_PER_GAME:
                self._seats.popitem(last=False)
        return seat

    async def player_for_token(self, token: str) -> str:
        """The handle of the player a token belongs to; refused when it is nobody's."""
        handle = await self._store.player_for_token(token_hash(token))
        if handle is None:
            raise DomainError("wrong_token", "this token is no player's")
        return handle

    async def _first_load(self, game_id: str) -> LoadedGame:
        """A game not cached: from its newest snapshot when there is one this code can use,
        else from nothing (`latest` then folds the events after it)."""
        record = await self._store.game_record(game_id)
        if record is None:
            raise DomainError("game_not_found", f"there is no game {game_id}")
        kind, secret = record
        rules = game_rules(kind)
        snapshot = await self._store.latest_snapshot(game_id)
        restored = snapshots.restore(rules, snapshot) if snapshot else None
        if snapshot is None or restored is None:
            return LoadedGame(game_id, rules, secret, table.AnyTable())
        return LoadedGame(game_id, rules, secret, restored, snapshot.last_hash)

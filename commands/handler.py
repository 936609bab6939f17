"""The one write path: load, fold, decide, append with the expected version.

Commands to one game are serialized in this process by a lock per game, so players of a
real-time game queue rather than fail each other. A command is decided against the state
this process holds, without asking the store first: when another process appended since,
the append's expected version refuses it, and the command is decided again against the
state read afresh while the store holds the game (`EventStore.exclusive`), so that it
cannot be overtaken again. A command the held state refuses is refused only once the store
shows no newer version: another process's move may have made it legal.

A command id (the client's idempotency key, or generated) is stored with the versions it
produced, scoped to the operation and the caller in its game (`scope`) and with the
fingerprint of the request (`fingerprint`). The same key with the same request gets the
first result and nothing is appended; the same key with another request is refused
(`idempotency_key_reused`).
"""

import asyncio
import hashlib
import secrets
import time
import uuid
import weakref
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

import msgspec
from prometheus_client import Counter, Histogram

from commands import codec, snapshots
from commands.envelope import Applied, Envelope, command_key
from commands.registry import game_rules
from commands.store import (
    ConcurrencyConflict,
    EventStore,
    NewEvent,
    NewGame,
    PlayerToken,
    RecordedCommand,
    SeatToken,
    Snapshot,
    StoredEvent,
)
from domain import players, table
from domain.decider import AnyRules
from domain.errors import DomainError
from domain.table import AnyTable, TableView

ATTEMPTS = 3
"""Decisions a command gets while its game is held (`EventStore.exclusive`) before it is
refused as `busy`: none but a command id recorded meanwhile can conflict there."""
SEATS_PER_GAME = 4
"""Seat tokens kept per cached game, on average, before the oldest are forgotten."""
_IDS = uuid.UUID("5c1b1a52-6d0e-4c1f-9d47-6361726472f0")
COMMANDS_ACCEPTED = Counter("cardroom_commands_accepted", "Commands appended.")
APPEND_SECONDS = Histogram(
    "cardroom_append_seconds",
    "Time to append a command's events to Postgres.",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0),
)


@dataclass(frozen=True, slots=True)
class LoadedGame:
    """One game at one version, as the handler holds it between commands.

    It is the one place derived values are cached: a loaded game never changes (a new
    version is a new `LoadedGame`), so each viewer's view, legal moves included, is
    computed at most once per version however many readers and bots ask.
    """

    game_id: str
    rules: AnyRules
    secret: bytes
    table: AnyTable
    last_hash: str = ""
    _views: dict[int, TableView] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def view(self, viewer: int) -> TableView:
        """The table as `viewer` sees it at this version, with its legal moves."""
        if viewer not in self._views:
            self._views[viewer] = table.view(self.rules, self.table, viewer)
        return self._views[viewer]


@dataclass(frozen=True, slots=True)
class Beside:
    """What an append records beside its events: a new game's record, a seat's token."""

    new_game: NewGame | None = None
    seat_token: SeatToken | None = None


Besides = Callable[[Sequence[Any]], Beside]
"""What to record beside the events a command is decided to produce."""


def token_hash(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


def _utc_now() -> datetime:
    return datetime.now(UTC)


class CommandHandler:
    def __init__(
        self,
        store: EventStore,
        now: Callable[[], datetime] = _utc_now,
        cache_size: int = 10_000,
    ) -> None:
        self._store = store
        self._now = now
        self._cache_size = cache_size
        self._games: OrderedDict[str, LoadedGame] = OrderedDict()
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._seats: OrderedDict[tuple[str, bytes], int] = OrderedDict()
        self._appended: list[Callable[[Applied], None]] = []

    def on_appended(self, listener: Callable[[Applied], None]) -> None:
        """Have `listener` called with each command this handler appends, once committed
        (before the relay publishes its events)."""
        self._appended.append(listener)

    async def create(
        self,
        kind: str,
        options: dict[str, Any],
        command_id: str | None,
        game_id: str | None = None,
    ) -> Applied:
        """Open a new table (under `game_id`, when it is chosen already); retrying with the
        same command id returns the same game."""
        rules = game_rules(kind)
        if game_id is None:
            game_id = str(uuid.uuid5(_IDS, command_id) if command_id else uuid.uuid4())
        envelope = Envelope(game_id, None, table.CreateTable(kind, options), command_id)
        if done := await self._earlier(envelope):
            return Applied(game_id, done.first_version, done.last_version, replayed=True)
        secret = secrets.token_bytes(32)
        game = LoadedGame(game_id, rules, secret, table.AnyTable())

        def record_game(events: Sequence[Any]) -> Beside:
            return Beside(new_game=NewGame(kind, secret))

        try:
            async with self._lock(game_id):
                return await self._apply(game, envelope, record_game)
        except ConcurrencyConflict:
            done = await self._earlier(envelope)
            if done is None:
                raise DomainError("conflict", "a game with this id exists already") from None
            return Applied(game_id, done.first_version, done.last_version, replayed=True)

    async def take_seat(
        self, game_id: str, command: table.TakeSeat, command_id: str | None
    ) -> tuple[Applied, int, str | None]:
        """Seat a player; returns the seat and its token (None when the request was a retry)."""
        token = secrets.token_urlsafe(32)

        def store_token(events: Sequence[Any]) -> Beside:
            return Beside(seat_token=SeatToken(events[0].seat, token_hash(token)))

        applied = await self.execute(Envelope(game_id, None, command, command_id), store_token)
        seat = next(e.seat for e in applied.events if isinstance(e, table.SeatTaken))
        return applied, seat, None if applied.replayed else token

    async def register_player(self, command: players.RegisterPlayer) -> tuple[str, str]:
        """Register a player; returns the handle and the player's token (shown only once).
        A handle is the first version of a stream of its own, so the store refuses it twice."""
        registered = players.register(command)
        token = secrets.token_urlsafe(32)
        stream = players.stream_id(registered.handle)
        envelope = Envelope(stream, None, command)
        records, _ = _records("", envelope, str(uuid.uuid4()), self._now(), (registered,))
        try:
            await self._store.append(
                stream, 0, records, player_token=PlayerToken(registered.handle, token_hash(token))
            )
        except ConcurrencyConflict:
            raise DomainError(
                "handle_taken",
                f"the handle {registered.handle!r} is taken (handles are compared regardless"
                " of case and of compatibility forms)",
            ) from None
        return registered.handle, token

    async def player_for_token(self, token: str) -> str:
        """The handle of the player a token belongs to; refused when it is nobody's."""
        handle = await self._store.player_for_token(token_hash(token))
        if handle is None:
            raise DomainError("wrong_token", "this token is no player's")
        return handle

    async def execute(
        self,
        envelope: Envelope,
        besides: Besides | None = None,
    ) -> Applied:
        """Decide and append one command, deciding again if another process got there first."""
        applied = await self.execute_chosen(envelope.game_id, lambda game: envelope, besides)
        assert applied is not None
        return applied

    async def execute_chosen(
        self,
        game_id: str,
        choose: Callable[[LoadedGame], Envelope | None],
        besides: Besides | None = None,
    ) -> Applied | None:
        """Like `execute`, for a command chosen by `choose` from the game as it stands while
        no other command of this process can change it (None: nothing to send after all)."""
        async with self._lock(game_id):
            cached = await self.current(game_id)
            try:
                return await self._decide_and_append(self._store, cached, choose, besides)
            except ConcurrencyConflict:
                pass  # another process appended since this one last read the game
            except DomainError:
                # Refused against what this process holds: refuse only if that is still the
                # latest version, since another process may have made the command legal.
                if (await self.load(game_id)).table.version == cached.table.version:
                    raise
            async with self._store.exclusive(game_id) as held:
                for _ in range(ATTEMPTS):
                    game = await self.load(game_id, held)
                    try:
                        return await self._decide_and_append(held, game, choose, besides)
                    except ConcurrencyConflict:
                        continue  # its command id was recorded meanwhile: `_earlier` knows
        raise DomainError("busy", "the game kept changing under this command; send it again")

    async def load(self, game_id: str, store: EventStore | None = None) -> LoadedGame:
        """The game at its latest version: cached state plus the events after it."""
        store = store or self._store
        game = self._games.get(game_id) or await self._first_load(game_id, store)
        stored = await store.read_stream(game_id, game.table.version)
        if stored:
            events = codec.decode_events(game.rules.kind, stored)
            last_hash = msgspec.json.decode(stored[-1].metadata)["hash"]
            game = replace(
                game, table=table.fold(game.rules, events, game.table), last_hash=last_hash
            )
        self._remember(game)
        return game

    async def _decide_and_append(
        self,
        store: EventStore,
        game: LoadedGame,
        choose: Callable[[LoadedGame], Envelope | None],
        besides: Besides | None,
    ) -> Applied | None:
        envelope = choose(game)
        if envelope is None:
            return None
        if done := await self._earlier(envelope, store):
            return await self._replayed(game, done, store)
        return await self._apply(game, envelope, besides or _nothing_beside, store)

    async def current(self, game_id: str) -> LoadedGame:
        """The game as this process last knew it, without asking the store whether another
        process appended since (loaded when not cached). A command decided against a stale
        state is caught by its append's expected version, then decided again."""
        game = self._games.get(game_id)
        if game is None:
            return await self.load(game_id)
        self._games.move_to_end(game_id)
        return game

    async def stored_events(
        self, game_id: str, after_version: int, limit: int | None = None
    ) -> list[StoredEvent]:
        return await self._store.read_stream(game_id, after_version, limit)

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

    async def _earlier(
        self, envelope: Envelope, store: EventStore | None = None
    ) -> RecordedCommand | None:
        """What the envelope's idempotency key produced before, if it was used; refused when
        it came with another request."""
        if envelope.command_id is None:
            return None
        key = command_key(envelope, envelope.command_id)
        done = await (store or self._store).recorded_command(
            envelope.game_id, key.scope, key.command_id
        )
        if done is not None and done.fingerprint != key.fingerprint:
            raise DomainError(
                "idempotency_key_reused",
                f"the idempotency key {key.command_id!r} was used for another request",
            )
        return done

    async def snapshot(self, game_id: str) -> Snapshot:
        """A snapshot of the game at its latest version."""
        game = await self.load(game_id)
        return snapshots.take(game.rules, game.table, game.last_hash)

    async def _first_load(self, game_id: str, store: EventStore) -> LoadedGame:
        """A game not cached: from its newest snapshot when there is one this code can use,
        else from nothing (`load` then folds the events after it)."""
        record = await store.game_record(game_id)
        if record is None:
            raise DomainError("game_not_found", f"there is no game {game_id}")
        kind, secret = record
        rules = game_rules(kind)
        snapshot = await store.latest_snapshot(game_id)
        restored = snapshots.restore(rules, snapshot) if snapshot else None
        if snapshot is None or restored is None:
            return LoadedGame(game_id, rules, secret, table.AnyTable())
        return LoadedGame(game_id, rules, secret, restored, snapshot.last_hash)

    async def _apply(
        self,
        game: LoadedGame,
        envelope: Envelope,
        besides: Besides,
        store: EventStore | None = None,
    ) -> Applied:
        now = self._now()
        ctx = table.decision_context(game.table, envelope.seat, now, game.secret)
        events = table.decide(game.rules, game.table, envelope.command, ctx)
        command_id = envelope.command_id or str(uuid.uuid4())
        records, last_hash = _records(game.last_hash, envelope, command_id, now, events)
        version = game.table.version
        beside = besides(events)
        started = time.perf_counter()
        await (store or self._store).append(
            game.game_id,
            version,
            records,
            command_key(envelope, command_id),
            new_game=beside.new_game,
            seat_token=beside.seat_token,
        )
        APPEND_SECONDS.observe(time.perf_counter() - started)
        COMMANDS_ACCEPTED.inc()
        folded = table.fold(game.rules, events, game.table)
        self._remember(replace(game, table=folded, last_hash=last_hash))
        applied = Applied(game.game_id, version + 1, version + len(events), events=events)
        for listener in self._appended:
            listener(applied)
        return applied

    async def _replayed(
        self, game: LoadedGame, done: RecordedCommand, store: EventStore
    ) -> Applied:
        first, last = done.first_version, done.last_version
        stored = await store.read_stream(game.game_id, first - 1, last - first + 1)
        events = tuple(codec.decode_events(game.rules.kind, stored))
        return Applied(game.game_id, first, last, replayed=True, events=events)

    def _lock(self, game_id: str) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def _remember(self, game: LoadedGame) -> None:
        cached = self._games.get(game.game_id)
        if cached is None or cached.table.version <= game.table.version:
            self._games[game.game_id] = game
        self._games.move_to_end(game.game_id)
        while len(self._games) > self._cache_size:
            self._games.popitem(last=False)


def _nothing_beside(events: Sequence[Any]) -> Beside:
    return Beside()


def _records(
    previous: str, envelope: Envelope, command_id: str, now: datetime, events: Sequence[Any]
) -> tuple[list[NewEvent], str]:
    """Stored rows for new events, each linked into the game's hash chain over the very JSON
    the row stores, written in its type's current schema version.

    The first row carries the command and its time; `ends_command` marks the last, so a
    reader can tell a game's state between two commands from one half way through.
    """
    records = []
    for index, event in enumerate(events):
        data = codec.encode(event).decode()
        previous = codec.chain_hash(previous, data)
        metadata: dict[str, Any] = {
            "command_id": command_id,
            "seat": envelope.seat,
            "hash": previous,
        }
        if index == 0:
            metadata |= {"command": envelope.command, "at": now.isoformat()}
        metadata["ends_command"] = index == len(events) - 1
        tag = codec.event_tag(event)
        records.append(
            NewEvent(
                str(uuid.uuid4()),
                tag,
                data,
                codec.encode(metadata).decode(),
                codec.schema_version(tag),
            )
        )
    return records, previous

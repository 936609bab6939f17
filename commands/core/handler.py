"""The one write path: load, fold, decide, append with the expected version.

Commands to one game are serialized in this process by a lock per game, so players of a
real-time game queue rather than fail each other. A command is decided against the state
this process holds, without asking the store first: when another process appended since,
the append's expected version refuses it, and the command is decided again against the
state read afresh while the store holds the game (`EventStore.exclusive`), so that it
cannot be overtaken again. A command the held state refuses is refused only once the store
shows no newer version: another process's move may have made it legal.

Every command has an id, which its events carry: the client's idempotency key, or one made
for it. A key the caller chose (a client's, a bot worker's) is also stored with the versions
it produced, scoped to the operation and the caller in its game (`scope`) and with the
fingerprint of the request (`fingerprint`). The same key with the same request gets the
first result and nothing is appended; the same key with another request is refused
(`idempotency_key_reused`). An id made for a command without a key (`Streams.append`) is
never sent again, so it is not stored.

A write the store gave up for a cause of the moment (`TransientConflict`: a deadlock, a
serialization failure) wrote nothing; the command is chosen and decided again from the start,
`TRANSIENT_ATTEMPTS` times in all, and is then refused as `busy` (503 with `Retry-After`).
"""

import asyncio
import contextlib
import secrets
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

import msgspec
from prometheus_client import Counter, Histogram

from commands.core import sandboxes
from commands.core.envelope import Applied, Envelope, command_key
from commands.core.games import GameRepository
from commands.core.loaded import LoadedGame, token_hash
from commands.core.recorded import recorded_before, replayed
from commands.core.streams import Streams, utc_now
from commands.log.registry import game_rules
from commands.log.store import (
    NOTHING_BESIDE,
    ConcurrencyConflict,
    EventStore,
    GameStreams,
    NewGame,
    SeatToken,
    SideRecords,
    TransientConflict,
)
from domain import table
from domain.decider import EVERY_SEAT, AnyRules, Context
from domain.errors import DomainError

ATTEMPTS = 3
"""Decisions a command gets while its game is held (`EventStore.exclusive`) before it is
refused as `busy`: none but a command id recorded meanwhile can conflict there."""
TRANSIENT_ATTEMPTS = 3
"""Tries a command gets when the store keeps giving its write up for a cause of the moment."""
TRANSIENT_PAUSE = 0.02
"""Seconds before the second try, doubled before each next."""
_IDS = uuid.UUID("5c1b1a52-6d0e-4c1f-9d47-6361726472f0")
COMMANDS_ACCEPTED = Counter("cardroom_commands_accepted", "Commands appended.")
APPEND_SECONDS = Histogram(
    "cardroom_append_seconds",
    "Time to append a command's events to Postgres.",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0),
)


SideRecordsFor = Callable[[Sequence[Any]], SideRecords]
"""What to record beside the events a command is decided to produce."""
Decider = Callable[[AnyRules, table.AnyTable, Any, Context], table.Decision]
"""How a command is decided against a table: `domain.table.decided`, but for a fork."""


class CommandHandler:
    """Writes commands: decides each against its game as `games` holds it and appends the
    events with the expected version; every committed command is handed to the listeners
    (`on_committed`) with the game it produced."""

    def __init__(
        self,
        store: GameStreams,
        games: GameRepository,
        now: Callable[[], datetime] = utc_now,
    ) -> None:
        self._store = store
        self.games = games
        self.streams = Streams(store, now)

    @classmethod
    def over(
        cls, store: EventStore, now: Callable[[], datetime] = utc_now, cache_size: int = 10_000
    ) -> "CommandHandler":
        """A handler writing to `store`, with a game repository of its own over it."""
        return cls(store, GameRepository(store, cache_size), now)

    def on_committed(self, listener: Callable[[Applied], None]) -> None:
        """Have `listener` called with each command appended to any stream, once committed
        (before the relay publishes its events)."""
        self.streams.on_committed(listener)

    async def create(
        self,
        kind: str,
        options: dict[str, Any],
        command_id: str | None,
        game_id: str | None = None,
        rematch_of: str | None = None,
    ) -> Applied:
        """Open a new table (under `game_id`, when it is chosen already; the rematch of the
        table `rematch_of`, when it is one); retrying with the same command id returns the
        same game."""
        rules = game_rules(kind)
        if game_id is None:
            game_id = str(uuid.uuid5(_IDS, command_id) if command_id else uuid.uuid4())
        created = table.CreateTable(kind, options, rematch_of=rematch_of or msgspec.UNSET)
        envelope = Envelope(game_id, None, created, command_id)
        if done := await recorded_before(self._store, envelope):
            return Applied(game_id, done.first_version, done.last_version, replayed=True)
        secret = secrets.token_bytes(32)
        game = LoadedGame(game_id, rules, secret, table.AnyTable())

        def record_game(events: Sequence[Any]) -> SideRecords:
            return SideRecords(new_game=NewGame(kind, secret))

        try:
            async with self.games.lock(game_id):
                return await self._apply(self._store, game, envelope, record_game)
        except ConcurrencyConflict:
            done = await recorded_before(self._store, envelope)
            if done is None:
                raise DomainError("conflict", "a game with this id exists already") from None
            return Applied(game_id, done.first_version, done.last_version, replayed=True)

    async def fork(
        self, source_id: str, at: int, by: str | None, command_id: str | None
    ) -> tuple[Applied, str | None]:
        """Open a sandbox at version `at` of the finished game `source_id` (`by` the player
        who asks, if signed in); returns it with the token of every seat (None on a retry)."""
        source = await sandboxes.source_at(self.games, source_id, at, by)
        game_id = str(uuid.uuid5(_IDS, f"fork {command_id}") if command_id else uuid.uuid4())
        envelope = Envelope(game_id, None, source.command, command_id)
        if done := await recorded_before(self._store, envelope):
            return Applied(game_id, done.first_version, done.last_version, replayed=True), None
        secret, token = secrets.token_bytes(32), secrets.token_urlsafe(32)
        game = LoadedGame(game_id, source.rules, secret, table.AnyTable())

        def forked(rules: AnyRules, start: table.AnyTable, _: Any, ctx: Context) -> table.Decision:
            opened = table.fork(rules, source.events, source.between, source.command, ctx)
            return table.Decision(opened, table.fold(rules, opened, start))

        def record_sandbox(events: Sequence[Any]) -> SideRecords:
            every = SeatToken(EVERY_SEAT, token_hash(token))
            return SideRecords(new_game=NewGame(source.rules.kind, secret), seat_token=every)

        async with self.games.lock(game_id):
            applied = await self._apply(self._store, game, envelope, record_sandbox, forked)
        return applied, token

    async def take_seat(
        self, game_id: str, command: table.TakeSeat, command_id: str | None
    ) -> tuple[Applied, int, str | None]:
        """Seat a player; returns the seat and its token (None when the request was a retry)."""
        token = secrets.token_urlsafe(32)

        def store_token(events: Sequence[Any]) -> SideRecords:
            return SideRecords(seat_token=SeatToken(events[0].seat, token_hash(token)))

        applied = await self.execute(Envelope(game_id, None, command, command_id), store_token)
        seat = next(e.seat for e in applied.events if isinstance(e, table.SeatTaken))
        return applied, seat, None if applied.replayed else token

    async def execute(
        self, envelope: Envelope, side_records: SideRecordsFor | None = None
    ) -> Applied:
        """Decide and append one command, deciding again if another process got there first."""
        applied = await self.choose_and_execute(
            envelope.game_id, lambda game: envelope, side_records
        )
        assert applied is not None
        return applied

    async def choose_and_execute(
        self,
        game_id: str,
        choose: Callable[[LoadedGame], Envelope | None],
        side_records: SideRecordsFor | None = None,
    ) -> Applied | None:
        """Like `execute`, for a command chosen by `choose` from the game as it stands while
        no other command of this process can change it (None: nothing to send after all)."""
        side_records = side_records or _nothing_beside
        for attempt in range(TRANSIENT_ATTEMPTS):
            if attempt:  # the game's lock is let go meanwhile
                await asyncio.sleep(TRANSIENT_PAUSE * 2 ** (attempt - 1))
            with contextlib.suppress(TransientConflict):
                return await self._choose_and_execute(game_id, choose, side_records)
        raise DomainError("busy", "the store could not take this command now; send it again")

    async def _choose_and_execute(
        self,
        game_id: str,
        choose: Callable[[LoadedGame], Envelope | None],
        side_records: SideRecordsFor,
    ) -> Applied | None:
        async with self.games.lock(game_id):
            held = await self.games.held(game_id)
            try:
                return await self._decide_and_append(self._store, held, choose, side_records)
            except ConcurrencyConflict:
                pass  # another process appended since this one last read the game
            except DomainError:
                # Refused against what this process holds: refuse only if that is still the
                # latest version, since another process may have made the command legal.
                if (await self.games.latest(game_id)).table.version == held.table.version:
                    raise
            async with self._store.exclusive(game_id) as streams:
                for _ in range(ATTEMPTS):
                    game = await self.games.latest(game_id, streams)
                    try:
                        return await self._decide_and_append(streams, game, choose, side_records)
                    except ConcurrencyConflict:
                        continue  # its command id was recorded meanwhile: seen on the next try
        raise DomainError("busy", "the game kept changing under this command; send it again")

    async def _decide_and_append(
        self,
        streams: GameStreams,
        game: LoadedGame,
        choose: Callable[[LoadedGame], Envelope | None],
        side_records: SideRecordsFor,
    ) -> Applied | None:
        envelope = choose(game)
        if envelope is None:
            return None
        if done := await recorded_before(streams, envelope):
            return await replayed(streams, game, done)
        return await self._apply(streams, game, envelope, side_records)

    async def _apply(
        self,
        streams: GameStreams,
        game: LoadedGame,
        envelope: Envelope,
        side_records: SideRecordsFor,
        decide: Decider = table.decided,
    ) -> Applied:
        now = self.streams.now()
        ctx = table.decision_context(game.table, envelope.seat, now, game.secret)
        events, folded = decide(game.rules, game.table, envelope.command, ctx)
        side = side_records(events)
        if envelope.command_id is not None:  # a key a retry may send again: kept with its result
            side = msgspec.structs.replace(side, command=command_key(envelope, envelope.command_id))
        started = time.perf_counter()
        applied, last_hash = await self.streams.append(
            game.game_id, game.table.version, game.last_hash, envelope, events, now, side, streams
        )
        APPEND_SECONDS.observe(time.perf_counter() - started)
        COMMANDS_ACCEPTED.inc()
        produced = LoadedGame(game.game_id, game.rules, game.secret, folded, last_hash)
        self.games.remember(produced)
        applied = replace(applied, game=produced)
        self.streams.tell(applied)
        return applied


def _nothing_beside(events: Sequence[Any]) -> SideRecords:
    return NOTHING_BESIDE

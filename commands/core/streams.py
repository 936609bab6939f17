"""The one way anything is written: decide, append on a stream, tell the bus.

Every aggregate is a stream of events: each game's table, each player's registration, each
challenge, each tournament. A command is decided against the stream as its events leave it;
its events are linked into the stream's hash chain (`commands.log.records`), appended with
the expected version (a concurrent writer makes the store refuse the second append) beside
what the append records with them, and every listener (the process's event bus) is told
once committed. Games go through the command handler, which holds them between commands
(`commands.core.games`); players, challenges and tournaments are read, folded and decided
here, each time, through the same codec and upcasters (`commands.log.codec`)."""

import functools
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Generic, TypeVar

import msgspec

from commands.core.envelope import Applied, Envelope
from commands.log import codec
from commands.log.records import new_records
from commands.log.store import NOTHING_BESIDE, GameStreams, SideRecords
from domain import challenges, players, tournaments

S = TypeVar("S")


def utc_now() -> datetime:
    """The time every write of the core is decided at, unless a test gives another clock."""
    return datetime.now(UTC)


Listener = Callable[[Applied], None]


@dataclass(frozen=True, slots=True)
class Aggregate(Generic[S]):
    """A kind of stream written through `Streams.decide`: its name (what the codec decodes
    its events as), its stream's id from its key, its state before any event and how an
    event moves it on."""

    name: str
    stream_id: Callable[[str], str]
    initial: S
    evolve: Callable[[S, Any], S]

    def fold(self, events: Sequence[Any], state: S | None = None) -> S:
        return functools.reduce(self.evolve, events, self.initial if state is None else state)


@dataclass(frozen=True, slots=True)
class Loaded(Generic[S]):
    """An aggregate as its stored events leave it: the state, the stream's version and the
    last link of its hash chain."""

    state: S
    version: int
    last_hash: str


Decide = Callable[[S, datetime], Sequence[Any]]
"""A decision against an aggregate's state at a moment: the events it produces (or a
refusal, raised)."""

PLAYERS: Aggregate[players.PlayerRegistered | None] = Aggregate(
    codec.PLAYER, players.stream_id, None, lambda _, registered: registered
)
CHALLENGES = Aggregate(
    codec.CHALLENGE, challenges.stream_id, challenges.Challenge(), challenges.evolve
)
TOURNAMENTS = Aggregate(
    codec.TOURNAMENT, tournaments.stream_id, tournaments.Tournament(), tournaments.evolve
)


class Streams:
    """Appends decided events to any stream and tells the listeners (`on_committed`)."""

    def __init__(self, store: GameStreams, now: Callable[[], datetime]) -> None:
        self._store = store
        self.now = now
        self._committed: list[Listener] = []

    def on_committed(self, listener: Listener) -> None:
        """Have `listener` called with each command appended, once committed."""
        self._committed.append(listener)

    def tell(self, applied: Applied) -> None:
        for listener in self._committed:
            listener(applied)

    async def append(
        self,
        stream_id: str,
        version: int,
        last_hash: str,
        envelope: Envelope,
        events: Sequence[Any],
        now: datetime,
        side: SideRecords = NOTHING_BESIDE,
        streams: GameStreams | None = None,
    ) -> tuple[Applied, str]:
        """Append `events` after `version` (through `streams`, when the caller holds the
        stream exclusively); the command appended, untold, and the chain's new last link."""
        command_id = envelope.command_id or str(uuid.uuid4())
        records, linked = new_records(
            last_hash, envelope.seat, envelope.command, command_id, now, events
        )
        await (streams or self._store).append(stream_id, version, records, side)
        applied = Applied(stream_id, version + 1, version + len(events), tuple(events))
        return applied, linked

    async def load(self, aggregate: Aggregate[S], key: str, upto: int | None = None) -> Loaded[S]:
        """The aggregate of `key` as its stored events leave it (its first `upto` events,
        when given: the aggregate at that version)."""
        stored = await self._store.read_stream(aggregate.stream_id(key), 0, upto)
        if not stored:
            return Loaded(aggregate.initial, 0, "")
        last_hash = msgspec.json.decode(stored[-1].metadata)["hash"]
        state = aggregate.fold(codec.decode_events(aggregate.name, stored))
        return Loaded(state, stored[-1].version, last_hash)

    async def decide(
        self,
        aggregate: Aggregate[S],
        key: str,
        command: Any,
        decide: Decide[S],
        side: SideRecords = NOTHING_BESIDE,
    ) -> S:
        """Decide `command` against the aggregate of `key`, append its events with the
        expected version and tell the listeners; the aggregate as they leave it. A concurrent
        append to the same stream makes the store refuse this one (`ConcurrencyConflict`)."""
        loaded = await self.load(aggregate, key)
        now = self.now()
        events = decide(loaded.state, now)
        stream_id = aggregate.stream_id(key)
        envelope = Envelope(stream_id, None, command)
        applied, _ = await self.append(
            stream_id, loaded.version, loaded.last_hash, envelope, events, now, side
        )
        self.tell(applied)
        return aggregate.fold(events, loaded.state)

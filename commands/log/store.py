"""The event store's ports, narrow by role, and the vocabulary they share: `GameStreams`
(a game's stream: read, append with the expected version, hold), `Credentials` (seat and
player tokens), `Snapshots`, `LogTail` (the whole log in commit order); `EventStore` is them
all, as an adapter offers them. `WatchedGames` (the games workers watch) is a read model's.
`infra.store.postgres_store` is the adapter used in production,
`infra.store.memory_store` one kept in memory (for tests and tools); both pass the one contract
suite, tests/infra/test_store_contract.py.
"""

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from datetime import datetime
from typing import NamedTuple, Protocol

import msgspec


class NewEvent(msgspec.Struct, frozen=True):
    event_id: str
    type: str
    data: str
    metadata: str
    schema_version: int = 1
    """The schema version of the event's type that `data` is written in."""


class LogRow(NamedTuple):
    """What an audit reads of a stored event, and all it reads: its version, type, schema
    version, data and metadata as stored (no positions, ids or times to decode)."""

    version: int
    type: str
    schema_version: int
    data: str
    metadata: str


class NewGame(msgspec.Struct, frozen=True):
    """The record of a game created by an append: its kind and secret seed."""

    kind: str
    secret: bytes


class SeatToken(msgspec.Struct, frozen=True):
    """A seat's token (by its SHA-256 hash), stored by the append that seats it."""

    seat: int
    token_hash: bytes


class PlayerToken(msgspec.Struct, frozen=True):
    """A player's token (by its SHA-256 hash), stored by the append that registers them."""

    handle: str
    token_hash: bytes


class CommandKey(msgspec.Struct, frozen=True):
    """A command id as an append records it: unique in its stream within its `scope` (the
    operation and the caller, e.g. "seat" or "command by seat 2"), stored with the
    `fingerprint` (SHA-256) of the request that carried it."""

    command_id: str
    scope: str = ""
    fingerprint: bytes = b""


class RecordedCommand(msgspec.Struct, frozen=True):
    """What a recorded command id answers: the versions it produced and its fingerprint."""

    first_version: int
    last_version: int
    fingerprint: bytes = b""


class StoredEvent(msgspec.Struct, frozen=True):
    global_position: int
    tx_id: int
    stream_id: str
    version: int
    event_id: str
    type: str
    schema_version: int
    data: str
    metadata: str
    recorded_at: datetime
    kind: str | None = None

    @property
    def ends_command(self) -> bool:
        """Whether the game is between two commands after this event: nobody can act in the
        middle of a command, and some games' moves are undefined there."""
        ends: bool = msgspec.json.decode(self.metadata).get("ends_command", True)
        return ends

    @property
    def position(self) -> "Position":
        return Position(self.tx_id, self.global_position)


class Position(msgspec.Struct, frozen=True, order=True):
    """A place in the whole log, in commit order."""

    tx_id: int = 0
    global_position: int = 0


class Snapshot(msgspec.Struct, frozen=True):
    """A game's table at one version, as `commands.log.snapshots` encodes it."""

    version: int
    schema: str
    last_hash: str
    phase: str
    state: bytes


class SideRecords(msgspec.Struct, frozen=True):
    """What an append records beside its events, all or nothing with them: the command id,
    a new game's record, a seat's token, a player's token."""

    command: CommandKey | None = None
    new_game: NewGame | None = None
    seat_token: SeatToken | None = None
    player_token: PlayerToken | None = None


NOTHING_BESIDE = SideRecords()


class ConcurrencyConflict(Exception):
    """The stream moved past the expected version, or the command id was already used."""


class TransientConflict(Exception):
    """The store gave a write up for a cause of the moment (a deadlock, a serialization
    failure) and wrote nothing: the same write may succeed when tried again."""


class GameStreams(Protocol):
    """Streams of events, one per game, appended with an expected version."""

    def exclusive(self, stream_id: str) -> AbstractAsyncContextManager["GameStreams"]:
        """The store holding a stream: until the block ends, no append to the stream but
        those made through the store it yields can commit, in any process."""
        ...

    async def read_stream(
        self, stream_id: str, after_version: int = 0, limit: int | None = None
    ) -> list[StoredEvent]:
        """A stream's events after a version, in version order, at most `limit` of them."""
        ...

    async def read_log(self, stream_id: str) -> list[LogRow]:
        """A whole stream as its audit reads it, in version order."""
        ...

    async def append(
        self,
        stream_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        side: SideRecords = NOTHING_BESIDE,
    ) -> int:
        """Append `events` as versions expected_version+1... and return the last version,
        all or nothing, together with the side records (the command id with its scope,
        fingerprint and the versions it produced; the game record; the seat token; the player
        token). Raises ConcurrencyConflict, writing nothing, when one of the versions, the
        command id in this stream and scope, the game, the seat in this game, the token hash
        or the player exists already; TransientConflict, writing nothing, when the store
        gave the write up for a cause of the moment."""
        ...

    async def recorded_command(
        self, stream_id: str, scope: str, command_id: str
    ) -> RecordedCommand | None:
        """What a command id recorded in a stream and scope produced, if it was applied."""
        ...

    async def game_record(self, game_id: str) -> tuple[str, bytes] | None:
        """A game's kind and secret seed, if the game exists."""
        ...


class Credentials(Protocol):
    """The tokens appends recorded, by their SHA-256 hash."""

    async def seat_for_token(self, game_id: str, token_hash: bytes) -> int | None: ...

    async def player_for_token(self, token_hash: bytes) -> str | None:
        """The handle of the player a token (by its hash) belongs to, if any."""
        ...


class Snapshots(Protocol):
    async def latest_snapshot(self, game_id: str) -> Snapshot | None:
        """The game's newest snapshot, if one was taken."""
        ...

    async def save_snapshot(self, game_id: str, snapshot: Snapshot) -> None:
        """Keep `snapshot` as the game's newest, unless a newer one of the same schema is
        kept already."""
        ...


class LogTail(Protocol):
    """The whole log in commit order, for the relay, the projections and the audit."""

    async def read_all(self, after: Position, limit: int = 500) -> list[StoredEvent]: ...

    async def count_after(self, after: Position) -> int: ...


class WatchedGames(Protocol):
    """The unfinished games a worker must watch from its start: a read model in production
    (`infra.reading.watched_games`), the log itself in memory (`infra.store.memory_store`)."""

    async def games_with_bots(self) -> list[str]:
        """Every game that seated a bot and has not finished."""
        ...

    async def games_with_clocks(self) -> list[str]:
        """Every game whose table took a clock and has not finished."""
        ...


class EventStore(GameStreams, Credentials, Snapshots, LogTail, Protocol):
    """The store's ports, as one adapter (`infra.store.postgres_store`,
    `infra.store.memory_store`) offers them."""

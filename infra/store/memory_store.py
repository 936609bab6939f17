"""An event store kept in memory: the `commands.log.store.EventStore` port without a database,
for tests and tools. It keeps the Postgres adapter's contract (tests/infra/
test_store_contract.py runs against both):

- an append writes all or nothing: its events as versions expected+1..., the command id
  (in its scope, with its fingerprint and the versions it produced), the game record and
  the seat token and the player token; any of them already there (a version, the command id
  in the stream and scope, the game, the seat of the game, a token hash, the player, an
  event id) is a
  ConcurrencyConflict and nothing is written;
- every append is one transaction of its own, committed at once: its transaction id is the
  next number, its events take the next global positions, so commit order is append order;
- nothing is ever in flight (an append does not wait between its checks and its writes, so
  no other task runs in between), so the horizon of `read_all` is simply the end of the log.
"""

import contextlib
from collections.abc import AsyncIterator, Sequence
from datetime import UTC, datetime

import msgspec

from commands.log.store import (
    NOTHING_BESIDE,
    CommandKey,
    ConcurrencyConflict,
    LogRow,
    NewEvent,
    NewGame,
    PlayerToken,
    Position,
    RecordedCommand,
    SeatToken,
    SideRecords,
    Snapshot,
    StoredEvent,
)

SEAT_TAKEN = "table.seat_taken"
TABLE_CREATED = "table.created"
GAME_FINISHED = "table.game_finished"


class MemoryEventStore:
    def __init__(self) -> None:
        self._log: list[StoredEvent] = []
        """Every event in commit order, without its game's kind (joined when read)."""
        self._streams: dict[str, list[StoredEvent]] = {}
        self._event_ids: set[str] = set()
        self._commands: dict[tuple[str, str, str], RecordedCommand] = {}
        """By stream, scope and command id."""
        self._games: dict[str, NewGame] = {}
        self._seats: dict[tuple[str, int], bytes] = {}
        self._tokens: set[bytes] = set()
        self._players: dict[bytes, str] = {}
        """Each player's handle by their token's hash."""
        self._last_tx_id = 0
        self._snapshots: dict[str, Snapshot] = {}

    async def read_stream(
        self, stream_id: str, after_version: int = 0, limit: int | None = None
    ) -> list[StoredEvent]:
        stream = self._streams.get(stream_id, [])
        after = [self._joined(event) for event in stream if event.version > after_version]
        return after if limit is None else after[:limit]

    async def read_log(self, stream_id: str) -> list[LogRow]:
        return [
            LogRow(e.version, e.type, e.schema_version, e.data, e.metadata)
            for e in self._streams.get(stream_id, [])
        ]

    async def append(
        self,
        stream_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        side: SideRecords = NOTHING_BESIDE,
    ) -> int:
        command, new_game, seat_token, player_token = (
            side.command,
            side.new_game,
            side.seat_token,
            side.player_token,
        )
        last = expected_version + len(events)
        self._check(stream_id, expected_version, events, command, new_game, seat_token)
        self._check_player(player_token)
        self._last_tx_id += 1
        now = datetime.now(UTC)
        stream = self._streams.setdefault(stream_id, [])
        in_order = not stream or stream[-1].version < expected_version + 1
        for version, event in enumerate(events, start=expected_version + 1):
            stored = StoredEvent(
                global_position=len(self._log) + 1,
                tx_id=self._last_tx_id,
                stream_id=stream_id,
                version=version,
                event_id=event.event_id,
                type=event.type,
                schema_version=event.schema_version,
                data=event.data,
                metadata=event.metadata,
                recorded_at=now,
            )
            self._log.append(stored)
            stream.append(stored)
            self._event_ids.add(event.event_id)
        if not in_order:
            stream.sort(key=lambda each: each.version)
        if command is not None:
            key = (stream_id, command.scope, command.command_id)
            self._commands[key] = RecordedCommand(expected_version + 1, last, command.fingerprint)
        if new_game is not None:
            self._games[stream_id] = new_game
        if seat_token is not None:
            self._seats[(stream_id, seat_token.seat)] = seat_token.token_hash
            self._tokens.add(seat_token.token_hash)
        if player_token is not None:
            self._players[player_token.token_hash] = player_token.handle
        return last

    async def recorded_command(
        self, stream_id: str, scope: str, command_id: str
    ) -> RecordedCommand | None:
        return self._commands.get((stream_id, scope, command_id))

    async def count_after(self, after: Position) -> int:
        return sum(1 for event in self._log if event.position > after)

    @contextlib.asynccontextmanager
    async def exclusive(self, stream_id: str) -> AsyncIterator["MemoryEventStore"]:
        """Nothing else appends while an append of this store runs: the store itself."""
        yield self

    async def latest_snapshot(self, game_id: str) -> Snapshot | None:
        return self._snapshots.get(game_id)

    async def save_snapshot(self, game_id: str, snapshot: Snapshot) -> None:
        kept = self._snapshots.get(game_id)
        if kept is None or kept.version < snapshot.version or kept.schema != snapshot.schema:
            self._snapshots[game_id] = snapshot

    async def game_record(self, game_id: str) -> tuple[str, bytes] | None:
        game = self._games.get(game_id)
        return None if game is None else (game.kind, game.secret)

    async def seat_for_token(self, game_id: str, token_hash: bytes) -> int | None:
        for (game, seat), stored in self._seats.items():
            if game == game_id and stored == token_hash:
                return seat
        return None

    async def player_for_token(self, token_hash: bytes) -> str | None:
        return self._players.get(token_hash)

    async def games_with_bots(self) -> list[str]:
        finished = {event.stream_id for event in self._log if event.type == GAME_FINISHED}
        with_bots = {
            event.stream_id
            for event in self._log
            if event.type == SEAT_TAKEN and msgspec.json.decode(event.data).get("bot") is not None
        }
        return sorted(with_bots - finished)

    async def games_with_clocks(self) -> list[str]:
        finished = {event.stream_id for event in self._log if event.type == GAME_FINISHED}
        clocked = {
            event.stream_id
            for event in self._log
            if event.type == TABLE_CREATED
            and "clock" in msgspec.json.decode(event.data).get("options", {})
        }
        return sorted(clocked - finished)

    async def read_all(self, after: Position, limit: int = 500) -> list[StoredEvent]:
        later = (event for event in self._log if event.position > after)
        return [self._joined(event) for _, event in zip(range(limit), later, strict=False)]

    def _check(
        self,
        stream_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        command: CommandKey | None,
        new_game: NewGame | None,
        seat_token: SeatToken | None,
    ) -> None:
        """Raise ConcurrencyConflict when the append would break a uniqueness rule, and
        refuse (like jsonb) data or metadata that is not JSON."""
        stream = self._streams.get(stream_id, [])
        wanted = range(expected_version + 1, expected_version + len(events) + 1)
        past = bool(stream) and stream[-1].version >= wanted.start
        if past and {event.version for event in stream}.intersection(wanted):
            raise ConcurrencyConflict(f"{stream_id} is past version {expected_version}")
        ids = [event.event_id for event in events]
        if len(set(ids)) != len(ids) or self._event_ids.intersection(ids):
            raise ConcurrencyConflict("an event id is taken")
        if command is not None and (stream_id, command.scope, command.command_id) in self._commands:
            raise ConcurrencyConflict(f"command {command.command_id} was applied to {stream_id}")
        if new_game is not None and stream_id in self._games:
            raise ConcurrencyConflict(f"game {stream_id} exists")
        if seat_token is not None and (
            (stream_id, seat_token.seat) in self._seats or seat_token.token_hash in self._tokens
        ):
            raise ConcurrencyConflict(f"seat {seat_token.seat} of {stream_id} has a token")
        for event in events:
            msgspec.json.decode(event.data)
            msgspec.json.decode(event.metadata)

    def _check_player(self, player_token: PlayerToken | None) -> None:
        if player_token is None:
            return
        taken = player_token.token_hash in self._players
        if taken or player_token.handle in self._players.values():
            raise ConcurrencyConflict(f"player {player_token.handle} is registered")

    def _joined(self, event: StoredEvent) -> StoredEvent:
        """The event with its game's kind, as the Postgres adapter joins it when reading."""
        game = self._games.get(event.stream_id)
        return event if game is None else msgspec.structs.replace(event, kind=game.kind)

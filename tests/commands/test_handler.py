"""The command handler on the in-memory store: no servers needed."""

from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime
from typing import Any

import msgspec
import pytest

from commands.core.envelope import Applied, Envelope
from commands.core.games import GameRepository
from commands.core.handler import TRANSIENT_ATTEMPTS, CommandHandler
from commands.core.loaded import token_hash
from commands.log import codec
from commands.log.store import NOTHING_BESIDE, NewEvent, SideRecords, TransientConflict
from domain import table
from domain.errors import DomainError
from infra.store.memory_store import MemoryEventStore

NOW = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


class Interloper(MemoryEventStore):
    """A store where another writer may get in just before the next append."""

    def __init__(self) -> None:
        super().__init__()
        self.before_next_append: Callable[[], Awaitable[Any]] | None = None
        self.appends = 0

    async def append(
        self,
        stream_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        side: SideRecords = NOTHING_BESIDE,
    ) -> int:
        other, self.before_next_append = self.before_next_append, None
        if other is not None:
            await other()
        self.appends += 1
        return await super().append(stream_id, expected_version, events, side)


@pytest.fixture
def store() -> Interloper:
    return Interloper()


@pytest.fixture
def handler(store: Interloper) -> CommandHandler:
    return CommandHandler.over(store, now=lambda: NOW)


async def seated_game(handler: CommandHandler, seats: int = 2) -> tuple[str, list[str]]:
    created = await handler.create("mad", {}, None)
    tokens = []
    for seat in range(seats):
        _, taken, token = await handler.take_seat(
            created.game_id, table.TakeSeat(f"p{seat}", f"dice {seat}"), None
        )
        assert taken == seat and token is not None
        tokens.append(token)
    return created.game_id, tokens


async def started_game(handler: CommandHandler) -> str:
    game_id, _ = await seated_game(handler)
    await handler.execute(Envelope(game_id, 0, table.StartGame()))
    return game_id


async def a_move(handler: CommandHandler, game_id: str) -> Envelope:
    """The first legal game command of the first seat that has one."""
    game = await handler.games.latest(game_id)
    for seat in range(len(game.table.seats)):
        moves = table.legal_moves(game.rules, game.table, seat)
        if moves:
            return Envelope(game_id, seat, moves[0], f"move-{game.table.version}")
    raise AssertionError("no seat has a move")


async def test_create_records_the_game_its_secret_and_the_first_event(
    handler: CommandHandler, store: Interloper
) -> None:
    applied = await handler.create("mad", {}, "create-1")
    assert (applied.first_version, applied.last_version, applied.replayed) == (1, 1, False)
    record = await store.game_record(applied.game_id)
    assert record is not None and record[0] == "mad" and len(record[1]) == 32
    [row] = await store.read_stream(applied.game_id)
    assert row.type == "table.created" and row.schema_version == 1 and row.kind == "mad"
    metadata = msgspec.json.decode(row.metadata)
    assert metadata["hash"] == codec.chain_hash("", row.data)
    assert metadata["command_id"] == "create-1" and metadata["ends_command"] is True
    assert (await handler.games.latest(applied.game_id)).table.status == "open"


async def test_a_seat_is_taken_with_a_token_stored_by_its_hash(
    handler: CommandHandler, store: Interloper
) -> None:
    game_id, tokens = await seated_game(handler)
    assert [await handler.games.seat_for_token(game_id, token) for token in tokens] == [0, 1]
    assert await store.seat_for_token(game_id, token_hash(tokens[1])) == 1
    assert await handler.games.seat_for_token(game_id, "not a token") is None


async def test_a_started_game_takes_game_commands_and_links_every_event(
    handler: CommandHandler, store: Interloper
) -> None:
    game_id = await started_game(handler)
    assert (await handler.games.latest(game_id)).table.status == "playing"
    move = await a_move(handler, game_id)
    before = (await handler.games.latest(game_id)).table.version
    applied = await handler.execute(move)
    assert applied.first_version == before + 1 and applied.events
    previous = ""
    for row in await store.read_stream(game_id):
        metadata = msgspec.json.decode(row.metadata)
        assert metadata["hash"] == codec.chain_hash(previous, row.data)
        previous = metadata["hash"]
    fresh = await GameRepository(store).latest(game_id)
    assert fresh.table == (await handler.games.latest(game_id)).table
    assert fresh.last_hash == previous


async def test_a_retried_command_answers_its_first_result_and_appends_nothing(
    handler: CommandHandler, store: Interloper
) -> None:
    game_id = await started_game(handler)
    move = await a_move(handler, game_id)
    first = await handler.execute(move)
    appends, version = store.appends, (await handler.games.latest(game_id)).table.version
    again = await handler.execute(move)
    assert again.replayed and not first.replayed
    assert (again.first_version, again.last_version) == (first.first_version, first.last_version)
    assert again.events == first.events
    assert store.appends == appends
    assert (await handler.games.latest(game_id)).table.version == version
    created = await handler.create("mad", {}, "same-create")
    assert (await handler.create("mad", {}, "same-create")) == Applied(
        created.game_id, 1, 1, replayed=True
    )


async def test_a_conflict_with_another_writer_reloads_and_decides_again(
    handler: CommandHandler, store: Interloper
) -> None:
    created = await handler.create("mad", {}, None)
    game_id = created.game_id
    await handler.games.latest(game_id)
    other = CommandHandler.over(store, now=lambda: NOW)
    taken_by_other: list[int] = []

    async def other_takes_a_seat() -> None:
        _, seat, _ = await other.take_seat(game_id, table.TakeSeat("other"), None)
        taken_by_other.append(seat)

    store.before_next_append = other_takes_a_seat
    _, seat, token = await handler.take_seat(game_id, table.TakeSeat("mine"), None)
    assert taken_by_other == [0]
    assert seat == 1, "decided again against the other writer's seat"
    assert token is not None and await handler.games.seat_for_token(game_id, token) == 1
    state = (await handler.games.latest(game_id)).table
    assert [each.name for each in state.seats] == ["other", "mine"]
    assert state.version == 3


async def test_a_command_made_legal_by_another_writer_is_not_refused_by_a_stale_state(
    handler: CommandHandler, store: Interloper
) -> None:
    game_id, _ = await seated_game(handler)
    stale = (await handler.games.latest(game_id)).table.version
    other = CommandHandler.over(store, now=lambda: NOW)
    await other.execute(Envelope(game_id, 0, table.StartGame()))
    move = await a_move(other, game_id)
    assert (await handler.games.held(game_id)).table.version == stale, "still the old state"
    applied = await handler.execute(move)
    assert applied.events and (await handler.games.latest(game_id)).table.status == "playing"


async def test_a_refused_command_changes_nothing(
    handler: CommandHandler, store: Interloper
) -> None:
    game_id, _ = await seated_game(handler)
    await handler.execute(Envelope(game_id, 0, table.StartGame()))
    appends, rows = store.appends, await store.read_stream(game_id)
    with pytest.raises(DomainError) as refused:
        await handler.execute(Envelope(game_id, 1, table.StartGame(), "start-again"))
    assert refused.value.code == "already_started"
    assert store.appends == appends
    assert await store.read_stream(game_id) == rows
    assert await store.recorded_command(game_id, "command by seat 1", "start-again") is None
    with pytest.raises(DomainError) as missing:
        await handler.games.latest("no-such-game")
    assert missing.value.code == "game_not_found"


async def test_a_key_sent_again_with_another_request_is_refused_and_changes_nothing(
    handler: CommandHandler, store: Interloper
) -> None:
    created = await handler.create("mad", {}, "k-123")
    with pytest.raises(DomainError) as other_kind:
        await handler.create("gnono", {}, "k-123")
    assert other_kind.value.code == "idempotency_key_reused"
    with pytest.raises(DomainError) as other_options:
        await handler.create("mad", {"variant": "other"}, "k-123")
    assert other_options.value.code == "idempotency_key_reused"
    game_id = created.game_id
    await handler.take_seat(game_id, table.TakeSeat("ada"), "seat-key")
    appends = store.appends
    with pytest.raises(DomainError) as other_seat:
        await handler.take_seat(game_id, table.TakeSeat("bob"), "seat-key")
    assert other_seat.value.code == "idempotency_key_reused"
    assert store.appends == appends
    assert [each.name for each in (await handler.games.latest(game_id)).table.seats] == ["ada"]


async def test_keys_are_scoped_to_the_caller_and_the_operation(
    handler: CommandHandler, store: Interloper
) -> None:
    game_id, _ = await seated_game(handler)
    await handler.take_seat(game_id, table.TakeSeat("third"), "same-key")
    started = await handler.execute(Envelope(game_id, 0, table.StartGame(), "same-key"))
    assert not started.replayed, "a seat's key is not the seat request's key"
    move = await a_move(handler, game_id)
    mine = await handler.execute(Envelope(game_id, move.seat, move.command, "turn-key"))
    with pytest.raises(DomainError) as refused:
        assert move.seat is not None
        await handler.execute(Envelope(game_id, 1 - move.seat, move.command, "turn-key"))
    assert refused.value.code != "idempotency_key_reused", "another seat's key is its own"
    again = await handler.execute(Envelope(game_id, move.seat, move.command, "turn-key"))
    assert again.replayed and again.events == mine.events


class GivingUp(MemoryEventStore):
    """A store that gives up its next `failures` appends for a cause of the moment."""

    def __init__(self, failures: int) -> None:
        super().__init__()
        self.failures = failures

    async def append(
        self,
        stream_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        side: SideRecords = NOTHING_BESIDE,
    ) -> int:
        if self.failures and expected_version > 0:
            self.failures -= 1
            raise TransientConflict("deadlock detected")
        return await super().append(stream_id, expected_version, events, side)


async def test_a_write_given_up_for_a_cause_of_the_moment_is_tried_again() -> None:
    store = GivingUp(failures=TRANSIENT_ATTEMPTS - 1)
    handler = CommandHandler.over(store, now=lambda: NOW)
    created = await handler.create("mad", {}, None)
    store.failures = TRANSIENT_ATTEMPTS - 1
    applied, seat, _ = await handler.take_seat(
        created.game_id, table.TakeSeat("p0", "dice"), "seat-once"
    )
    assert (seat, store.failures) == (0, 0)
    stored = await store.read_stream(created.game_id)
    assert [e.version for e in stored] == [1, applied.last_version]


async def test_a_write_given_up_every_time_is_refused_as_busy_and_records_nothing() -> None:
    store = GivingUp(failures=0)
    handler = CommandHandler.over(store, now=lambda: NOW)
    created = await handler.create("mad", {}, None)
    store.failures = TRANSIENT_ATTEMPTS
    with pytest.raises(DomainError) as refused:
        await handler.take_seat(created.game_id, table.TakeSeat("p0", "dice"), None)
    assert refused.value.code == "busy"
    assert store.failures == 0
    assert len(await store.read_stream(created.game_id)) == 1

"""The event store's contract, one part per port (`GameStreams`, `Credentials`, `Snapshots`,
`LogTail`), run against every adapter: Postgres (on the test server) and the in-memory store.
A new adapter joins by adding itself to `ADAPTERS`. (`WatchedGames` has its own suite:
tests/infra/test_watched_games.py.)"""

import asyncio
import uuid

import msgspec
import pytest

from commands.log.store import (
    CommandKey,
    ConcurrencyConflict,
    EventStore,
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
from infra.store.memory_store import MemoryEventStore
from infra.store.postgres_store import PostgresEventStore

ADAPTERS = ["postgres", "memory"]


@pytest.fixture(params=ADAPTERS)
def store(request: pytest.FixtureRequest) -> EventStore:
    """Each adapter in turn; Postgres on a quiet database (its servers only when needed)."""
    if request.param == "postgres":
        return PostgresEventStore(request.getfixturevalue("quiet_pool"))
    return MemoryEventStore()


def new_events(count: int, label: str = "x", type: str = "test.happened") -> list[NewEvent]:
    return [
        NewEvent(str(uuid.uuid4()), type, f'{{"n": {n}, "label": "{label}"}}', "{}")
        for n in range(count)
    ]


def stream() -> str:
    return f"test-{uuid.uuid4()}"


# GameStreams: a game's stream, read, appended with the expected version, with side records.


async def test_appended_events_read_back_in_version_order(store: EventStore) -> None:
    game = stream()
    await store.append(game, 0, new_events(2))
    await store.append(game, 2, new_events(1))
    rows = await store.read_stream(game)
    assert [row.version for row in rows] == [1, 2, 3]
    assert rows[0].data == '{"n": 0, "label": "x"}'


async def test_a_stream_reads_after_a_version(store: EventStore) -> None:
    game = stream()
    assert await store.append(game, 0, new_events(3)) == 3
    assert [row.version for row in await store.read_stream(game, 1)] == [2, 3]
    assert await store.read_stream(game, 3) == []
    assert await store.read_stream(stream()) == []


async def test_each_event_keeps_its_schema_version(store: EventStore) -> None:
    game = stream()
    old, new = new_events(2)
    await store.append(game, 0, [old, msgspec.structs.replace(new, schema_version=2)])
    assert [row.schema_version for row in await store.read_stream(game)] == [1, 2]


async def test_a_stream_reads_as_its_log_with_what_an_audit_reads(store: EventStore) -> None:
    game = stream()
    first, second = new_events(2)
    await store.append(game, 0, [msgspec.structs.replace(first, metadata='{"seat": 1}')])
    await store.append(game, 1, [msgspec.structs.replace(second, schema_version=2)])
    assert await store.read_log(game) == [
        LogRow(1, "test.happened", 1, '{"n": 0, "label": "x"}', '{"seat": 1}'),
        LogRow(2, "test.happened", 2, '{"n": 1, "label": "x"}', "{}"),
    ]
    assert await store.read_log(stream()) == []


async def test_a_stale_expected_version_is_a_conflict_and_appends_nothing(
    store: EventStore,
) -> None:
    game = stream()
    await store.append(game, 0, new_events(1, "first"))
    with pytest.raises(ConcurrencyConflict):
        await store.append(game, 0, new_events(2, "second"))
    rows = await store.read_stream(game)
    assert [(row.version, "first" in row.data) for row in rows] == [(1, True)]


async def test_a_stream_reads_at_most_a_limit(store: EventStore) -> None:
    game = stream()
    await store.append(game, 0, new_events(5))
    assert [row.version for row in await store.read_stream(game, 1, limit=2)] == [2, 3]
    assert [row.version for row in await store.read_stream(game, 3, limit=10)] == [4, 5]


async def test_a_retried_command_id_appends_nothing(store: EventStore) -> None:
    game = stream()
    await store.append(game, 0, new_events(2), SideRecords(CommandKey("cmd-1")))
    with pytest.raises(ConcurrencyConflict):
        await store.append(game, 2, new_events(1), SideRecords(CommandKey("cmd-1")))
    assert len(await store.read_stream(game)) == 2
    assert await store.recorded_command(game, "", "cmd-1") == RecordedCommand(1, 2)
    assert await store.recorded_command(game, "", "cmd-2") is None
    assert await store.recorded_command(stream(), "", "cmd-1") is None


async def test_a_command_id_is_unique_within_its_scope_and_keeps_its_fingerprint(
    store: EventStore,
) -> None:
    game, first, second = stream(), b"\x01" * 32, b"\x02" * 32
    by_seat_0 = SideRecords(CommandKey("k-123", "command by seat 0", first))
    by_seat_1 = SideRecords(CommandKey("k-123", "command by seat 1", second))
    await store.append(game, 0, new_events(1), by_seat_0)
    await store.append(game, 1, new_events(2), by_seat_1)
    again = SideRecords(CommandKey("k-123", "command by seat 1", first))
    with pytest.raises(ConcurrencyConflict):
        await store.append(game, 3, new_events(1), again)
    assert len(await store.read_stream(game)) == 3
    assert await store.recorded_command(game, "command by seat 0", "k-123") == RecordedCommand(
        1, 1, first
    )
    assert await store.recorded_command(game, "command by seat 1", "k-123") == RecordedCommand(
        2, 3, second
    )
    assert await store.recorded_command(game, "seat", "k-123") is None


async def test_a_game_and_a_seat_token_are_recorded_with_the_events(store: EventStore) -> None:
    game, token = stream(), uuid.uuid4().bytes
    assert await store.game_record(game) is None
    await store.append(game, 0, new_events(1), SideRecords(new_game=NewGame("mad", b"\x01\x02")))
    await store.append(game, 1, new_events(1), SideRecords(seat_token=SeatToken(3, token)))
    assert await store.game_record(game) == ("mad", b"\x01\x02")
    assert await store.seat_for_token(game, token) == 3
    assert await store.seat_for_token(game, uuid.uuid4().bytes) is None
    assert await store.seat_for_token(stream(), token) is None
    assert {row.kind for row in await store.read_stream(game)} == {"mad"}


async def test_side_writes_roll_back_with_a_conflict(store: EventStore) -> None:
    game = stream()
    await store.append(game, 0, new_events(1))
    with pytest.raises(ConcurrencyConflict):
        await store.append(game, 0, new_events(1), SideRecords(new_game=NewGame("test", b"\x00")))
    assert await store.game_record(game) is None
    with pytest.raises(ConcurrencyConflict):
        await store.append(game, 0, new_events(1), SideRecords(seat_token=SeatToken(0, b"token")))
    assert await store.seat_for_token(game, b"token") is None


async def test_a_second_game_record_seat_or_token_is_a_conflict_and_appends_nothing(
    store: EventStore,
) -> None:
    game, token = stream(), uuid.uuid4().bytes
    await store.append(game, 0, new_events(1), SideRecords(new_game=NewGame("mad", b"\x00")))
    await store.append(game, 1, new_events(1), SideRecords(seat_token=SeatToken(0, token)))
    refused = [
        {"new_game": NewGame("gnono", b"\x01")},
        {"seat_token": SeatToken(0, uuid.uuid4().bytes)},
        {"seat_token": SeatToken(1, token)},
    ]
    for beside in refused:
        with pytest.raises(ConcurrencyConflict):
            side = SideRecords(CommandKey("c"), **beside)  # type: ignore[arg-type]
            await store.append(game, 2, new_events(1), side)
    assert len(await store.read_stream(game)) == 2
    assert await store.recorded_command(game, "", "c") is None
    assert await store.game_record(game) == ("mad", b"\x00")
    assert await store.seat_for_token(game, token) == 0


# Credentials: the tokens an append recorded.


async def test_a_player_token_names_its_player_and_no_other_token_does(
    store: EventStore,
) -> None:
    handle, token = f"player-{uuid.uuid4().hex[:8]}", uuid.uuid4().bytes
    side = SideRecords(player_token=PlayerToken(handle, token))
    await store.append(f"player:{handle}", 0, new_events(1), side)
    assert await store.player_for_token(token) == handle
    assert await store.player_for_token(uuid.uuid4().bytes) is None
    assert await store.seat_for_token(stream(), token) is None


# Snapshots: a game's newest table kept.


async def test_the_newest_snapshot_of_a_game_is_kept(store: EventStore) -> None:
    game = stream()
    await store.append(game, 0, new_events(1), SideRecords(new_game=NewGame("mad", b"\x00")))
    assert await store.latest_snapshot(game) is None
    newer, older = (Snapshot(v, "schema", f"hash {v}", "playing", b"state") for v in (8, 4))
    await store.save_snapshot(game, newer)
    await store.save_snapshot(game, older)
    assert await store.latest_snapshot(game) == newer


# LogTail: the whole log in commit order.


async def test_the_whole_log_reads_in_commit_order_from_any_position(store: EventStore) -> None:
    first, second = stream(), stream()
    start = await _end_of_log(store)
    await store.append(first, 0, new_events(2, "a"))
    await store.append(second, 0, new_events(1, "b"))
    await store.append(first, 2, new_events(1, "c"))
    rows = await _visible(store, start, (first, second), 4)
    assert [(row.stream_id, row.version) for row in rows] == [
        (first, 1),
        (first, 2),
        (second, 1),
        (first, 3),
    ]
    assert [row.position for row in rows] == sorted(row.position for row in rows)
    assert rows[0].tx_id == rows[1].tx_id < rows[2].tx_id < rows[3].tx_id
    assert await store.count_after(start) == 4
    assert await store.count_after(rows[1].position) == 2
    after = await store.read_all(rows[1].position, limit=1)
    assert [(row.stream_id, row.version) for row in after] == [(second, 1)]


async def _visible(
    store: EventStore, start: Position, streams: tuple[str, ...], count: int
) -> list[StoredEvent]:
    """The streams' events after `start` once the reader may see `count` of them: a
    transaction still open elsewhere on the server holds the horizon back for a moment."""
    for _ in range(200):
        rows = [row for row in await store.read_all(start) if row.stream_id in streams]
        if len(rows) >= count:
            break
        await asyncio.sleep(0.05)
    return rows


async def _end_of_log(store: EventStore) -> Position:
    """The position of the last event, once the reader may see it (see `_visible`)."""
    position = Position()
    for _ in range(200):
        while rows := await store.read_all(position):
            position = rows[-1].position
        if await store.count_after(position) == 0:
            break
        await asyncio.sleep(0.05)
    return position

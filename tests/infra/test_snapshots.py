"""Snapshots on Postgres: a cold load from a snapshot is the game folded from version 1, and
a snapshot written by other code is never restored."""

import uuid
from datetime import UTC, datetime

import asyncpg
import msgspec
import pytest

from commands.core.games import GameRepository
from commands.log import codec, snapshots
from commands.log.published import LogRecord
from commands.log.registry import GAMES
from commands.log.store import NewEvent, NewGame, SideRecords, StoredEvent
from domain import table
from infra.reading import snapshot_taker
from infra.reading.snapshot_taker import EVERY, SnapshotTaker
from infra.store.postgres_store import PostgresEventStore
from tests.commands.tamper import golden, golden_names

GOLDEN_GAMES = [golden_names(kind)[0] for kind in sorted(GAMES)]


@pytest.fixture
def store(quiet_pool: asyncpg.Pool) -> PostgresEventStore:
    return PostgresEventStore(quiet_pool)


def as_new(records: list[LogRecord]) -> list[NewEvent]:
    return [
        NewEvent(
            str(uuid.uuid4()), r.type, bytes(r.data).decode(), codec.encode(r.metadata).decode()
        )
        for r in records
    ]


def halfway(records: list[LogRecord]) -> int:
    """How many records make up the first half of the game, ending between two commands."""
    ends = [i + 1 for i, r in enumerate(records) if r.metadata.get("ends_command", True)]
    return next(end for end in ends if end >= len(records) // 2)


async def stored_golden(store: PostgresEventStore, name: str, upto: int) -> tuple[str, str]:
    records = golden(name)
    game_id, kind = str(uuid.uuid4()), name.split("-")[0]
    await store.append(
        game_id, 0, as_new(records[:upto]), SideRecords(new_game=NewGame(kind, b"secret"))
    )
    return game_id, kind


@pytest.mark.parametrize("name", GOLDEN_GAMES)
async def test_a_cold_load_from_a_snapshot_equals_the_fold_from_version_one(
    store: PostgresEventStore, name: str
) -> None:
    records = golden(name)
    middle = halfway(records)
    game_id, kind = await stored_golden(store, name, middle)
    await store.save_snapshot(game_id, await GameRepository(store).snapshot(game_id))
    await store.append(game_id, middle, as_new(records[middle:]))

    loaded = await GameRepository(store).latest(game_id)

    folded = table.fold(GAMES[kind], codec.decode_events(kind, records))
    assert (await store.latest_snapshot(game_id) or pytest.fail()).version == middle
    assert loaded.table == folded
    assert loaded.last_hash == records[-1].metadata["hash"]


async def test_a_snapshot_of_another_schema_is_ignored(store: PostgresEventStore) -> None:
    name = golden_names("gnono")[0]
    records = golden(name)
    game_id, kind = await stored_golden(store, name, len(records))
    taken = await GameRepository(store).snapshot(game_id)
    state = snapshots.restore(GAMES[kind], taken)
    assert state is not None
    forged = msgspec.structs.replace(state, seats=tuple(reversed(state.seats)))
    old = msgspec.structs.replace(
        snapshots.take(GAMES[kind], forged, taken.last_hash), schema="written by older code"
    )
    await store.save_snapshot(game_id, old)

    loaded = await GameRepository(store).latest(game_id)

    assert loaded.table == table.fold(GAMES[kind], codec.decode_events(kind, records))
    assert loaded.table.seats != forged.seats


async def test_the_taker_passes_over_a_long_stream_that_is_no_game(
    store: PostgresEventStore, quiet_pool: asyncpg.Pool
) -> None:
    """A tournament's stream may run past `EVERY` versions: it has no game to snapshot."""
    long_tournament = StoredEvent(
        1, 1, "tournament:t", EVERY + 1, str(uuid.uuid4()), "x", 1, "{}", "{}", datetime.now(UTC)
    )
    async with quiet_pool.acquire() as connection:
        await SnapshotTaker(store).apply(connection, [long_tournament])
        assert (
            await connection.fetchval(
                "SELECT count(*) FROM snapshots WHERE game_id = $1", "tournament:t"
            )
            == 0
        )


@pytest.mark.parametrize("at_once", [1, snapshot_taker.LOADS_AT_ONCE])
async def test_the_taker_snapshots_every_game_a_batch_makes_due_and_no_other(
    store: PostgresEventStore,
    quiet_pool: asyncpg.Pool,
    monkeypatch: pytest.MonkeyPatch,
    at_once: int,
) -> None:
    """Games that cross their threshold in one batch are loaded together (`at_once` at a
    time) and each kept at its latest version; a game short of `EVERY` versions is not."""
    monkeypatch.setattr(snapshot_taker, "LOADS_AT_ONCE", at_once)
    names = [*golden_names("gnono"), golden_names("mad")[0]]
    *long_games, short = [(await stored_golden(store, n, len(golden(n))))[0] for n in names]
    batch = [(await store.read_stream(game_id))[-1] for game_id in [*long_games, short]]
    assert all(last.version >= EVERY for last in batch[:-1]) and batch[-1].version < EVERY

    async with quiet_pool.acquire() as connection:
        await SnapshotTaker(store).apply(connection, batch)

    for game_id, last in zip(long_games, batch, strict=False):
        kept = await store.latest_snapshot(game_id) or pytest.fail(f"no snapshot of {game_id}")
        assert kept.version == last.version
    assert await store.latest_snapshot(short) is None

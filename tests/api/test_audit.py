"""The audit of games played over HTTP, on what Postgres holds, and of stored events
changed or slipped in behind the service's back."""

import random
import uuid
from collections.abc import AsyncIterator, Callable

import asyncpg
import msgspec
import pytest
from httpx import AsyncClient

from commands.log import codec, published
from commands.log.published import LogRecord
from commands.log.registry import GAMES
from infra.store.postgres_store import PostgresEventStore
from tests.api.players import ok, open_table, play
from tests.api.test_bots import bots, bots_seated, finished, new_table, start  # noqa: F401 (a fixture)
from tests.commands.tamper import changed_card, changed_seed, first_move_index, relinked

MAX_COMMANDS = 5_000
Tamper = Callable[[list[LogRecord]], tuple[int, list[LogRecord]]]
_FINISHED: dict[str, str] = {}
"""One finished game per kind, played once per test process."""


async def finished_game(client: AsyncClient, kind: str) -> str:
    if kind not in _FINISHED:
        game_id, tokens = await open_table(client, kind, max(GAMES[kind].min_seats, 2))
        # a card played rather than drawn where there is a choice: random Gnono runs long
        rng = random.Random(kind)
        final = await play(client, game_id, tokens, rng, MAX_COMMANDS, avoid="draw_card")
        assert final["status"] == "finished"
        _FINISHED[kind] = game_id
    return _FINISHED[kind]


async def stored_log(pool: asyncpg.Pool, game_id: str) -> list[LogRecord]:
    return published.published(game_id, await PostgresEventStore(pool).read_stream(game_id))


async def first_failure(client: AsyncClient, game_id: str) -> dict[str, object]:
    report = ok(await client.get(f"/games/{game_id}/audit"))
    assert report["ok"] is False
    failure: dict[str, object] = report["first_failure"]
    return failure


async def replace_rows(pool: asyncpg.Pool, rows: list[LogRecord]) -> None:
    for row in rows:
        await pool.execute(
            "UPDATE events SET data = $1::jsonb, metadata = $2::jsonb"
            " WHERE stream_id = $3 AND version = $4",
            bytes(row.data).decode(),
            codec.encode(row.metadata).decode(),
            row.game_id,
            row.version,
        )


@pytest.fixture
async def restored(pool: asyncpg.Pool) -> AsyncIterator[list[LogRecord]]:
    """Rows to put back as they were after the test, whatever it changed."""
    saved: list[LogRecord] = []
    yield saved
    await replace_rows(pool, saved)
    for row in saved:
        back = (await PostgresEventStore(pool).read_stream(row.game_id, row.version - 1))[0]
        assert published.record(back).data == row.data, "the stored event is as it was"


@pytest.mark.parametrize("kind", list(GAMES))
async def test_a_finished_game_of_every_kind_passes_its_audit(
    client: AsyncClient, kind: str
) -> None:
    game_id = await finished_game(client, kind)
    report = ok(await client.get(f"/games/{game_id}/audit"))
    assert report["ok"] is True, report["checks"]
    assert [check["ok"] for check in report["checks"]] == [True] * 5
    assert report["first_failure"] is None


@pytest.mark.parametrize("kind", list(GAMES))
@pytest.mark.usefixtures("bots")
async def test_a_game_bots_played_passes_its_audit(client: AsyncClient, kind: str) -> None:
    game_id = await new_table(client, kind)
    tokens = await bots_seated(client, game_id, ["heuristic"] * 2)
    await start(client, game_id, tokens[0])
    await finished(client, game_id)
    report = ok(await client.get(f"/games/{game_id}/audit"))
    assert report["ok"] is True, report["checks"]


async def audit_after(
    client: AsyncClient, pool: asyncpg.Pool, restored: list[LogRecord], kind: str, tamper: Tamper
) -> tuple[int, dict[str, object]]:
    """Store one event of a finished game as `tamper` changes it; the audit's first failure."""
    game_id = await finished_game(client, kind)
    records = await stored_log(pool, game_id)
    index, tampered = tamper(records)
    restored.append(records[index])
    await replace_rows(pool, [tampered[index]])
    return index, await first_failure(client, game_id)


@pytest.mark.parametrize("kind", list(GAMES))
async def test_one_card_changed_in_a_stored_event_fails_the_audit_at_that_event(
    client: AsyncClient, pool: asyncpg.Pool, restored: list[LogRecord], kind: str
) -> None:
    index, failure = await audit_after(
        client, pool, restored, kind, lambda records: changed_card(records, last=True)
    )
    assert failure["version"] == index + 1


def changed_seed_with_its_link(records: list[LogRecord]) -> tuple[int, list[LogRecord]]:
    index, tampered = changed_seed(records)
    return index, relinked(tampered)


@pytest.mark.parametrize("kind", list(GAMES))
async def test_a_changed_seed_fails_the_commitment(
    client: AsyncClient, pool: asyncpg.Pool, restored: list[LogRecord], kind: str
) -> None:
    index, failure = await audit_after(client, pool, restored, kind, changed_seed_with_its_link)
    assert (failure["check"], failure["version"]) == ("seed_commitment", index + 1)


@pytest.mark.parametrize("kind", list(GAMES))
async def test_an_event_inserted_straight_into_the_table_is_named(
    client: AsyncClient, pool: asyncpg.Pool, kind: str
) -> None:
    game_id = await finished_game(client, kind)
    records = await stored_log(pool, game_id)
    move = records[first_move_index(records)]
    forged = relinked([*records, move])[-1]
    await pool.execute(
        "INSERT INTO events (stream_id, version, event_id, type, data, metadata)"
        " VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb)",
        game_id,
        forged.version,
        uuid.uuid4(),
        forged.type,
        bytes(forged.data).decode(),
        msgspec.json.encode(forged.metadata).decode(),
    )
    try:
        failure = await first_failure(client, game_id)
    finally:
        await pool.execute(
            "DELETE FROM events WHERE stream_id = $1 AND version = $2", game_id, forged.version
        )
    assert (failure["check"], failure["version"]) == ("commands", len(records) + 1)
    assert "game_over" in str(failure["reason"])


async def test_the_log_and_the_audit_wait_for_the_end_of_the_game(client: AsyncClient) -> None:
    game_id, tokens = await open_table(client, "gnono", 2)
    await play(client, game_id, tokens, random.Random(3), 5)
    for resource in ("log", "audit"):
        refused = await client.get(f"/games/{game_id}/{resource}")
        assert refused.status_code == 409
        assert refused.json()["code"] == "game_not_over"
    missing = await client.get(f"/games/{uuid.uuid4()}/log")
    assert (missing.status_code, missing.json()["code"]) == (404, "game_not_found")


async def test_the_log_is_every_stored_event_with_the_revealed_seed(
    client: AsyncClient, pool: asyncpg.Pool
) -> None:
    game_id = await finished_game(client, "mad")
    published = ok(await client.get(f"/games/{game_id}/log"))
    final = ok(await client.get(f"/games/{game_id}"))
    assert (published["kind"], published["seed"]) == ("mad", final["seed"])
    assert [e["version"] for e in published["events"]] == list(range(1, final["version"] + 1))
    stored = await stored_log(pool, game_id)
    assert [msgspec.json.decode(r.data) for r in stored] == [e["data"] for e in published["events"]]
    assert all("hash" in e["metadata"] for e in published["events"])

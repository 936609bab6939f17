"""Two API processes behind the same Postgres and Redis (two apps, each with its own pool and
game cache; the first runs the workers), one hot CNO table played through both at once."""

import asyncio
from collections import Counter
from collections.abc import AsyncIterator

import asyncpg
import pytest
import redis.asyncio as redis
from httpx import AsyncClient
from litestar.testing import AsyncTestClient

from api.main.app import create_app
from infra.process.settings import Settings
from infra.reading import catalog, rebuilds
from infra.store.postgres_store import PostgresEventStore
from tests.api.players import bearer, ok, open_table
from tests.api.test_cno_concurrency import SEATS, racer
from tests.projections.settle import games_finished, settled

PER_GAME = ("lobby", "table_summaries", "seat_names", "player_games")


async def read_models(pool: asyncpg.Pool, game_id: str) -> dict[str, list[tuple[object, ...]]]:
    """The game's rows of every read model, and the scoreboards (other tests write rows of
    their own games straight into the read models, which no rebuild brings back)."""
    rows = {
        name: sorted(
            tuple(row)
            for row in await pool.fetch(f"SELECT * FROM {name} WHERE game_id = $1", game_id)
        )
        for name in PER_GAME
    }
    board = await pool.fetch("SELECT * FROM scoreboard ORDER BY kind, player")
    return rows | {"scoreboard": [tuple(row) for row in board]}


@pytest.fixture
async def second(settings: Settings) -> AsyncIterator[AsyncClient]:
    app = create_app(settings, roles=())
    async with AsyncTestClient(app) as test_client:
        yield test_client


async def test_a_table_played_through_two_processes_loses_doubles_and_rebuilds_nothing_else(
    client: AsyncClient,
    second: AsyncClient,
    pool: asyncpg.Pool,
    redis_client: redis.Redis,
    stream: str,
) -> None:
    game_id, tokens = await open_table(client, "cno", SEATS)
    start = {"type": "start_game"}
    ok(await client.post(f"/games/{game_id}/commands", json=start, headers=bearer(tokens[0])))
    sent: list[tuple[str, int, str]] = []
    processes = (client, second)
    await asyncio.gather(
        *(racer(processes[n % 2], game_id, t, n, sent) for n, t in enumerate(tokens))
    )

    assert {code for _, status, code in sent if status != 200} <= {"stale", "game_over"}
    rows = await pool.fetch(
        "SELECT version, metadata->>'command_id' AS command_id, (metadata ? 'command') AS first"
        " FROM events WHERE stream_id = $1 ORDER BY version",
        game_id,
    )
    assert [row["version"] for row in rows] == list(range(1, len(rows) + 1))
    commands = Counter(row["command_id"] for row in rows if row["first"])
    accepted = [key for key, status, _ in sent if status == 200]
    assert len(accepted) > 20
    assert all(commands[key] == 1 for key in accepted), "an accepted play is not in the log once"

    store = PostgresEventStore(pool)
    for _ in range(20):  # other tests' games may finish meanwhile: compare a quiet moment
        finished = await games_finished(pool)
        await settled(pool)
        live = await read_models(pool, game_id)
        for projection in catalog.build_all(store).values():
            await rebuilds.rebuild(pool, PostgresEventStore(pool), projection)
        rebuilt = await read_models(pool, game_id)
        if await games_finished(pool) == finished:
            break
    assert rebuilt == live
    assert live["table_summaries"], "the game has no summary to compare"

"""A rebuild builds the read model beside the live one and swaps it in at once: readers
polling all through it see every row they saw before, never an empty or partial read model,
and the tables swapped in keep their names and their indexes' names."""

import asyncio
import importlib
import inspect
import pkgutil
import random
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from click.testing import CliRunner
from httpx import AsyncClient

import projections
from api.main.cli import main
from commands.log.store import Position
from infra.reading import catalog, rebuilds
from infra.store.postgres_store import PostgresEventStore
from tests.api.players import bearer, ok, open_table, play
from tests.api.registered import register, seated_table
from tests.projections.settle import settled

REBUILT = ("lobby", "table_summaries", "scoreboards", "ratings")
"""The read models with rows of this test's own games (no bot seat, no game long enough for
a snapshot)."""
Rows = list[tuple[Any, ...]]


async def own_games(client: AsyncClient) -> tuple[list[str], list[str]]:
    """Finished rated games of players of this test's own, and a table still open; their ids
    and the players' handles (rows nobody else changes while the test runs)."""
    rng = random.Random(7)
    players = [await register(client, name) for name in ("rey", "sol")]
    games = []
    for seats in ([players[0][1], players[1][1]], [players[1][1], players[0][1]]):
        game_id, tokens = await seated_table(client, "mad", seats)
        assert (await play(client, game_id, tokens, rng, 5_000))["status"] == "finished"
        games.append(game_id)
    open_id, tokens = await open_table(client, "gnono", 2)
    view = ok(await client.get(f"/games/{open_id}", headers=bearer(tokens[0])))
    assert view["status"] == "open"
    return [*games, open_id], [handle for handle, _ in players]


async def own_rows(pool: asyncpg.Pool, table: str, games: list[str], players: list[str]) -> Rows:
    """The table's rows of these games or players, in a stable order."""
    columns = await pool.fetchval(
        "SELECT array_agg(column_name::text) FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND table_name = $1",
        table,
    )
    column, keys = ("game_id", games) if "game_id" in columns else ("player", players)
    rows = await pool.fetch(f"SELECT * FROM {table} WHERE {column} = ANY($1)", keys)
    return sorted((tuple(row) for row in rows), key=repr)


async def index_names(pool: asyncpg.Pool, table: str) -> list[str]:
    rows = await pool.fetch("SELECT indexname FROM pg_indexes WHERE tablename = $1", table)
    return sorted(row["indexname"] for row in rows)


@pytest.mark.parametrize("name", REBUILT)
async def test_readers_see_the_whole_read_model_all_through_its_rebuild(
    client: AsyncClient, pool: asyncpg.Pool, name: str
) -> None:
    games, players = await own_games(client)
    await settled(pool)
    projection = catalog.build_all(PostgresEventStore(pool))[name]
    tables = projection.tables
    before = {table: await own_rows(pool, table, games, players) for table in tables}
    assert all(before.values()), f"nothing to watch in {before}"
    indexes = {table: await index_names(pool, table) for table in tables}
    oids = {table: await pool.fetchval("SELECT $1::regclass::oid", table) for table in tables}
    done = asyncio.Event()
    seen_during = 0

    async def reader(table: str) -> None:
        nonlocal seen_during
        while not done.is_set():
            rows = await own_rows(pool, table, games, players)
            assert rows == before[table], f"{table} read mid-rebuild differs"
            seen_during += not done.is_set()

    readers = [asyncio.ensure_future(reader(table)) for table in tables]
    try:
        await rebuilds.rebuild(pool, PostgresEventStore(pool), projection)
    finally:
        done.set()
        await asyncio.gather(*readers)
    assert seen_during > 0, "no read happened while the rebuild ran"
    for table in tables:
        assert await pool.fetchval("SELECT $1::regclass::oid", table) != oids[table]
        assert await own_rows(pool, table, games, players) == before[table]
        assert await index_names(pool, table) == indexes[table]
    shadow = await pool.fetchval(
        "SELECT count(*) FROM pg_namespace WHERE nspname = $1", f"rebuild_{name}"
    )
    assert shadow == 0


async def test_a_second_rebuild_of_the_same_read_model_is_refused_while_one_runs(
    pool: asyncpg.Pool,
) -> None:
    projection = catalog.build_all(PostgresEventStore(pool))["table_summaries"]
    async with pool.acquire() as connection:
        await connection.execute(
            "SELECT pg_advisory_lock(hashtext('rebuild:' || $1))", projection.name
        )
        try:
            with pytest.raises(rebuilds.RebuildRefused):
                await rebuilds.rebuild(pool, PostgresEventStore(pool), projection)
        finally:
            await connection.execute(
                "SELECT pg_advisory_unlock(hashtext('rebuild:' || $1))", projection.name
            )


async def test_a_swap_gives_way_to_a_reader_holding_a_table_then_swaps_once_it_is_done(
    pool: asyncpg.Pool, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rebuilds, "SWAP_LOCK_TIMEOUT", 0.1)
    monkeypatch.setattr(rebuilds, "SWAP_TRIES", 10_000)
    store = PostgresEventStore(pool)
    projection = catalog.build_all(store)["table_summaries"]
    oid = await pool.fetchval("SELECT 'table_summaries'::regclass::oid")
    async with pool.acquire() as reader, reader.transaction():  # read-only: no horizon held
        counted = await reader.fetchval("SELECT count(*) FROM table_summaries")
        rebuilding = asyncio.ensure_future(rebuilds.rebuild(pool, store, projection))
        deadline = asyncio.get_running_loop().time() + 60
        while "gave way" not in caplog.text:
            assert not rebuilding.done(), "the swap went ahead under a reader's lock"
            assert asyncio.get_running_loop().time() < deadline, "the swap never gave way"
            await asyncio.sleep(0.05)
        assert await reader.fetchval("SELECT count(*) FROM table_summaries") >= counted
    await rebuilding
    assert await pool.fetchval("SELECT 'table_summaries'::regclass::oid") != oid


def projections_defined() -> set[str]:
    """The name of every projection the `projections` package defines (a class with a `name`
    and the `tables` it writes), found by reading its modules, not the catalog."""
    found = set()
    for module_info in pkgutil.iter_modules(projections.__path__):
        module = importlib.import_module(f"projections.{module_info.name}")
        for value in vars(module).values():
            if inspect.isclass(value) and value.__module__ == module.__name__:
                name, tables = getattr(value, "name", None), getattr(value, "tables", None)
                if isinstance(name, str) and isinstance(tables, tuple):
                    found.add(name)
    return found


def test_the_catalog_holds_every_projection_and_the_snapshots() -> None:
    defined = projections_defined()
    assert {"lobby", "ratings", "player_news"} <= defined
    assert set(catalog.NAMES) == defined | {"snapshots"}


def test_the_command_and_the_operations_page_name_every_read_model() -> None:
    names = projections_defined() | {"snapshots"}
    helped = CliRunner().invoke(main, ["rebuild", "--help"], terminal_width=200)
    assert helped.exit_code == 0, helped.output
    page = (Path(__file__).parents[2] / "docs" / "operations.md").read_text()
    rebuilds_section = page.split("## Rebuilds", 1)[1]
    for name in names:
        assert name in helped.output
        assert f"`{name}`" in rebuilds_section
    refused = CliRunner().invoke(main, ["rebuild", "nothing"])
    assert refused.exit_code == 2 and "ratings" in refused.output


async def test_events_committed_while_the_shadow_filled_are_folded_in_by_the_swap(
    client: AsyncClient, pool: asyncpg.Pool, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = PostgresEventStore(pool)
    filled = rebuilds.Shadow.fill
    opened: list[str] = []

    async def fill_then_open_a_table(shadow: rebuilds.Shadow, progress: Any = None) -> None:
        await filled(shadow, progress)
        opened.append((await open_table(client, "gnono", 2))[0])
        last = (await store.read_stream(opened[0]))[-1]
        just_before = Position(last.tx_id, last.global_position - 1)
        deadline = asyncio.get_running_loop().time() + 30
        while not await store.read_all(just_before, 1):  # its last event below the horizon
            assert asyncio.get_running_loop().time() < deadline, "the horizon never passed"
            await asyncio.sleep(0.05)

    monkeypatch.setattr(rebuilds.Shadow, "fill", fill_then_open_a_table)
    projection = catalog.build_all(store)["table_summaries"]
    built_to = await rebuilds.rebuild(pool, store, projection)
    last = (await store.read_stream(opened[0]))[-1]
    assert built_to >= last.position
    assert await pool.fetchval("SELECT count(*) FROM table_summaries WHERE game_id = $1", opened[0])

"""P4: long games read cold. Games are played in this process by random players through
the command handler on the in-memory store (seconds, not minutes), then written to the
bench's Postgres as they were recorded, in one append each, for the service to read."""

import asyncio
import random
import statistics
import time
from typing import Any

import asyncpg
from driver import Http
from services import Servers, ready

from commands.core.envelope import Envelope
from commands.core.handler import CommandHandler
from commands.log.store import NewEvent, NewGame, SideRecords
from domain import table
from infra.store.memory_store import MemoryEventStore
from infra.store.postgres_store import PostgresEventStore

COLD_VERSION = 5_000
AUDIT_EVENTS = 20_000
COLD_GAMES = 5


async def played(kind: str, options: dict[str, Any], until: int | None, seed: int) -> Any:
    """A game of two random players, to its end or to the first command past `until`:
    (kind, secret, stored events)."""
    store, rng = MemoryEventStore(), random.Random(seed)
    handler = CommandHandler.over(store)
    game_id = (await handler.create(kind, options, None)).game_id
    for seat in range(2):
        await handler.take_seat(game_id, table.TakeSeat(f"p{seat}"), None)
    await handler.execute(Envelope(game_id, 0, table.StartGame(), None))
    while True:
        game = await handler.games.held(game_id)
        if game.table.status == "finished" or (until and game.table.version >= until):
            return kind, game.secret, await store.read_stream(game_id)
        seat = rng.choice([s for s in range(2) if game.view(s).legal_moves])
        move = rng.choice(game.view(seat).legal_moves)
        await handler.execute(Envelope(game_id, seat, move, None))


async def recorded(pool: asyncpg.Pool, game: Any) -> str:
    """The game written to Postgres as recorded; returns its id."""
    kind, secret, stored = game
    events = [NewEvent(e.event_id, e.type, e.data, e.metadata, e.schema_version) for e in stored]
    game_id = stored[0].stream_id
    await PostgresEventStore(pool).append(
        game_id, 0, events, SideRecords(new_game=NewGame(kind, secret))
    )
    return game_id


async def long_finished_game() -> Any:
    """A finished Gnono game of at least AUDIT_EVENTS events."""
    for seed in range(100):
        game = await played("gnono", {"playout_score": 900}, None, seed)
        if len(game[2]) >= AUDIT_EVENTS:
            return game
    raise RuntimeError("no game was long enough")


async def timed_get(port: int, path: str) -> float:
    http = Http(port)
    await http.request("GET", "/games/kinds")  # the connection is open before the clock starts
    started = time.perf_counter()
    status, _ = await http.request("GET", path)
    elapsed = time.perf_counter() - started
    http.close()
    assert status == 200, (path, status)
    return elapsed


async def timed_beside(port: int, path: str, every: float = 0.005) -> tuple[float, list[float]]:
    """`path`'s time, and the times of `GET /games/kinds` asked every `every` seconds on
    another connection meanwhile: whether the service answers others while it works."""
    probe = Http(port)
    await probe.request("GET", "/games/kinds")
    answers: list[float] = []
    done = asyncio.Event()

    async def ask() -> None:
        while not done.is_set():
            started = time.perf_counter()
            await probe.request("GET", "/games/kinds")
            answers.append(time.perf_counter() - started)
            await asyncio.sleep(every)

    asking = asyncio.ensure_future(ask())
    elapsed = await timed_get(port, path)
    done.set()
    await asking
    probe.close()
    return elapsed, answers


async def settled(pool: asyncpg.Pool, seconds: float = 180) -> None:
    """Wait until the relay and every projection (the snapshots too) reach the log's end."""
    names = ("relay", "lobby", "table_summaries", "scoreboards", "snapshots")
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        last = await pool.fetchrow(
            "SELECT tx_id::text::bigint AS tx, global_position AS position FROM events"
            " ORDER BY tx_id DESC, global_position DESC LIMIT 1"
        )
        behind = await pool.fetchval(
            "SELECT count(*) FROM unnest($1::text[]) AS n(name)"
            " LEFT JOIN checkpoints c ON c.name = n.name"
            " WHERE c.name IS NULL OR (c.tx_id, c.global_position) < ($2, $3)",
            list(names),
            last["tx"],
            last["position"],
        )
        if behind == 0:
            return
        await asyncio.sleep(0.2)
    raise RuntimeError("the workers did not catch up")


def ms(values: list[float]) -> str:
    return f"median {1000 * statistics.median(values):6.1f} ms   max {1000 * max(values):6.1f} ms"


async def p4(servers: Servers) -> None:
    async with asyncpg.create_pool(servers.database_url, min_size=1, max_size=4) as pool:
        with servers.serve() as service:  # its workers take the snapshots
            await ready(service)
            cold = [
                await recorded(
                    pool, await played("gnono", {"playout_score": 10_000}, COLD_VERSION, n)
                )
                for n in range(COLD_GAMES)
            ]
            finished = await recorded(pool, await long_finished_game())
            await settled(pool)
            audit = f"/games/{finished}/audit"
            first_audit = await timed_get(service.port, audit)
            audits = [await timed_get(service.port, audit) for _ in range(3)]
            warm = [await timed_get(service.port, f"/games/{game_id}") for game_id in cold]
        with servers.serve("--no-workers") as service:  # never saw these games
            await ready(service)
            snapshot_cold = [await timed_get(service.port, f"/games/{g}") for g in cold]
            probed_audit, beside_audit = await timed_beside(service.port, audit)
        await pool.execute("DELETE FROM snapshots WHERE game_id = ANY($1)", cold)
        with servers.serve("--no-workers") as service:
            await ready(service)
            folded_cold = [await timed_get(service.port, f"/games/{g}") for g in cold]
        started = time.perf_counter()
        await pool.fetch(
            "SELECT data::text, metadata::text FROM events WHERE stream_id = $1", finished
        )
        read_only = time.perf_counter() - started
        events = await pool.fetchval("SELECT count(*) FROM events WHERE stream_id = $1", finished)
    print(
        f"\nP4  cold reads: {COLD_GAMES} Gnono games at version {COLD_VERSION}+,"
        f" a finished game of {events} events"
    )
    print(f"{'GET, game cached (floor)':44} {ms(warm)}")
    print(f"{'GET, cold, from its snapshot':44} {ms(snapshot_cold)}")
    print(f"{'GET, cold, folded from version 1 (before)':44} {ms(folded_cold)}")
    print(
        f"{'reading its events from Postgres (floor)':44} {1000 * read_only:6.1f} ms"
        f"{'':26}{per_audit_size(read_only, events)}"
    )
    print(
        f"{'GET /audit, first (no report kept)':44} {1000 * first_audit:6.1f} ms"
        f"{'':26}{per_audit_size(first_audit, events)}"
    )
    print(
        f"{'GET /audit, again (its report kept)':44} {ms(audits)}"
        f"   {per_audit_size(statistics.median(audits), events)}"
    )
    print(
        f"{'GET /games/kinds beside a first /audit':44} {ms(beside_audit)}"
        f"   ({len(beside_audit)} answers in its {1000 * probed_audit:.0f} ms)"
    )
    print("target: cold GET at version 5,000 <= 10 ms; first /audit <= 300 ms per 20,000 events")


def per_audit_size(seconds: float, events: int) -> str:
    """A time over the whole game, in proportion for a game of AUDIT_EVENTS events."""
    return f"{1000 * seconds * AUDIT_EVENTS / events:6.1f} ms per {AUDIT_EVENTS:,} events"

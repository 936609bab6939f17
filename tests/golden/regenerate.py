"""Regenerate the golden games: `python -m tests.golden.regenerate` (from the project root).

Plays the games listed in `GOLDEN` to the end through the service over HTTP, with random
legal moves, and writes each game's published log (`GET /games/{id}/log`) beside this file
as JSON Lines, one event a line. Servers come from CARDROOM_TEST_DATABASE_URL and
CARDROOM_TEST_REDIS_URL like the tests' (else embedded ones); a database of its own is
created and dropped. Regenerate only on purpose: the point of these files is that today's
rules still replay and audit yesterday's games.
"""

import asyncio
import logging
import random
import tempfile
import uuid
from pathlib import Path
from typing import Any

import msgspec
from litestar.testing import AsyncTestClient

from api.main.app import create_app
from infra.process.settings import Settings
from tests.api.players import ok, open_table, play
from tests.servers import fresh_database, postgres_server, redis_server

FOLDER = Path(__file__).parent
MAX_COMMANDS = 5_000
MAX_EVENTS = 600
"""Long games are played again: the files stay small enough to read (and within one page
of a published log, at most 1000 events)."""
ATTEMPTS = 20
GOLDEN: list[tuple[str, int, dict[str, Any]]] = [
    ("gnono", 2, {"playout_score": 1}),
    ("gnono", 3, {"playout_score": 1, "hand_size": 11}),
    ("mad", 2, {}),
    ("mad", 5, {}),
    ("onexeno", 2, {}),
    ("onexeno", 4, {"teams": 2}),
    ("ecliptic", 2, {}),
    ("ecliptic", 2, {"colour_scoring": "run"}),
    ("cno", 2, {}),
    ("cno", 3, {}),
]
"""(kind, seats, options) of each golden game; options add to the quick test options."""


def file_name(kind: str, seats: int, number: int) -> str:
    return f"{kind}-{seats}-seats-{number}.jsonl"


async def play_golden(client: Any, kind: str, seats: int, options: dict[str, Any]) -> Any:
    """Play games until one ends within `MAX_EVENTS`; returns its published log."""
    for attempt in range(ATTEMPTS):
        game_id, tokens = await open_table(client, kind, seats, options)
        moves = random.Random(f"{kind}/{seats}/{attempt}")
        final = await play(client, game_id, tokens, moves, MAX_COMMANDS)
        assert final["status"] == "finished", f"{kind} did not finish"
        if final["version"] <= MAX_EVENTS:
            return ok(await client.get(f"/games/{game_id}/log", params={"limit": MAX_EVENTS}))
    raise AssertionError(f"no {kind} game ended within {MAX_EVENTS} events")


async def write_golden(client: Any) -> None:
    for number, (kind, seats, options) in enumerate(GOLDEN):
        published = await play_golden(client, kind, seats, options)
        lines = (msgspec.json.encode(record) for record in published["events"])
        path = FOLDER / file_name(kind, seats, number)
        path.write_bytes(b"\n".join(lines) + b"\n")
        print(f"{path.name}: {len(published['events'])} events")


async def regenerate() -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        with postgres_server(folder) as postgres, redis_server(folder) as redis_url:
            async with fresh_database(postgres) as database:
                stream = f"cardroom:golden:{uuid.uuid4().hex[:8]}:events"
                settings = Settings(database_url=database, redis_url=redis_url, event_stream=stream)
                async with AsyncTestClient(create_app(settings)) as client:
                    await write_golden(client)


if __name__ == "__main__":
    logging.getLogger("httpx").setLevel(logging.WARNING)
    asyncio.run(regenerate())

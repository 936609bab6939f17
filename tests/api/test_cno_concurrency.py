"""CNO has no turns: four clients play one table as fast as they can, all at once."""

import asyncio
import random
import time
import uuid
from collections import Counter

import asyncpg
import msgspec
from httpx import AsyncClient

from commands.log import codec
from commands.log.registry import GAMES
from domain import table
from tests.api.players import bearer, ok, open_table, view

SECONDS = 4.0
SEATS = 4


async def racer(
    client: AsyncClient, game_id: str, token: str, seed: int, sent: list[tuple[str, int, str]]
) -> None:
    """Post random legal moves until time is up or the game ends; log (key, status, code)."""
    rng, deadline = random.Random(seed), time.monotonic() + SECONDS
    while time.monotonic() < deadline:
        seen = await view(client, game_id, token)
        if seen["status"] == "finished":
            return
        if not seen["legal_moves"]:
            await asyncio.sleep(0.01)
            continue
        key = str(uuid.uuid4())
        headers = {**bearer(token), "Idempotency-Key": key}
        answer = await client.post(
            f"/games/{game_id}/commands", json=rng.choice(seen["legal_moves"]), headers=headers
        )
        code = "" if answer.status_code == 200 else answer.json()["code"]
        sent.append((key, answer.status_code, code))


async def test_four_racing_clients_lose_and_double_nothing(
    client: AsyncClient, pool: asyncpg.Pool
) -> None:
    game_id, tokens = await open_table(client, "cno", SEATS)
    ok(
        await client.post(
            f"/games/{game_id}/commands", json={"type": "start_game"}, headers=bearer(tokens[0])
        )
    )
    sent: list[tuple[str, int, str]] = []
    await asyncio.gather(*(racer(client, game_id, t, n, sent) for n, t in enumerate(tokens)))

    assert all(status < 500 for _, status, _ in sent), "a refusal was a server error"
    assert {code for _, status, code in sent if status != 200} <= {"stale", "game_over"}
    rows = await pool.fetch(
        "SELECT version, data::text AS data, metadata->>'command_id' AS command_id,"
        " (metadata ? 'command') AS first FROM events WHERE stream_id = $1 ORDER BY version",
        game_id,
    )
    commands = Counter(row["command_id"] for row in rows if row["first"])
    accepted = [key for key, status, _ in sent if status == 200]
    assert len(accepted) > 20
    assert all(commands[key] == 1 for key in accepted), "an accepted play is not in the log once"

    rules, decoder = GAMES["cno"], codec.event_decoder("cno")
    rebuilt = table.fold(rules, (decoder.decode(row["data"]) for row in rows))
    for seat, token in enumerate(tokens):  # the service's live state, as each seat sees it
        rebuilt_view = msgspec.json.decode(msgspec.json.encode(table.view(rules, rebuilt, seat)))
        assert await view(client, game_id, token) == rebuilt_view
    cards = list(rules.all_cards(rebuilt.game))
    assert len(cards) == len(set(cards)) == 52 * SEATS

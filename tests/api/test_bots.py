"""Bots over HTTP: bot seats play whole games through the service's own bot worker."""

import asyncio
import time
from collections import Counter
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest
from httpx import AsyncClient
from litestar.testing import AsyncTestClient

from api.main.simulate import simulate
from commands.log.registry import GAMES
from commands.workers.bots import BotWorker
from domain.table import BOT_NAMES
from tests.api.players import QUICK_OPTIONS, bearer, ok, view

SEATS = {"gnono": 4, "mad": 4, "onexeno": 4, "ecliptic": 2, "cno": 4}
ALLOWED_REFUSALS = {"cno": {"stale"}}
"""Real-time races may overtake a bot's view; nothing else may refuse a bot."""
RACES = {"stale", "game_over"}
GAME_SECONDS = 120.0
POLL = 0.02

AnyClient = AsyncTestClient[Any]


async def bot_moves(pool: asyncpg.Pool, game_id: str) -> int:
    """The commands the game's bots have had recorded so far."""
    count: int = await pool.fetchval(
        "SELECT count(*) FROM events WHERE stream_id = $1 AND metadata ? 'command'"
        " AND metadata->>'command_id' LIKE 'bot-%'",
        game_id,
    )
    return count


@pytest.fixture
async def bots(client: AnyClient) -> AsyncIterator[BotWorker]:
    """The app's bot worker, at full speed (no pace) for the length of a test."""
    worker: BotWorker = client.app.state.work["bots"].__self__
    pace, worker.pace = worker.pace, 0.0
    yield worker
    worker.pace = pace


async def new_table(client: AsyncClient, kind: str, **setup: Any) -> str:
    """A table of `kind` kept short, its bots at full speed unless `setup` says otherwise."""
    options = {**QUICK_OPTIONS.get(kind, {}), "bot_pace": 0, **setup}
    game_id: str = ok(await client.post("/games", json={"kind": kind, "options": options}), 201)[
        "id"
    ]
    return game_id


async def seat(
    client: AsyncClient, game_id: str, body: dict[str, Any], host: str | None = None
) -> str:
    """Take a seat; `host` is the host's token, which a bot's seat needs once someone sits."""
    headers = bearer(host) if host else None
    answer = await client.post(f"/games/{game_id}/seats", json=body, headers=headers)
    token: str = ok(answer, 201)["token"]
    return token


async def bots_seated(client: AsyncClient, game_id: str, strategies: list[str]) -> list[str]:
    """Seat bots of these strategies, the first one the host seating the others."""
    tokens = [await seat(client, game_id, {"bot": strategies[0]})]
    for bot in strategies[1:]:
        tokens.append(await seat(client, game_id, {"bot": bot}, host=tokens[0]))
    return tokens


async def start(client: AsyncClient, game_id: str, token: str) -> None:
    command = {"type": "start_game"}
    ok(await client.post(f"/games/{game_id}/commands", json=command, headers=bearer(token)))


async def finished(client: AsyncClient, game_id: str) -> Any:
    """The spectator's view once the game is over (failing after GAME_SECONDS)."""
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline:
        seen = await view(client, game_id)
        if seen["status"] == "finished":
            return seen
        await asyncio.sleep(POLL)
    raise AssertionError(f"game {game_id} did not end within {GAME_SECONDS} seconds")


def unexpected(kind: str, before: Counter[str], after: Counter[str]) -> Counter[str]:
    refused = after - before
    return Counter(
        {code: n for code, n in refused.items() if code not in ALLOWED_REFUSALS.get(kind, set())}
    )


@pytest.mark.parametrize("kind", list(GAMES))
async def test_a_table_of_bots_plays_to_the_end(
    client: AnyClient, bots: BotWorker, kind: str
) -> None:
    refused = Counter(bots.refusals)
    game_id = await new_table(client, kind)
    strategies = ["heuristic", "random"] * SEATS[kind]
    tokens = await bots_seated(client, game_id, strategies[: SEATS[kind]])
    await start(client, game_id, tokens[0])
    final = await finished(client, game_id)
    assert [s["bot"] for s in final["seats"]] == strategies[: SEATS[kind]]
    assert sorted(s["seat"] for s in final["standings"]) == list(range(SEATS[kind]))
    assert not unexpected(kind, refused, bots.refusals)


@pytest.mark.parametrize("kind", list(GAMES))
async def test_a_person_plays_a_whole_game_against_bots(
    client: AnyClient, bots: BotWorker, kind: str
) -> None:
    refused = Counter(bots.refusals)
    game_id = await new_table(client, kind)
    person = await seat(client, game_id, {"name": "ada"})
    for _ in range(SEATS[kind] - 1):
        await seat(client, game_id, {"bot": "heuristic"}, host=person)
    await start(client, game_id, person)
    moves = await play_first_legal_moves(client, game_id, person)
    final = await finished(client, game_id)
    assert moves > 0, "the person had turns of their own"
    assert final["seats"][0] == {"name": "ada", "bot": None, "player": None}
    assert not unexpected(kind, refused, bots.refusals)


async def play_first_legal_moves(client: AsyncClient, game_id: str, token: str) -> int:
    """Send the first of the person's legal moves whenever there is one, until the end;
    returns how many were accepted. In a real-time race a bot may overtake the person's view
    (`stale`), or end the game first (`game_over`): then look again."""
    accepted, deadline = 0, time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline:
        seen = await view(client, game_id, token)
        if seen["status"] == "finished":
            return accepted
        if not seen["legal_moves"]:
            await asyncio.sleep(POLL)
            continue
        path, move = f"/games/{game_id}/commands", seen["legal_moves"][0]
        sent = await client.post(path, json=move, headers=bearer(token))
        assert sent.status_code == 200 or sent.json()["code"] in RACES, sent.text
        accepted += sent.status_code == 200
    raise AssertionError(f"game {game_id} did not end within {GAME_SECONDS} seconds")


async def test_bots_keep_to_the_pace_in_a_real_time_game(
    client: AnyClient, bots: BotWorker, pool: asyncpg.Pool
) -> None:
    game_id = await new_table(client, "cno", bot_pace=0.25)
    tokens = await bots_seated(client, game_id, ["heuristic"] * 2)
    await start(client, game_id, tokens[0])
    await asyncio.sleep(1.0)
    moves = await bot_moves(pool, game_id)  # this game's: other games' bots may be playing
    await finished(client, game_id)
    assert 2 <= moves <= 2 * (1.0 / 0.25 + 1), f"{moves} bot moves in a second"


async def test_an_unknown_bot_is_refused_and_seats_nobody(client: AsyncClient) -> None:
    game_id = await new_table(client, "mad")
    refused = await client.post(f"/games/{game_id}/seats", json={"bot": "genius"})
    assert refused.status_code == 422
    assert refused.json()["code"] == "unknown_bot"
    assert (await view(client, game_id))["seats"] == []


async def test_bots_leave_the_start_to_the_seat_taker(client: AnyClient, bots: BotWorker) -> None:
    game_id = await new_table(client, "ecliptic")
    token = await seat(client, game_id, {"bot": "random", "name": "robo"})
    await seat(client, game_id, {"bot": "heuristic"}, host=token)
    await asyncio.sleep(0.3)
    seen = await view(client, game_id, token)
    assert seen["status"] == "open"
    assert [s["name"] for s in seen["seats"]] == ["robo", BOT_NAMES[0]]
    assert seen["legal_moves"] == [{"type": "start_game"}]


async def test_simulate_plays_games_of_bots_and_counts_their_commands(
    client: AnyClient, bots: BotWorker
) -> None:
    finished_games: list[None] = []
    report = await simulate(
        client, "mad", 3, 3, "heuristic", 2, {}, lambda: finished_games.append(None)
    )
    assert (report.games, len(finished_games)) == (3, 3)
    assert sum(report.wins.values()) >= 3, "every game has a winner (ties share first place)"
    assert report.commands >= 3 * 3 * 2, "each bot placed at least two cards a game"
    assert report.events > report.commands
    assert not report.errors


async def test_simulate_reports_refused_requests_as_errors(client: AnyClient) -> None:
    report = await simulate(client, "mad", 2, 9, "heuristic")
    assert report.games == 0
    assert report.errors == {"seats refused: table_full": 2}

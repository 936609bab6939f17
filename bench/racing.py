"""P3 and P5: one hot CNO table (no turns), four clients racing to play on it, through one
`cardroom serve` process (P3) or two of them behind the same Postgres and Redis (P5)."""

import asyncio
import random
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg
from driver import Http, open_game
from services import Servers, Service, ready

SEATS = 4
PROJECTIONS = ("lobby", "table_summaries", "scoreboards")
READ_MODEL_TABLES = ("lobby", "table_summaries", "seat_names", "scoreboard", "player_games")


@dataclass
class Race:
    accepted: dict[str, tuple[str, int]] = field(default_factory=dict)
    """Each accepted play's idempotency key: its game and the last version it produced."""
    refused: Counter[str] = field(default_factory=Counter)
    games: list[str] = field(default_factory=list)


async def racer(
    port: int, game_id: str, token: str, deadline: float, race: Race, seed: int
) -> bool:
    """Play random legal moves on one table until `deadline`; False once the game is over."""
    http, rng = Http(port), random.Random(seed)
    try:
        while time.perf_counter() < deadline:
            _, view = await http.request("GET", f"/games/{game_id}", token=token)
            if view["status"] == "finished":
                return False
            if not view["legal_moves"]:
                await asyncio.sleep(0.001)
                continue
            key = str(uuid.uuid4())
            status, answer = await http.request(
                "POST", f"/games/{game_id}/commands", rng.choice(view["legal_moves"]), token, key
            )
            if status == 200:
                race.accepted[key] = (game_id, answer["version"])
            else:
                race.refused[f"{status} {answer.get('code') if answer else ''}"] += 1
        return True
    finally:
        http.close()


async def race_tables(ports: list[int], seconds: float) -> Race:
    """Tables of four seats, one after another for `seconds`; seat n plays through
    `ports[n % len(ports)]`."""
    race, deadline = Race(), time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        http = Http(ports[0])
        game = await open_game(http, "cno", SEATS, {})
        await http.request(
            "POST", f"/games/{game.game_id}/commands", {"type": "start_game"}, game.tokens[0]
        )
        http.close()
        race.games.append(game.game_id)
        await asyncio.gather(
            *(
                racer(ports[n % len(ports)], game.game_id, token, deadline, race, n)
                for n, token in enumerate(game.tokens)
            )
        )
    return race


def refusals(race: Race) -> str:
    return ", ".join(f"{n} x {code}" for code, n in race.refused.most_common()) or "none"


async def p3(servers: Servers, seconds: float, today: Path | None) -> None:
    rows = []
    if today is not None:
        with servers.serve(root=today) as service:
            await ready(service)
            rows.append(("today's checkout", await race_tables([service.port], seconds)))
    with servers.serve() as service:
        await ready(service)
        rows.append(("this checkout", await race_tables([service.port], seconds)))
    print("\nP3  one CNO table at a time, 4 clients racing, `cardroom serve`")
    print(f"{'':20} {'accepted plays/s':>17}  refused")
    for name, race in rows:
        print(f"{name:20} {len(race.accepted) / seconds:17.0f}  {refusals(race)}")
    print("target: >= 5 x today's accepted plays/s, no 5xx, no busy")


async def lost_or_doubled(pool: asyncpg.Pool, race: Race) -> list[str]:
    """What the log says against the acknowledged plays: each once, at its version."""
    problems = []
    for game_id in race.games:
        rows = await pool.fetch(
            "SELECT version, metadata->>'command_id' AS key, (metadata ? 'command') AS first"
            " FROM events WHERE stream_id = $1 ORDER BY version",
            game_id,
        )
        if [row["version"] for row in rows] != list(range(1, len(rows) + 1)):
            problems.append(f"{game_id}: versions are not 1..{len(rows)}")
        counts = Counter(row["key"] for row in rows if row["first"])
        last = {row["key"]: row["version"] for row in rows}
        for key, (game, version) in race.accepted.items():
            if game == game_id and (counts[key] != 1 or last[key] != version):
                problems.append(f"{game_id}: play {key} is in the log {counts[key]} times")
    return problems


async def read_models(pool: asyncpg.Pool) -> dict[str, list[str]]:
    return {
        name: sorted(repr(tuple(row)) for row in await pool.fetch(f"SELECT * FROM {name}"))
        for name in READ_MODEL_TABLES
    }


async def caught_up(pool: asyncpg.Pool, seconds: float = 60) -> None:
    from cold import settled

    await settled(pool, seconds)


async def p5(servers: Servers, seconds: float) -> None:
    with servers.serve() as first, servers.serve("--no-workers") as second:
        await asyncio.gather(ready(first), ready(second))
        race = await race_tables([first.port, second.port], seconds)
        async with asyncpg.create_pool(servers.database_url, min_size=1, max_size=2) as pool:
            problems = await lost_or_doubled(pool, race)
            await caught_up(pool)
            live = await read_models(pool)
            _stop(first)
            for name in PROJECTIONS:
                servers.command("rebuild", name)
            rebuilt = await read_models(pool)
    differ = [name for name in READ_MODEL_TABLES if live[name] != rebuilt[name]]
    print("\nP5  one CNO table at a time, 4 clients racing through two API processes")
    print(
        f"acknowledged plays: {len(race.accepted)} ({len(race.accepted) / seconds:.0f}/s),"
        f" refused: {refusals(race)}"
    )
    print(f"lost or doubled: {len(problems)} {problems[:3] if problems else ''}")
    print(f"rebuilt read models equal to the live ones: {'yes' if not differ else f'no: {differ}'}")
    print("target: nothing lost or doubled, rebuilt read models equal the live ones")


def _stop(service: Service) -> None:
    """Stop a service's workers before a rebuild compares what they wrote."""
    service.process.terminate()
    service.process.wait(30)

"""Load generation: whole games of bots played through a running service, over HTTP.

Each game is a table of `players` bot seats: the simulator creates it, seats the bots,
starts it with a seat's token and follows its live stream (`/games/{id}/live`), which the
service closes when the game ends; the service's bot worker plays every move. Commands per
second come from the service's own counter (`/metrics`), read before and after, so they
count every command the service appended meanwhile.
"""

import asyncio
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
from prometheus_client.parser import text_string_to_metric_families
from rich.console import Console
from rich.table import Table

ACCEPTED = "cardroom_commands_accepted_total"
BOT_REFUSALS = "cardroom_bot_refusals_total"


@dataclass
class Report:
    """What a simulation saw: finished games, wins by seat, commands, errors by kind."""

    games: int = 0
    seconds: float = 0.0
    commands: float = 0.0
    events: int = 0
    wins: Counter[int] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)

    @property
    def commands_per_second(self) -> float:
        return self.commands / self.seconds if self.seconds else 0.0


async def simulate(
    client: httpx.AsyncClient,
    kind: str,
    games: int,
    players: int,
    bot: str,
    concurrency: int = 8,
    options: dict[str, Any] | None = None,
    finished: Callable[[], None] = lambda: None,
) -> Report:
    """Play `games` games of `players` bots, `concurrency` at a time; `finished` is called
    as each game ends (or fails)."""
    report, slots = Report(), asyncio.Semaphore(concurrency)
    before = await _metrics(client)
    started = time.perf_counter()

    async def one() -> None:
        async with slots:
            try:
                await _play_one(client, report, kind, players, bot, options or {})
            except (httpx.HTTPError, ProblemError) as error:
                report.errors[str(error)] += 1
            finished()

    await asyncio.gather(*(one() for _ in range(games)))
    report.seconds = time.perf_counter() - started
    after = await _metrics(client)
    report.commands = after.get((ACCEPTED, ""), 0.0) - before.get((ACCEPTED, ""), 0.0)
    for (name, code), count in after.items():
        refused = count - before.get((name, code), 0.0)
        if name == BOT_REFUSALS and refused:
            report.errors[f"bot command refused: {code}"] += int(refused)
    return report


class ProblemError(Exception):
    """A request the service refused, named by its problem code."""


async def _play_one(
    client: httpx.AsyncClient,
    report: Report,
    kind: str,
    players: int,
    bot: str,
    options: dict[str, Any],
) -> None:
    game_id = (await _post(client, "/games", {"kind": kind, "options": options}))["id"]
    host = (await _post(client, f"/games/{game_id}/seats", {"bot": bot}))["token"]
    headers = {"Authorization": f"Bearer {host}"}  # the host seats the other bots
    for _ in range(players - 1):
        await _post(client, f"/games/{game_id}/seats", {"bot": bot}, headers)
    await _post(client, f"/games/{game_id}/commands", {"type": "start_game"}, headers)
    async with client.stream("GET", f"/games/{game_id}/live", timeout=None) as live:
        async for line in live.aiter_lines():
            report.events += line.startswith("id:")
    final = await client.get(f"/games/{game_id}")
    standings = final.json()["standings"]
    if not standings:
        raise ProblemError("a live stream closed before its game ended")
    report.games += 1
    report.wins.update(s["seat"] for s in standings if s["place"] == 1)


async def _post(
    client: httpx.AsyncClient, path: str, body: Any, headers: dict[str, str] | None = None
) -> Any:
    response = await client.post(path, json=body, headers=headers)
    if response.status_code >= 400:
        raise ProblemError(f"{path.rsplit('/', 1)[-1]} refused: {response.json().get('code')}")
    return response.json()


async def _metrics(client: httpx.AsyncClient) -> dict[tuple[str, str], float]:
    """The service's counters, by (name, label value)."""
    response = await client.get("/metrics")
    return {
        (sample.name, next(iter(sample.labels.values()), "")): sample.value
        for family in text_string_to_metric_families(response.text)
        for sample in family.samples
    }


def print_report(report: Report, seats: int) -> None:
    """The outcomes, the pace of commands and the errors, as tables."""
    console = Console()
    outcomes = Table("seat", "wins", "share", title=f"{report.games} games finished")
    for seat in range(seats):
        wins = report.wins[seat]
        outcomes.add_row(str(seat), str(wins), f"{wins / max(report.games, 1):.1%}")
    console.print(outcomes)
    console.print(
        f"{report.commands:.0f} commands in {report.seconds:.1f} s: "
        f"{report.commands_per_second:.1f} commands/s; {report.events} events streamed"
    )
    if report.errors:
        errors = Table("error", "count", title="errors")
        for error, count in report.errors.most_common():
            errors.add_row(error, str(count))
        console.print(errors)
    else:
        console.print("no errors")

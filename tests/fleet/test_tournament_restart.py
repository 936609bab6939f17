"""A tournament survives the whole fleet killed: the services of `compose.yaml` run a Swiss
of MAD for its organiser and five bots, every process is killed with `kill -9` once its
second round has started, and started again; the tournament goes on from its log and
finishes with nothing lost, doubled or skipped: three rounds, no two entries met twice,
every game recorded once as its own log finished it, its live stream and its audit whole."""

import contextlib
import os
import signal
from collections import Counter
from itertools import combinations
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.api.players import bearer
from tests.compose import roles_of, services
from tests.fleet.processes import Member, start
from tests.fleet.test_compose_layout import database_url, fleet, register, stream, wait_for

pytestmark = pytest.mark.fleet
__all__ = ["database_url", "fleet", "stream"]
ROUNDS = 3
FINISH_SECONDS = 180.0


def shown(http: httpx.Client, tournament_id: str) -> Any:
    answer = http.get(f"/tournaments/{tournament_id}")
    assert answer.status_code == 200, answer.text
    return answer.json()


def swiss(http: httpx.Client, token: str) -> str:
    body = {
        "kind": "mad",
        "format": "swiss",
        "rounds": ROUNDS,
        "options": {"bot_pace": 0},
        "clock": {"turn_seconds": 1, "grace_seconds": 0},
    }
    created = http.post("/tournaments", json=body, headers=bearer(token))
    assert created.status_code == 201, created.text
    tournament_id = str(created.json()["tournament_id"])
    entries = f"/tournaments/{tournament_id}/entries"
    assert http.post(entries, json={}, headers=bearer(token)).status_code == 201
    for _ in range(5):
        added = http.post(entries, json={"bot": "heuristic"}, headers=bearer(token))
        assert added.status_code == 201, added.text
    started = http.post(f"/tournaments/{tournament_id}/start", headers=bearer(token))
    assert started.status_code == 200, started.text
    return tournament_id


def descendants(pid: int) -> list[int]:
    """The processes `pid` started, and theirs (a bot worker's thinkers among them)."""
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return []
    found: list[int] = []
    for child in map(int, children):
        found += [child, *descendants(child)]
    return found


def restart(members: dict[str, Member], database_url: str, redis_url: str, stream: str) -> None:
    """Every process killed with kill -9 (each service's and those it started), then each
    service started again."""
    for member in members.values():
        started = descendants(member.process.pid)
        member.kill()
        for pid in started:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
    for name, arguments in services().items():
        role = "serve" if arguments[0] == "serve" else "+".join(roles_of(arguments))
        members[name].close()
        members[name] = start(role, database_url, redis_url, stream)


def test_a_swiss_killed_in_its_second_round_finishes_after_a_restart(
    fleet: dict[str, Member], database_url: str, redis_url: str, stream: str
) -> None:
    api = fleet["api"].http
    tournament_id = swiss(api, register(api, "fleet-ada"))
    at_kill = wait_for(
        lambda: len((seen := shown(api, tournament_id))["round_tables"]) >= 2 and seen,
        "a second round",
    )
    assert (at_kill["status"], len(at_kill["round_tables"])) == ("running", 2)
    restart(fleet, database_url, redis_url, stream)
    api = fleet["api"].http
    final = wait_for(
        lambda: (seen := shown(api, tournament_id))["status"] == "finished" and seen,
        "the finish",
        FINISH_SECONDS,
    )
    assert len(final["round_tables"]) == ROUNDS
    pairs = [
        frozenset(pair)
        for played in final["round_tables"]
        for table in played["tables"]
        for pair in combinations(table["entries"], 2)
    ]
    assert len(pairs) == len(set(pairs)) == 9, "no two entries met twice"
    given = 0
    for played in final["round_tables"]:
        for table in played["tables"]:
            game = api.get(f"/games/{table['game_id']}").json()
            places = {s["seat"]: s["place"] for s in game["standings"]}
            assert {r["seat"]: r["place"] for r in table["results"]} == places
            given += sum(r["points"] for r in table["results"])
    assert sum(row["points"] for row in final["standings"]) == given
    live = api.get(f"/tournaments/{tournament_id}/live", headers={"Last-Event-ID": "0"})
    heard = Counter(
        line.removeprefix("event: ") for line in live.text.splitlines() if line.startswith("event:")
    )
    assert heard["tournament.round_started"] == ROUNDS and heard["tournament.finished"] == 1
    assert heard["tournament.game_recorded"] == 9 and heard["tournament.round_ended"] == ROUNDS
    audit = api.get(f"/tournaments/{tournament_id}/audit").json()
    assert audit["ok"], audit

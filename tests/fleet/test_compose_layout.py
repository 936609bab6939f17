"""The services of `compose.yaml`, started as the processes it names on one Postgres and one
Redis, offer what a single `cardroom serve` does: quick play's bots arrive after
`bots_after`, a challenge nobody answers expires, the table of a challenge whose accepting
process stopped half-way is finished, and every read model rebuilds by name."""

import os
import subprocess
import sys
import time
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import ExitStack
from typing import Any

import asyncpg
import httpx
import pytest

from commands.core.challenges import Challenges
from commands.core.handler import CommandHandler
from infra.reading import catalog
from infra.store.postgres_store import PostgresEventStore
from tests.api.players import bearer
from tests.api.test_challenge_resume import Stopped, StopsAtTheSecondSeat
from tests.compose import roles_of, services
from tests.fleet.processes import Member, start
from tests.servers import fresh_database

pytestmark = pytest.mark.fleet
WAIT_SECONDS = 40.0


@pytest.fixture
def stream() -> str:
    """A stream of this test's own: its relay publishes another database's log than the
    other fleet tests' (one relay per database and stream)."""
    return f"cardroom:test:{uuid.uuid4().hex[:8]}:compose"


@pytest.fixture
async def database_url(postgres_url: str) -> AsyncIterator[str]:
    async with fresh_database(postgres_url) as url:
        yield url


@pytest.fixture
async def pool(database_url: str) -> AsyncIterator[asyncpg.Pool]:
    async with asyncpg.create_pool(database_url, min_size=1, max_size=2) as created:
        yield created


@pytest.fixture
def fleet(database_url: str, redis_url: str, stream: str) -> Iterator[dict[str, Member]]:
    """One process per `cardroom` service of compose.yaml, started as its command says."""
    with ExitStack() as stack:
        members = {}
        for name, arguments in services().items():
            role = "serve" if arguments[0] == "serve" else "+".join(roles_of(arguments))
            assert arguments[0] == "work" or roles_of(arguments) == (), arguments
            members[name] = member = start(role, database_url, redis_url, stream)
            stack.callback(member.close)
        yield members
        for member in members.values():
            member.stop()


def wait_for(condition: Callable[[], Any], what: str, seconds: float = WAIT_SECONDS) -> Any:
    deadline = time.monotonic() + seconds
    while not (found := condition()):
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.25)
    return found


def register(http: httpx.Client, handle: str) -> str:
    answer = http.post("/players", json={"handle": handle})
    assert answer.status_code == 201, answer.text
    return str(answer.json()["token"])


def status(http: httpx.Client, path: str) -> str:
    return str(http.get(path).json().get("status"))


async def test_the_compose_services_offer_what_one_serve_offers(
    fleet: dict[str, Member], pool: asyncpg.Pool, database_url: str, redis_url: str, stream: str
) -> None:
    api = next(m for m in fleet.values() if m.role == "serve").http
    suffix = uuid.uuid4().hex[:6]

    quick = {"kind": "mad", "name": "lone", "bots_after": 1, "bot": "heuristic"}
    seated = api.post("/quickplay", json=quick)
    assert seated.status_code == 201, seated.text
    table = f"/games/{seated.json()['game_id']}"
    wait_for(lambda: status(api, table) == "playing", "quick play's bots took the seats")

    ada, bo = (register(api, f"{name}-{suffix}") for name in ("ada", "bo"))
    body = {"kind": "mad", "challenged": f"bo-{suffix}", "expires_in": 1}
    issued = api.post("/challenges", json=body, headers=bearer(ada))
    assert issued.status_code == 201, issued.text
    expiring = f"/challenges/{issued.json()['challenge_id']}"
    wait_for(lambda: status(api, expiring) == "expired", "the challenge expired")

    body = {"kind": "mad", "challenged": f"bo-{suffix}", "seats": 3, "bots": True}
    issued = api.post("/challenges", json=body, headers=bearer(ada))
    challenge_id = issued.json()["challenge_id"]
    stops = StopsAtTheSecondSeat(CommandHandler.over(PostgresEventStore(pool)))
    with pytest.raises(Stopped):  # the accepting process stopped before seating the acceptor
        await Challenges(stops).accept(challenge_id, f"bo-{suffix}")  # type: ignore[arg-type]
    game = api.get(f"/challenges/{challenge_id}").json()["game_id"]
    assert status(api, f"/games/{game}") == "open"
    wait_for(lambda: status(api, f"/games/{game}") == "playing", "the half-open table finished")
    assert bo  # the acceptor's token was never needed: the clock seated them

    env = {
        "CARDROOM_DATABASE_URL": database_url,
        "CARDROOM_REDIS_URL": redis_url,
        "CARDROOM_REDIS_STREAM": stream,
    }
    for name in catalog.NAMES:
        rebuilt = subprocess.run(
            [sys.executable, "-m", "api.main.cli", "rebuild", name],
            env={**_environment(), **env},
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert rebuilt.returncode == 0, (name, rebuilt.stderr[-2000:])
        assert f"{name}: rebuilt from" in rebuilt.stdout


def _environment() -> dict[str, str]:
    environment = dict(os.environ)
    environment.pop("XDG_RUNTIME_DIR", None)  # what makes platformdirs warn
    return environment

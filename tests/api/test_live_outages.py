"""Live streams through a Postgres outage: an open stream is not cut, its keep-alives go on,
and the events of commands accepted after the restart arrive. Postgres here is a server of
this module's own, never the shared one."""

import asyncio
import time
import uuid
from collections.abc import AsyncIterator, Iterator

import pytest
from litestar.testing import AsyncTestClient

from api.live.hub import POLL_SECONDS
from api.main.app import create_app
from infra.process.database import Timeouts
from infra.process.settings import Settings
from tests.api.players import bearer, open_table, view
from tests.api.sse import AnyClient, SseReader, open_stream
from tests.private_postgres import PrivatePostgres, private_postgres
from tests.servers import fresh_database

HEARTBEAT = 0.2
OUTAGE = POLL_SECONDS + 1
"""Long enough for the game's feed to look for events itself (and fail) while it lasts."""
RECOVERY = 30.0


@pytest.fixture(scope="module")
def postgres() -> Iterator[PrivatePostgres]:
    with private_postgres() as server:
        yield server


@pytest.fixture
async def service(postgres: PrivatePostgres, redis_url: str) -> AsyncIterator[AnyClient]:
    """The whole service (the relay too) on the private Postgres, with a stream of its own."""
    stream = f"cardroom:test:{uuid.uuid4().hex[:8]}:events"
    async with fresh_database(postgres.url) as url:
        settings = Settings(
            database_url=url,
            redis_url=redis_url,
            event_stream=stream,
            live_heartbeat=HEARTBEAT,
            database_timeouts=Timeouts(connect=1.0, statement=1.0),
        )
        app = create_app(settings)
        async with AsyncTestClient(app) as client:
            yield client


async def keep_alives_for(stream: SseReader, seconds: float) -> int:
    """Keep-alives received over `seconds`; fails should the stream end or fall silent."""
    beats, deadline = 0, time.monotonic() + seconds
    while time.monotonic() < deadline:
        read = await stream.message(timeout=2 * HEARTBEAT + 1)
        assert read.comments == ["keep-alive"], read
        beats += 1
    return beats


async def accepted_once_recovered(client: AnyClient, game_id: str, token: str) -> int:
    """Send the seat's first legal move until the service takes it; returns the version."""
    deadline = time.monotonic() + RECOVERY
    while True:
        answer = await client.get(f"/games/{game_id}", headers=bearer(token))
        if answer.status_code == 200 and answer.json()["legal_moves"]:
            move = answer.json()["legal_moves"][0]
            sent = await client.post(f"/games/{game_id}/commands", json=move, headers=bearer(token))
            if sent.status_code == 200:
                version: int = sent.json()["version"]
                return version
        assert time.monotonic() < deadline, answer.text
        await asyncio.sleep(0.2)


async def test_a_stream_lives_through_a_database_outage_and_goes_on_after_it(
    service: AnyClient, postgres: PrivatePostgres
) -> None:
    game_id, tokens = await open_table(service, "mad", 2)
    before = (await view(service, game_id))["version"]
    async with open_stream(service, f"/games/{game_id}/live") as stream:
        while (first := await stream.message()).event == "narration":
            pass  # each event follows its narration, which has no id
        assert first.id == 1
        while (await stream.message()).id != before:
            pass  # each event follows its narration: read up to the last event
        postgres.stop()
        try:
            assert await keep_alives_for(stream, OUTAGE) >= OUTAGE / HEARTBEAT / 2
        finally:
            postgres.start()
        after = await accepted_once_recovered(service, game_id, tokens[0])
        received = []
        while not received or received[-1] < after:
            read = await stream.message(timeout=RECOVERY)
            if read.id is not None and read.event != "narration":
                received.append(read.id)
    assert received == list(range(before + 1, after + 1))

"""An unexpected failure is logged with its traceback and the request's id, and the 500
problem carries the same id; every answer carries an `X-Request-Id`."""

import logging
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest
from httpx import AsyncClient
from litestar.testing import AsyncTestClient

from api.main.app import create_app
from infra.process.settings import Settings
from infra.reading import read_models
from infra.store.postgres_store import PostgresEventStore
from tests.api.players import bearer, open_table
from tests.api.test_refusals import problem


@pytest.fixture
async def failing(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[AsyncTestClient]:  # type: ignore[type-arg]
    """The service with the lobby's read failing unexpectedly."""

    async def broken(*_: Any) -> Any:
        raise RuntimeError("the lobby broke")

    monkeypatch.setattr(read_models, "lobby", broken)
    app = create_app(settings, roles=())
    async with AsyncTestClient(app) as test_client:
        yield test_client


class Kept(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


async def test_a_failure_is_logged_and_answered_with_the_request_id(failing: AsyncClient) -> None:
    kept, logger = Kept(), logging.getLogger("api.http.errors")
    logger.addHandler(kept)
    try:
        answer = await failing.get("/lobby")
    finally:
        logger.removeHandler(kept)
    problem(answer, 500, "internal_error")
    request_id = answer.json()["request_id"]
    assert answer.headers["x-request-id"] == request_id
    [record] = kept.records
    assert getattr(record, "request_id", None) == request_id
    assert request_id in record.getMessage()
    assert "the lobby broke" in logging.Formatter().format(record)
    assert "Traceback" in logging.Formatter().format(record)


async def test_every_answer_has_its_own_request_id(client: AsyncClient) -> None:
    answers = [
        await client.get("/games/kinds"),
        await client.get("/games/kinds"),
        await client.get("/no/such/path"),
        await client.post("/games", json={"kind": "chess"}),
    ]
    ids = [answer.headers["x-request-id"] for answer in answers]
    assert len(set(ids)) == len(ids)
    assert all(len(each) == 32 for each in ids)


async def deadlock(*_: Any) -> None:
    raise asyncpg.DeadlockDetectedError("deadlock detected")


async def test_a_deadlock_is_answered_busy_with_retry_after_never_500(
    client: AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, tokens = await open_table(client, "gnono", 3)
    start = {"type": "start_game"}
    monkeypatch.setattr(PostgresEventStore, "_write", deadlock)
    answers = [
        await client.post("/games", json={"kind": "gnono"}),
        await client.post(f"/games/{game_id}/commands", json=start, headers=bearer(tokens[0])),
    ]
    for answer in answers:
        problem(answer, 503, "busy")
        assert answer.headers["retry-after"] == "2"

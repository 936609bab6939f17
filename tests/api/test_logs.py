"""The process's log records: JSON lines with time, level, role and request id when asked,
text lines otherwise, and the id of the request being served on every record logged under it."""

import io
import json
import logging
from collections.abc import Iterator

import pytest
from litestar.types import Receive, Scope, Send

from api.http.request_ids import remember_request_id, request_id
from api.main import logs


@pytest.fixture
def logged() -> Iterator[tuple[logging.Logger, io.StringIO]]:
    """A logger of the test's own writing JSON lines as the `api` role into a buffer."""
    lines = io.StringIO()
    logger = logging.getLogger("tests.logs")
    written = logs.handler("api", "json", lines)
    logger.addHandler(written)
    logger.setLevel(logging.INFO)
    try:
        yield logger, lines
    finally:
        logger.removeHandler(written)


def records(lines: io.StringIO) -> list[dict[str, object]]:
    return [json.loads(line) for line in lines.getvalue().splitlines()]


def test_a_json_record_carries_time_level_role_logger_and_message(
    logged: tuple[logging.Logger, io.StringIO],
) -> None:
    logger, lines = logged
    logger.warning("seat %s refused", 2)
    (record,) = records(lines)
    assert record["time"].endswith("Z") and record["time"][:2] == "20"  # type: ignore[union-attr]
    assert (record["level"], record["role"], record["logger"]) == ("WARNING", "api", "tests.logs")
    assert (record["message"], record["request_id"]) == ("seat 2 refused", None)


def test_a_failure_keeps_its_traceback_in_one_json_line(
    logged: tuple[logging.Logger, io.StringIO],
) -> None:
    logger, lines = logged
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        logger.exception("failed")
    (record,) = records(lines)
    assert "RuntimeError: boom" in record["error"]  # type: ignore[operator]


async def test_a_record_logged_while_a_request_is_served_carries_its_id(
    logged: tuple[logging.Logger, io.StringIO],
) -> None:
    logger, lines = logged

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        logger.info("serving")

    scope: Scope = {"type": "http", "state": {}}  # type: ignore[typeddict-item]
    await remember_request_id(app)(scope, None, None)  # type: ignore[arg-type]
    logger.info("after")
    serving, after = records(lines)
    assert serving["request_id"] == request_id(scope)
    assert after["request_id"] is None


def test_a_text_line_says_time_level_role_and_request() -> None:
    lines = io.StringIO()
    record = logging.LogRecord("relay", logging.INFO, __file__, 1, "took it", None, None)
    logs.handler("relay", "text", lines).handle(record)
    assert " INFO relay [-] relay: took it" in lines.getvalue()

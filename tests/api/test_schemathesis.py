"""Schemathesis over the document a running `cardroom serve` publishes, as an integrator runs
it: every operation (the three never-ending live streams aside, whose inputs `test_inputs`
and the stream tests cover) gets its examples, the boundary cases of its schema and at least
50 generated requests, valid and not, as a registered player; then the links the document
declares are followed, from a table's creation through its seats to its commands and events.
No answer may be a server error, and every answer must be as documented: its status, content
type, headers and body; every request the document forbids must be refused, and one without
its token must get 401."""

import re
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from api.main.openapi import document
from tests.api.alone import own_database, served_alone

CHECKS = (
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_headers_conformance",
    "response_schema_conformance",
    "negative_data_rejection",
    "missing_required_header",
)
ROOMY = {
    f"CARDROOM_RATE_LIMIT_{name}": "100000/minute"
    for name in ("GAMES", "SEATS", "PLAYERS", "COMMANDS")
}
"""Limits no generated run reaches, so that every request reaches the operation."""
EXAMPLES = 50
SEED = 20261128
"""The same requests on every run; another seed explores others (`--seed`)."""
STREAMS = "/live$"


__all__ = ["own_database"]  # the fixture


@pytest.fixture(scope="module")
def service(
    own_database: str, redis_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[httpx.Client]:
    folder = tmp_path_factory.mktemp("schemathesis")
    with served_alone(own_database, redis_url, folder, ROOMY) as http:
        yield http


def test_schemathesis_finds_nothing_in_any_operation_or_along_the_links(
    service: httpx.Client, tmp_path: Path
) -> None:
    answer = service.post("/players", json={"handle": f"tester-{uuid.uuid4().hex[:8]}"})
    token = answer.json()["token"]
    url = str(service.base_url).rstrip("/")
    command = [
        *(sys.executable, "-m", "schemathesis.cli", "run", f"{url}/schema/openapi.json"),
        *("--checks", ",".join(CHECKS), "--max-examples", str(EXAMPLES), "--seed", str(SEED)),
        *("--phases", "examples,coverage,fuzzing,stateful", "--exclude-path-regex", STREAMS),
        *("--header", f"Authorization: Bearer {token}", "--workers", "1"),
        *("--report", "junit", "--report-dir", str(tmp_path)),
    ]
    run = subprocess.run(  # in the test's folder, where Schemathesis keeps its cache
        command, capture_output=True, text=True, timeout=600, check=False, cwd=tmp_path
    )
    summary = run.stdout[-6000:]
    assert run.returncode == 0, summary
    assert "✅ Stateful" in summary, "the links were not followed"
    published = [path for path in document()["paths"] for _ in document()["paths"][path]]
    tested = len([path for path in published if not re.search(STREAMS, path)])
    assert f"Tested: {tested}" in summary, "an operation was left out"

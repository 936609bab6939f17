"""A corpus of hostile bytes sent to every operation (the never-ending streams aside, whose
inputs `test_inputs` covers): bodies that are not UTF-8, hold NUL and lone surrogates, nest
deep or carry integers no JSON reader holds exactly; path and query values with NUL, bytes
that are no UTF-8 and lengths past every bound; headers with control bytes. None may answer a
server error; every refusal is a problem with a code."""

from collections.abc import Iterator
from dataclasses import replace

import pytest
from litestar.testing import TestClient

from api.main.app import create_app
from api.main.openapi import document
from infra.process.settings import RateLimits, Settings

PROBLEM = "application/problem+json"
BODIES = (
    b'{"kind":"gn\xffono"}',
    b"\xff\xfe\x00\x00",
    b'{"kind":"mad","name":"a\\u0000b"}',
    b'{"name":"\\ud800","entropy":"\\u0000"}',
    b'{"handle":"a\\u0000"}',
    b'{"kind":"mad","challenged":"a\\u0000"}',
    b'{"kind":"mad","options":{"seats":9007199254740993}}',
    b'{"type":"start_game","x":' + b"1" * 400 + b"}",
    b"[" * 5000,
    b"1e999",
    b'{"reason":"\\u0000"}',
)
TEXTS = ("a%00b", "%FF%FE", "x" * 300, "-1", "9" * 40, "%F0%9F")
HEADERS = (
    (b"idempotency-key", b"a\x00b"),
    (b"idempotency-key", b"\xff\xfe"),
    (b"idempotency-key", b"k" * 500),
    (b"authorization", b"Bearer \x00\xff"),
    (b"last-event-id", b"\x00"),
    (b"last-event-id", b"9" * 40),
    (b"content-type", b"text/plain; charset=\xff"),
)
STREAMS = ("/live",)


@pytest.fixture(scope="module")
def client(settings: Settings) -> Iterator[TestClient]:  # type: ignore[type-arg]
    roomy = RateLimits(*(["100000/minute"] * 4))
    with TestClient(create_app(replace(settings, rate_limits=roomy), roles=())) as client:
        yield client


def _operations() -> list[tuple[str, str]]:
    return [
        (method, path)
        for path, item in document()["paths"].items()
        if not path.endswith(STREAMS)
        for method in item
    ]


def _refused_well(answer: object) -> None:
    status = answer.status_code  # type: ignore[attr-defined]
    assert status < 500, answer.text  # type: ignore[attr-defined]
    if status >= 400:
        assert answer.headers["content-type"] == PROBLEM  # type: ignore[attr-defined]
        assert answer.json()["code"]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("method", "path"), _operations())
def test_no_hostile_input_gets_a_server_error(
    client: TestClient,  # type: ignore[type-arg]
    method: str,
    path: str,
) -> None:
    game_id = client.post("/games", json={"kind": "mad"}).json()["id"]
    for text in TEXTS:
        url = path.replace("{game_id}", game_id)
        for name in ("challenge_id", "kind", "name"):
            url = url.replace("{" + name + "}", text)
        query = "&".join(f"{key}={text}" for key in ("kind", "limit", "offset", "after", "at"))
        for header in ((b"x-probe", b"1"), *HEADERS):
            for body in BODIES if method == "post" else (None,):
                answer = client.request(method, f"{url}?{query}", content=body, headers=[header])
                _refused_well(answer)


def test_no_hostile_command_body_from_a_seat_gets_a_server_error(
    client: TestClient,  # type: ignore[type-arg]
) -> None:
    """The bodies reach the commands' decoding, past the seat's token, with a key too (its
    fingerprint is the request's canonical JSON)."""
    game_id = client.post("/games", json={"kind": "mad"}).json()["id"]
    token = client.post(f"/games/{game_id}/seats", json={"name": "ada"}).json()["token"]
    unsafe = b'{"type": "place_card", "card": {"element": "Th", "number": 7}, "row": 1' + b"0" * 18
    for body in (*BODIES, b'{"type": "start_g\xffame"}', unsafe + b', "column": 0}'):
        for key in ({}, {"Idempotency-Key": "hostile"}):
            headers = {"Authorization": f"Bearer {token}", **key}
            answer = client.post(f"/games/{game_id}/commands", content=body, headers=headers)
            _refused_well(answer)
            assert answer.status_code in (400, 409, 422), answer.text

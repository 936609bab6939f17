"""Property-based fuzzing over the published OpenAPI document: every operation (the two
never-ending streams aside, whose parameters `test_inputs` covers) is sent requests drawn
from its own parameters' and body's schemas, stretched past their bounds and mixed with junk,
at tables of every kind; none may answer 5xx, and every refusal must be a problem with a code
the operation publishes."""

import string
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from litestar.testing import TestClient

from api.contract.document import refusal_codes
from api.main.app import create_app
from commands.log.registry import GAMES
from infra.process.settings import Settings
from tests.api.published import published

PROBLEM = "application/problem+json"
STREAMS = {("get", "/games/{game_id}/live"), ("get", "/lobby/live")}
SEATS = {"ecliptic": 2, "onexeno": 2, "gnono": 2, "mad": 2, "cno": 2}
EXAMPLES = 150
"""Requests per operation: enough to reach every branch of the edge, quick enough to run in
well under a minute."""

FINITE = st.floats(allow_nan=False, allow_infinity=False)
JSON_SCALARS = st.none() | st.booleans() | st.integers() | FINITE | st.text(max_size=20)
JUNK_JSON = st.recursive(
    JSON_SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
HEADER_TEXT = st.text(alphabet=string.printable.strip() + " ", max_size=300)


class Tables:
    """A table of each kind, started, with its seats' tokens, and one left open."""

    def __init__(self, client: TestClient) -> None:  # type: ignore[type-arg]
        self.games: list[str] = []
        self.tokens: list[str] = []
        for kind, seats in SEATS.items():
            game_id = client.post("/games", json={"kind": kind}).json()["id"]
            tokens = [
                client.post(f"/games/{game_id}/seats", json={"name": f"p{seat}"}).json()["token"]
                for seat in range(seats)
            ]
            start = {"type": "start_game"}
            client.post(f"/games/{game_id}/commands", json=start, headers=_bearer(tokens[0]))
            self.games.append(game_id)
            self.tokens.extend(tokens)
        self.games.append(client.post("/games", json={"kind": "gnono"}).json()["id"])


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture(scope="module")
def service(settings: Settings) -> Iterator[tuple[TestClient, Tables]]:  # type: ignore[type-arg]
    with TestClient(create_app(settings, roles=())) as client:
        yield client, Tables(client)


def _resolve(schema: dict[str, Any] | bool) -> dict[str, Any]:
    found: dict[str, Any] = {} if isinstance(schema, bool) else schema
    while "$ref" in found:
        found = published()["components"]["schemas"][found["$ref"].rsplit("/", 1)[1]]
    return found


def from_schema(schema: dict[str, Any] | bool, depth: int = 0) -> st.SearchStrategy[Any]:
    """Values of a JSON schema, stretched one step past its bounds, sometimes junk."""
    schema = _resolve(schema)
    junk = JUNK_JSON if depth < 3 else JSON_SCALARS
    for union in ("oneOf", "anyOf"):
        if union in schema:
            return st.one_of([from_schema(each, depth + 1) for each in schema[union]])
    if "enum" in schema:
        return st.sampled_from(schema["enum"]) | (st.text(max_size=8) if depth else st.nothing())
    kind = schema.get("type")
    if isinstance(kind, list):
        return st.one_of([from_schema({**schema, "type": each}, depth) for each in kind])
    if kind == "object":
        properties = schema.get("properties", {})
        required = set(schema.get("required", ()))
        fields = {
            name: from_schema(value, depth + 1)
            for name, value in properties.items()
            if name in required
        }
        optional = {
            name: from_schema(value, depth + 1)
            for name, value in properties.items()
            if name not in required
        }
        return st.fixed_dictionaries(fields, optional=optional) | junk
    if kind == "array" and "prefixItems" in schema:
        each_item = [from_schema(each, depth + 1) for each in schema["prefixItems"]]
        return st.tuples(*each_item).map(list) | junk
    if kind == "array":
        items = from_schema(schema.get("items", {}), depth + 1)
        return st.lists(items, max_size=schema.get("maxItems", 4) + 1) | junk
    if kind == "integer":
        return _integers(schema) | junk
    if kind == "string":
        return st.text(max_size=schema.get("maxLength", 40) + 1) | junk
    if kind == "boolean":
        return st.booleans() | junk
    if kind == "null":
        return st.none()
    return junk


def _integers(schema: dict[str, Any]) -> st.SearchStrategy[int]:
    low, high = schema.get("minimum"), schema.get("maximum")
    near = [int(bound) + step for bound in (low, high) if bound is not None for step in (-1, 0, 1)]
    return st.one_of(
        st.sampled_from(near or [0]),
        st.sampled_from(BEYOND),
        st.integers(-(2**70), 2**70),
        st.integers(-3, 600),
    )


BEYOND = (2**31 - 1, 2**31, 2**63 - 1, 2**63, 2**64, 10**30, -(2**63) - 1)
"""Integers just past what the database's integer columns and parameters hold."""


def _mostly(values: st.SearchStrategy[Any], junk: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """`values` three times in four, `junk` otherwise."""
    return st.one_of(values, values, values, junk)


def _parameter(parameter: dict[str, Any], tables: Tables) -> st.SearchStrategy[str]:
    name, schema = parameter["name"], _resolve(parameter.get("schema", {}))
    typed = [_resolve(each) for each in schema.get("oneOf", [schema])]
    typed = [each for each in typed if each.get("type") != "null"] or [schema]
    if name == "game_id":
        values: st.SearchStrategy[str] = st.sampled_from(tables.games) | st.uuids().map(str)
    elif name == "kind":
        values = st.sampled_from(list(GAMES))
    elif typed[0].get("type") == "integer":
        values = _integers({**schema, **typed[0]}).map(str)
    elif "enum" in schema:
        values = st.sampled_from([str(each) for each in schema["enum"] if each is not None])
    else:
        values = st.text(max_size=schema.get("maxLength", 40) + 1)
    if parameter["in"] == "header":
        return _mostly(values.filter(_header_safe), HEADER_TEXT)
    return _mostly(values, st.text())


def _header_safe(value: str) -> bool:
    return value.isascii() and value.isprintable() and value.strip() == value


def _text(values: st.SearchStrategy[Any]) -> st.SearchStrategy[str]:
    """Parameter values as they travel: text (a list or an object by its first item)."""
    return values.map(lambda each: str(each).lower() if isinstance(each, bool) else str(each))


def _request(method: str, path: str, tables: Tables) -> st.SearchStrategy[dict[str, Any]]:
    described = published()["paths"][path][method]
    parameters = {
        (each["in"], each["name"]): _parameter(each, tables)
        for each in described.get("parameters", ())
    }
    body = described.get("requestBody", {}).get("content", {}).get("application/json")
    token = st.sampled_from(tables.tokens) | st.text(alphabet=string.ascii_letters, max_size=20)
    return st.fixed_dictionaries(
        {
            "parameters": st.fixed_dictionaries(
                {}, optional={key: value for key, value in parameters.items()}
            ),
            "body": from_schema(body["schema"]) if body else st.none(),
            "token": st.none() | token,
        }
    )


OPERATIONS = [
    (method, path)
    for path, methods in published()["paths"].items()
    for method in methods
    if (method, path) not in STREAMS
]


@pytest.mark.parametrize(("method", "path"), OPERATIONS)
def test_no_operation_answers_5xx(
    service: tuple[TestClient, Tables],  # type: ignore[type-arg]
    method: str,
    path: str,
) -> None:
    client, tables = service
    codes = _published_codes(method, path)

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(_request(method, path, tables))
    def answers(request: dict[str, Any]) -> None:
        target, query, headers = path, {}, {}
        for (where, name), value in request["parameters"].items():
            if where == "path":
                # ASGI servers decode %2F before routing: a slash makes another path.
                target = target.replace("{" + name + "}", _escaped(value.replace("/", "_")))
            elif where == "query":
                query[name] = value
            else:
                headers[name] = value
        for name in ("game_id", "kind", "name"):
            target = target.replace("{" + name + "}", tables.games[0])
        if request["token"] is not None:
            headers.update(_bearer(request["token"]))
        answer = client.request(
            method.upper(), target, params=query, headers=headers, json=request["body"]
        )
        assert answer.status_code < 500, f"{method} {target} {request}: {answer.text}"
        if answer.status_code >= 400:
            assert answer.headers["content-type"].startswith(PROBLEM), answer.text
            assert answer.json()["code"] in codes, f"{method} {path}: {answer.text}"

    answers()


def _published_codes(method: str, path: str) -> set[str]:
    responses = published()["paths"][path][method]["responses"]
    return {
        code
        for status, response in responses.items()
        if int(status) >= 400
        for code in refusal_codes(response)
    }


def _escaped(value: str) -> str:
    from urllib.parse import quote

    return quote(value, safe="") or "%20"

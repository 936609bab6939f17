"""The published document: Litestar's generated one, completed operation by operation."""

import copy
from collections.abc import Iterator
from typing import Any

from litestar import Litestar

from api.contract.examples import request_examples, response_examples
from api.contract.kinds import REF
from api.contract.operations import operations, status_of
from api.contract.schemas import complete_read_models, components
from api.http.described import Described
from api.http.errors import PROBLEM

SECURITY_SCHEME = "SeatToken"
TICKET_SCHEME = "StreamTicket"
PLAYER_SCHEME = "PlayerToken"


def publish(generated: dict[str, Any], app: Litestar) -> dict[str, Any]:
    """The OpenAPI document Litestar generated for `app`, made precise (see `api.contract`)."""
    document = copy.deepcopy(generated)
    document.setdefault("components", {}).setdefault("schemas", {}).update(components())
    complete_read_models(document["components"]["schemas"])
    document["components"]["securitySchemes"] = {
        SECURITY_SCHEME: {
            "type": "http",
            "scheme": "bearer",
            "description": "The seat token `POST /games/{game_id}/seats` answered with.",
        },
        PLAYER_SCHEME: {
            "type": "http",
            "scheme": "bearer",
            "description": "The player token `POST /players` answered with.",
        },
        TICKET_SCHEME: {
            "type": "apiKey",
            "in": "query",
            "name": "ticket",
            "description": "A short-lived stream ticket `POST /games/{game_id}/tickets` "
            "answered with, for clients that cannot send headers (`EventSource`).",
        },
    }
    described = operations(app)
    for path, item in document["paths"].items():
        for method, operation in item.items():
            key = (method, path)
            assert key in described, f"{method.upper()} {path} has no route"
            _complete(operation, method, path, described[key])
    _prune(document)
    return document


def _complete(operation: dict[str, Any], method: str, path: str, described: Described) -> None:
    docstring = operation.get("description", "").strip()
    operation["description"] = "\n\n".join(
        part for part in (docstring, _auth_note(described)) if part
    ) or operation.get("summary", "")
    responses = operation["responses"]
    for status in [status for status in responses if int(status) >= 400]:
        del responses[status]
    success = next(status for status in responses if status.startswith("2"))
    body = responses[success].setdefault("content", {})
    if described.stream:
        refs = [{"$ref": REF + name} for name in described.stream_data]
        either = {"anyOf": refs, "description": "One of these; the message's `event` says which."}
        stream = {"type": "string", "description": "Server-Sent Events; " + described.stream}
        responses[success]["content"] = body = {
            "text/event-stream": {
                "schema": stream,
                "x-event-data": refs[0] if len(refs) == 1 else either,
            }
        }
    for media in body.values():
        media["examples"] = described.answers or response_examples(method, path)
    if success == "201" and _takes_idempotency_key(operation):
        responses["200"] = {
            **copy.deepcopy(responses["201"]),
            "description": "The same answer again: this `Idempotency-Key` was used before.",
        }
    if described.body:
        operation["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": {"$ref": REF + described.body}}},
        } | ({"description": described.body_note} if described.body_note else {})
    request = described.asks or request_examples(method, path)
    if request is not None:
        operation["requestBody"]["content"]["application/json"]["examples"] = request
    if described.token != "none":
        schemes: list[dict[str, list[str]]] = [{SECURITY_SCHEME: []}]
        schemes += [{TICKET_SCHEME: []}] if described.ticket else []
        schemes += [] if described.token == "required" else [{}]
        operation["security"] = schemes
    if described.player != "none":
        required = described.player == "required"
        operation["security"] = [{PLAYER_SCHEME: []}, *([] if required else [{}])]
    if "rate_limited" in described.codes:
        for status in [status for status in responses if status.startswith("2")]:
            responses[status].setdefault("headers", {}).update(RATE_LIMIT_HEADERS)
    for status, codes in _by_status(described.codes).items():
        responses[str(status)] = _problem_response(status, codes)
    responses["500"] = _problem_response(500, ("internal_error",))


def _takes_idempotency_key(operation: dict[str, Any]) -> bool:
    parameters = operation.get("parameters", [])
    return any(parameter["name"] == "Idempotency-Key" for parameter in parameters)


def _auth_note(described: Described) -> str:
    ticket = (
        " A stream ticket (`?ticket=`, from `POST /games/{game_id}/tickets`) stands in for "
        "the token where a client cannot send headers (`EventSource`)."
    )
    if described.player == "optional":
        return "With a player's token (`Authorization: Bearer <player token>`) it acts as them."
    if described.player == "required":
        return "Needs a player's token: `Authorization: Bearer <player token>`."
    if described.token == "required":
        note = "Needs the seat's token: `Authorization: Bearer <token>`."
    elif described.token == "optional":
        note = "With a seat's token it is what that seat sees; without, a spectator's."
    else:
        return ""
    return note + (ticket if described.ticket else "")


def _by_status(codes: tuple[str, ...]) -> dict[int, tuple[str, ...]]:
    grouped: dict[int, list[str]] = {}
    for code in dict.fromkeys(codes):
        grouped.setdefault(status_of(code), []).append(code)
    return {status: tuple(grouped[status]) for status in sorted(grouped)}


_STATUS_TEXT = {
    400: "The request is malformed.",
    401: "A seat token is needed.",
    403: "The token (or stream ticket) holds no seat at this game, or is no player's.",
    404: "Not found.",
    409: "Refused: it does not fit the game (or the players) as it stands.",
    422: "Refused: the kind, options, name, handle or bot does not exist or is not valid.",
    500: "The server failed to answer.",
    429: "Too many requests from this client (or seat) for now; wait `Retry-After` seconds.",
    503: "Busy or unavailable for a moment; send it again (after `Retry-After` seconds).",
}
_INTEGER = {"type": "integer", "minimum": 0}
RATE_LIMIT_HEADERS = {
    "RateLimit-Limit": {
        "description": "Requests allowed in the window (per client, or per seat for commands).",
        "schema": _INTEGER,
    },
    "RateLimit-Remaining": {"description": "Requests left in the window.", "schema": _INTEGER},
    "RateLimit-Reset": {"description": "Seconds until the window frees one.", "schema": _INTEGER},
}
RETRY_AFTER_HEADER = {
    "Retry-After": {"description": "Seconds to wait before sending again.", "schema": _INTEGER}
}
_HEADERS_BY_STATUS = {429: {**RETRY_AFTER_HEADER, **RATE_LIMIT_HEADERS}, 503: RETRY_AFTER_HEADER}


def _problem_response(status: int, codes: tuple[str, ...]) -> dict[str, Any]:
    code = codes[0]
    example = {
        "type": f"urn:cardroom:problem:{code}",
        "title": code.replace("_", " "),
        "status": status,
        "detail": "what went wrong, for people",
        "code": code,
    }
    restriction = {
        "type": "object",
        "properties": {
            "status": {"type": "integer", "enum": [status]},
            "code": {"enum": list(codes)},
        },
        "required": ["status", "code"],
    }
    headers = {"headers": _HEADERS_BY_STATUS[status]} if status in _HEADERS_BY_STATUS else {}
    return {
        "description": _STATUS_TEXT.get(status, "Refused.") + " `code`: " + ", ".join(codes),
        **headers,
        "content": {
            PROBLEM: {
                "schema": {"allOf": [{"$ref": REF + "Problem"}, restriction]},
                "example": example,
            }
        },
    }


def _prune(document: dict[str, Any]) -> None:
    """Drop the components nothing refers to any more (Litestar's untyped ones)."""
    schemas = document["components"]["schemas"]
    keep: set[str] = set()
    pending = list(_refs(document["paths"]))
    while pending:
        name = pending.pop()
        if name not in keep and name in schemas:
            keep.add(name)
            pending.extend(_refs(schemas[name]))
    for name in [name for name in schemas if name not in keep]:
        del schemas[name]
    document["components"]["schemas"] = dict(sorted(schemas.items()))


def _refs(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "$ref" and isinstance(item, str) and item.startswith(REF):
                yield item[len(REF) :]
            else:
                yield from _refs(item)
    elif isinstance(value, list):
        for item in value:
            yield from _refs(item)

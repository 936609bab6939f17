"""The published document: Litestar's generated one, completed operation by operation with
what each route says of itself (`api.http.described`)."""

import copy
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import msgspec
from litestar import Litestar
from litestar.handlers import HTTPRouteHandler
from litestar.routes import HTTPRoute

from api.contract.bounds import bounded
from api.contract.components import REF, complete
from api.contract.links import link
from api.contract.portable import make_portable
from api.http.auth import PLAYER_SCHEME, SEAT_SCHEME, TICKET_SCHEME
from api.http.described import CONTRACT, DOWNLOAD, Described, Examples, StreamMessage
from api.http.errors import DEFAULT_REFUSAL_STATUS, PROBLEM, STATUS_BY_CODE, problem
from api.http.rate_limits import RATE_LIMIT

AUTH_NOTES = {
    (PLAYER_SCHEME, True): "With a player's token (`Authorization: Bearer <player token>`) "
    "it acts as them.",
    (PLAYER_SCHEME, False): "Needs a player's token: `Authorization: Bearer <player token>`.",
    (SEAT_SCHEME, False): "Needs the seat's token: `Authorization: Bearer <token>`.",
    (SEAT_SCHEME, True): "With a seat's token it is what that seat sees; without, a spectator's.",
    (TICKET_SCHEME, True): "A stream ticket (`?ticket=`, from `POST /games/{game_id}/tickets`) "
    "stands in for the token where a client cannot send headers (`EventSource`).",
}
"""What an operation's description says of each credential it takes (its `security`), by
whether it may go without."""
STATUS_TEXT = {
    400: "The request is malformed.",
    401: "A seat token is needed.",
    403: "The token (or stream ticket) holds no seat at this game, or is no player's.",
    404: "Not found.",
    409: "Refused: it does not fit the game (or the players) as it stands.",
    422: "Refused: the kind, options, name, handle or bot does not exist or is not valid.",
    429: "Too many requests from this client (or seat) for now; wait `Retry-After` seconds.",
    500: "The server failed to answer.",
    503: "Busy or unavailable for a moment; send it again (after `Retry-After` seconds).",
}
_INTEGER = {"type": "integer", "minimum": 0}
RATE_LIMIT_HEADERS = {
    "RateLimit-Limit": {
        "description": "Requests allowed in the window (per client, or per seat for commands).",
        "schema": _INTEGER,
    },
    "RateLimit-Remaining": {"description": "Requests left in the window.", "schema": _INTEGER},
    "RateLimit-Reset": {
        "description": (
            "Seconds until the window frees one, past the limit; otherwise the window's length,"
            " by when every request it counts so far has left it."
        ),
        "schema": _INTEGER,
    },
}
RETRY_AFTER = {
    "Retry-After": {"description": "Seconds to wait before sending again.", "schema": _INTEGER}
}
FILE = (
    ("ETag", "The file's SHA-256 once its month has ended; a weak tag of its games before."),
    ("Content-Length", "Its size, once its month has ended (not sent while it streams)."),
    ("Accept-Ranges", "`bytes`: a range of a month still going is of its games so far."),
)
"""The headers of a file download."""
HEADERS_BY_STATUS = {429: {**RETRY_AFTER, **RATE_LIMIT_HEADERS}, 503: RETRY_AFTER}
ITEM_SCHEMA = "x-item-schema"
"""Where a stream's media type names its messages' component: OpenAPI 3.2's `itemSchema`,
under a name a 3.1 document may hold (decision 24)."""


def publish(generated: dict[str, Any], app: Litestar) -> dict[str, Any]:
    """The OpenAPI document Litestar generated for `app`, made precise (see `api.contract`)."""
    document = copy.deepcopy(generated)
    schemas = document.setdefault("components", {}).setdefault("schemas", {})
    complete(schemas, answered(app))
    bounded(schemas)
    described = operations(app)
    for path, item in document["paths"].items():
        for method, operation in item.items():
            _complete(schemas, operation, method, path, described[method, path])
    del schemas["Struct"]  # Litestar's of the table view's fields the kinds' views replace
    document["components"]["schemas"] = dict(sorted(schemas.items()))
    make_portable(document)
    link({op["operationId"]: op for item in document["paths"].values() for op in item.values()})
    return document


def operations(app: Litestar) -> dict[tuple[str, str], Described]:
    """Every published operation of the app, by (method, path): the codes its route lists,
    `rate_limited` where it names a rate limit, `unavailable` unless it asks no store."""
    described: dict[tuple[str, str], Described] = {}
    for path, handler in _handlers(app):
        said = handler.opt.get(CONTRACT)
        assert isinstance(said, Described), f"{path} says nothing of its contract"
        limited = ("rate_limited",) if RATE_LIMIT in handler.opt else ()
        down = () if said.storeless else ("unavailable",)
        for method in handler.http_methods:
            described[method.lower(), path] = replace(said, codes=(*said.codes, *limited, *down))
    return described


def answered(app: Litestar) -> list[Any]:
    """The Structs the routes answer with, alone or in a `Response`, a list or a page."""
    fields = [handler.parsed_fn_signature.return_type for _, handler in _handlers(app)]
    for field in fields:  # what is appended is walked too: the types each type holds
        fields.extend(field.inner_types)
    return [field.annotation for field in fields if field.is_subclass_of(msgspec.Struct)]


def _handlers(app: Litestar) -> list[tuple[str, HTTPRouteHandler]]:
    """The published route handlers of the app, each with its path."""
    routes = [route for route in app.routes if isinstance(route, HTTPRoute)]
    handlers = [
        (route.path_format, handler) for route in routes for handler in route.route_handlers
    ]
    return [(path, handler) for path, handler in handlers if handler.resolve_include_in_schema()]


def _complete(
    schemas: dict[str, Any],
    operation: dict[str, Any],
    method: str,
    path: str,
    described: Described,
) -> None:
    responses = operation["responses"]
    for status in [status for status in responses if int(status) >= 400]:
        del responses[status]  # Litestar's guesses, replaced by the route's refusals below
    success = next(status for status in responses if status.startswith("2"))
    if described.stream:
        name = f"{described.stream_name}Message"
        schemas.update(_stream_messages(name, described.stream_messages))
        stream = {"type": "string", "description": "Server-Sent Events; " + described.stream}
        responses[success]["content"] = {
            "text/event-stream": {"schema": stream, ITEM_SCHEMA: {"$ref": REF + name}}
        }
    if described.download:
        _download(responses, success, described.download)
    assert described.answers, f"{method.upper()} {path} has no example: give its route `answers`"
    for status in [status for status in responses if status.startswith("2")]:
        for media in responses[status].setdefault("content", {}).values():
            media["examples"] = _made(described.answers)
    keyed = any(
        parameter["name"] == "Idempotency-Key" for parameter in operation.get("parameters", [])
    )
    if success == "201" and keyed:
        again = "The same answer again: this `Idempotency-Key` was used before."
        responses["200"] = {**copy.deepcopy(responses["201"]), "description": again}
    if described.body:
        body = {"schema": {"$ref": REF + described.body}}
        operation["requestBody"] = {"required": True, "content": {"application/json": body}}
        if described.body_note:
            operation["requestBody"]["description"] = described.body_note
    if described.asks:
        operation["requestBody"]["content"]["application/json"]["examples"] = _made(described.asks)
    parts = (operation.get("description", "").strip(), _auth_note(operation.get("security", [])))
    operation["description"] = "\n\n".join(filter(None, parts)) or operation.get("summary", "")
    if "rate_limited" in described.codes:
        for status in [status for status in responses if status.startswith("2")]:
            responses[status].setdefault("headers", {}).update(RATE_LIMIT_HEADERS)
    by_status: dict[int, list[str]] = {500: ["internal_error"]}
    for code in dict.fromkeys(described.codes):
        by_status.setdefault(STATUS_BY_CODE.get(code, DEFAULT_REFUSAL_STATUS), []).append(code)
    for status in sorted(by_status):
        responses[str(status)] = _problem_response(status, by_status[status])


def _stream_messages(name: str, messages: tuple[StreamMessage, ...]) -> dict[str, Any]:
    """The components of a stream's messages, as OpenAPI 3.2's `itemSchema` has them, `data`
    decoded: `name`, one object per kind of message told apart by `event` (each a component
    of its own, `<Stream><Event>Message`, when there are several)."""
    named: list[str | None] = [message.event for message in messages if message.event]
    if len(messages) == 1:
        return {name: _message_kind(messages[0], named)}
    kinds = {
        name.replace("Message", f"{(message.event or 'event').capitalize()}Message"): (
            _message_kind(message, named)
        )
        for message in messages
    }
    return {**kinds, name: {"oneOf": [{"$ref": REF + kind} for kind in kinds]}}


def _message_kind(message: StreamMessage, named: list[str | None]) -> dict[str, Any]:
    if message.event:
        event: dict[str, Any] = {"type": "string", "const": message.event}
    else:
        event = {"type": "string", "description": "The `type` of its `data`."}
        if named:
            event["not"] = {"enum": named}
    properties: dict[str, Any] = {"event": event, "data": {"$ref": REF + message.data}}
    if message.id:
        properties["id"] = {"type": "string", "description": message.id}
    return {
        "type": "object",
        "required": list(properties),
        "properties": properties,
        "description": f"A message whose `data` is a `{message.data}` (JSON)"
        + ("." if message.id else ", sent without an `id`."),
    }


def _download(responses: dict[str, Any], success: str, line: str) -> None:
    """A file of JSON lines, gzip-compressed, each line a `line`; byte ranges, 304."""
    schema = {
        "type": "string",
        "contentMediaType": "application/x-ndjson",
        "contentEncoding": "gzip",
        "description": f"JSON lines, gzip-compressed; each line is a `{line}`.",
    }
    content = {DOWNLOAD: {"schema": schema, "x-line": {"$ref": REF + line}}}
    headers = {name: {"description": about, "schema": {"type": "string"}} for name, about in FILE}
    responses[success].update(content=content, headers=headers)
    responses["206"] = {
        "description": "The byte range `Range` asked for, as `Content-Range` says.",
        "content": copy.deepcopy(content),
        "headers": headers,
    }
    responses["304"] = {"description": "Unchanged: `If-None-Match` names its `ETag`."}


def _made(examples: Examples | Callable[[], Examples]) -> Examples:
    return examples() if callable(examples) else examples


def _auth_note(security: list[dict[str, list[str]]]) -> str:
    notes = [AUTH_NOTES[scheme, {} in security] for option in security for scheme in option]
    return " ".join(notes)


def _problem_response(status: int, codes: list[str]) -> dict[str, Any]:
    """A refusal's answer: the one `Problem` component, with an example of each code the
    operation may answer with this status (`refusal_codes` reads them back)."""
    examples = {
        code: {"value": problem(status, code, "what went wrong, for people").content}
        for code in codes
    }
    return {
        "description": STATUS_TEXT.get(status, "Refused.") + " `code`: " + ", ".join(codes),
        **({"headers": HEADERS_BY_STATUS[status]} if status in HEADERS_BY_STATUS else {}),
        "content": {PROBLEM: {"schema": {"$ref": REF + "Problem"}, "examples": examples}},
    }


def refusal_codes(response: dict[str, Any]) -> list[str]:
    """The codes a published refusal answer names."""
    return list(response["content"][PROBLEM]["examples"])

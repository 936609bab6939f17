"""Every refusal leaves as application/problem+json with a stable `code`, mapped here only."""

import logging
import re
from collections.abc import Callable
from typing import Any, Literal

import asyncpg
import redis.exceptions
from litestar import Request, Response
from litestar.exceptions import HTTPException, ValidationException
from litestar.params import ParameterKwarg
from litestar.status_codes import HTTP_500_INTERNAL_SERVER_ERROR
from prometheus_client import Counter

from api.http.request_ids import request_id
from commands.log.store import TransientConflict
from domain.errors import DomainError

log = logging.getLogger(__name__)
PROBLEM = "application/problem+json"
COMMANDS_REFUSED = Counter(
    "cardroom_commands_refused", "Requests refused, by problem code.", ["code"]
)

STATUS_BY_CODE = {
    "malformed_json": 400,
    "invalid_body": 400,
    "invalid_query": 400,
    "invalid_command": 400,
    "missing_token": 401,
    "wrong_token": 403,
    "not_host": 403,
    "invalid_ticket": 403,
    "game_not_found": 404,
    "not_found": 404,
    "version_not_found": 404,
    "beyond_end": 404,
    "not_a_sandbox": 403,
    "not_every_seat": 403,
    "no_such_seat": 422,
    "wrong_seats": 422,
    "sandbox_expired": 410,
    "invalid_month": 404,
    "dataset_not_found": 404,
    "range_not_satisfiable": 416,
    "unknown_kind": 422,
    "unknown_status": 422,
    "idempotency_key_reused": 422,
    "invalid_options": 422,
    "invalid_name": 422,
    "invalid_entropy": 422,
    "invalid_handle": 422,
    "invalid_seats": 422,
    "unknown_bot": 422,
    "player_not_found": 404,
    "challenge_not_found": 404,
    "tournament_not_found": 404,
    "not_organiser": 403,
    "invalid_tournament": 422,
    "cannot_challenge_yourself": 422,
    "invalid_last_event_id": 422,
    "own_challenge": 403,
    "not_challenged": 403,
    "not_your_challenge": 403,
    "think_out_of_bounds": 422,
    "think_without_bot": 422,
    "think_without_search": 422,
    "body_too_large": 413,
    "body_incomplete": 400,
    "body_timeout": 408,
    "rate_limited": 429,
    "too_many_streams": 429,
    "busy": 503,
    "unavailable": 503,
}
DEFAULT_REFUSAL_STATUS = 409
"""Any other domain refusal: the command does not fit the game as it stands."""


HttpCode = Literal[
    "malformed_json",
    "invalid_body",
    "body_incomplete",
    "body_timeout",
    "invalid_options",
    "invalid_command",
    "missing_token",
    "wrong_token",
    "invalid_ticket",
    "invalid_last_event_id",
    "game_not_found",
    "challenge_not_found",
    "tournament_not_found",
    "not_found",
    "unknown_status",
    "invalid_month",
    "dataset_not_found",
    "range_not_satisfiable",
    "too_many_streams",
    "busy",
    "unavailable",
]
"""The codes the HTTP layer refuses a request with itself, before or beside the domain."""


class HttpRefusal(Exception):
    """A request refused by the HTTP layer (a body, a token, a stream cap, a stopping
    service): answered as a domain refusal is, by `refused`."""

    def __init__(self, code: HttpCode, message: str) -> None:
        super().__init__(message)
        self.code: HttpCode = code
        self.message = message


def problem(
    status: int,
    code: str,
    detail: str,
    *,
    headers: dict[str, str] | None = None,
    **members: object,
) -> Response[dict[str, object]]:
    """A problem document (RFC 9457); `members` are extension members, e.g. `parameters`."""
    body = {
        "type": f"urn:cardroom:problem:{code}",
        "title": code.replace("_", " "),
        "status": status,
    }
    return Response(
        {**body, "detail": detail, "code": code, **members},
        status_code=status,
        media_type=PROBLEM,
        headers=headers,
    )


def refused(
    _: Request[Any, Any, Any], error: DomainError | HttpRefusal
) -> Response[dict[str, object]]:
    """A refusal of the domain or of the HTTP layer, by its code's status."""
    status = STATUS_BY_CODE.get(error.code, DEFAULT_REFUSAL_STATUS)
    COMMANDS_REFUSED.labels(error.code).inc()
    retry = {"Retry-After": str(RETRY_AFTER)} if status in (429, 503) else None
    return problem(status, error.code, error.message, headers=retry)


def transient_conflict(
    request: Request[Any, Any, Any], error: TransientConflict
) -> Response[dict[str, object]]:
    """A write the store gave up for a cause of the moment (a deadlock) and that was not
    retried for the request: `busy`, to be sent again, never a failure of the service."""
    log.warning("the store gave a write up (%s %s): %s", request.method, request.url.path, error)
    return refused(request, HttpRefusal("busy", "the store was busy; send it again"))


PARAMETERS = ("query", "header")
MISSING = re.compile(r"Missing required (?P<source>query|header) parameter '(?P<name>[^']*)'")
"""How Litestar says that a required parameter is missing (it names no `extra` then)."""


NOT_FOUND_BY_PATH_KEY = {
    "game_id": "game_not_found",
    "challenge_id": "challenge_not_found",
    "tournament_id": "tournament_not_found",
}
"""A path parameter that is no id names nothing: its refusal, by the parameter's name."""


def validation_error(
    request: Request[Any, Any, Any], error: ValidationException
) -> Response[dict[str, object]]:
    """A bad query parameter (or header) is `invalid_query`, naming each as the contract
    does; a path that is no id names nothing (`game_not_found`, `challenge_not_found`,
    `tournament_not_found`); else `invalid_body`."""
    items = [item for item in error.extra or () if isinstance(item, dict)]
    for key, code in NOT_FOUND_BY_PATH_KEY.items():
        if any(item.get("source") == "path" and item.get("key") == key for item in items):
            return problem(404, code, "there is nothing at this path")
    query = [item for item in items if item.get("source") in PARAMETERS]
    if missing := MISSING.match(str(error.detail)):
        query = [{"key": missing["name"], "source": missing["source"], "message": "missing"}]
    if query:
        names = [_published(request, str(item.get("key", ""))) for item in query]
        reasons = [
            f"{_where(item)} parameter `{name}`: {item.get('message')}"
            for item, name in zip(query, names, strict=True)
        ]
        return problem(400, "invalid_query", "; ".join(reasons), parameters=names)
    reasons = [item.get("message", "") for item in items]
    return problem(400, "invalid_body", "; ".join(reasons) or str(error.detail))


def _published(request: Request[Any, Any, Any], key: str) -> str:
    """A parameter's name as the contract publishes it and the client sends it (the header
    `Idempotency-Key`, not the route's `idempotency_key`)."""
    handler = request.scope.get("route_handler")
    field = handler.parsed_fn_signature.parameters.get(key) if handler else None
    given = field.kwarg_definition if field else None
    if isinstance(given, ParameterKwarg):
        return given.name or given.header or given.query or key
    return key


def _where(item: dict[str, Any]) -> str:
    """`query` or `header` (Litestar's `source` may be its `ParamType` or a plain string)."""
    return next(where for where in PARAMETERS if item.get("source") == where)


def http_error(_: Request[Any, Any, Any], error: HTTPException) -> Response[dict[str, object]]:
    codes = {
        400: "malformed_json",
        404: "not_found",
        405: "method_not_allowed",
        413: "body_too_large",
        429: "rate_limited",
    }
    code = codes.get(error.status_code, "invalid_request")
    return problem(error.status_code, code, str(error.detail), headers=error.headers)


RETRY_AFTER = 2
"""Seconds a client is told to wait before trying again when a store does not answer."""
UNAVAILABLE: tuple[type[Exception], ...] = (
    OSError,  # refused or reset connections, and every timeout (TimeoutError is an OSError)
    asyncpg.PostgresConnectionError,
    asyncpg.exceptions.OperatorInterventionError,  # shutting down, starting, statement_timeout
    asyncpg.exceptions.InsufficientResourcesError,  # too many connections
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
)
"""Failures of Postgres or Redis being down, slow or cut off: the request may succeed later."""


class StoreDown(ConnectionError):
    """A store found down by a check; `states` (each store's state) go into the problem."""

    def __init__(self, message: str, states: dict[str, str]) -> None:
        super().__init__(message)
        self.states = states


def unavailable(request: Request[Any, Any, Any], error: Exception) -> Response[dict[str, object]]:
    """503 with `Retry-After`: a store did not answer (in time); nothing was recorded."""
    known = request_id(request.scope)
    if not isinstance(error, asyncpg.TooManyConnectionsError):  # the pool says that once
        log.warning(
            "a store did not answer %s %s (request %s): %s: %s",
            request.method,
            request.url.path,
            known,
            type(error).__name__,
            error,
            extra={"request_id": known},
        )
    COMMANDS_REFUSED.labels("unavailable").inc()
    detail = "the service cannot reach its database or Redis now; try again shortly"
    retry = {"Retry-After": str(RETRY_AFTER)}
    states = error.states if isinstance(error, StoreDown) else {}
    return problem(503, "unavailable", detail, headers=retry, request_id=known, **states)


def server_error(request: Request[Any, Any, Any], error: Exception) -> Response[dict[str, object]]:
    """An unexpected failure: logged with its traceback, answered with the request's id."""
    known = request_id(request.scope)
    log.error(
        "failed to answer %s %s (request %s)",
        request.method,
        request.url.path,
        known,
        exc_info=error,
        extra={"request_id": known},
    )
    detail = f"the server failed to answer; request {known} is logged"
    return problem(HTTP_500_INTERNAL_SERVER_ERROR, "internal_error", detail, request_id=known)


Handler = Callable[[Request[Any, Any, Any], Any], Response[dict[str, object]]]
EXCEPTION_HANDLERS: dict[type[Exception] | int, Handler] = {
    DomainError: refused,
    HttpRefusal: refused,
    TransientConflict: transient_conflict,
    ValidationException: validation_error,
    HTTPException: http_error,
    **dict.fromkeys(UNAVAILABLE, unavailable),
    HTTP_500_INTERNAL_SERVER_ERROR: server_error,
}

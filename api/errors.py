"""Every refusal leaves as application/problem+json with a stable `code`, mapped here only."""

import logging
import re
from typing import Any

from litestar import Request, Response
from litestar.exceptions import HTTPException, ValidationException
from litestar.status_codes import HTTP_500_INTERNAL_SERVER_ERROR
from prometheus_client import Counter

from api.request_ids import request_id
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
    "invalid_ticket": 403,
    "game_not_found": 404,
    "not_found": 404,
    "version_not_found": 404,
    "unknown_kind": 422,
    "unknown_status": 422,
    "idempotency_key_reused": 422,
    "invalid_options": 422,
    "invalid_name": 422,
    "invalid_entropy": 422,
    "unknown_bot": 422,
    "body_too_large": 413,
    "busy": 503,
}
DEFAULT_REFUSAL_STATUS = 409
"""Any other domain refusal: the command does not fit the game as it stands."""


def problem(status: int, code: str, detail: str, **members: object) -> Response[dict[str, object]]:
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
    )


def domain_error(_: Request[Any, Any, Any], error: DomainError) -> Response[dict[str, object]]:
    status = STATUS_BY_CODE.get(error.code, DEFAULT_REFUSAL_STATUS)
    COMMANDS_REFUSED.labels(error.code).inc()
    return problem(status, error.code, error.message)


PARAMETERS = ("query", "header")
MISSING = re.compile(r"Missing required (?P<source>query|header) parameter '(?P<name>[^']*)'")
"""How Litestar says that a required parameter is missing (it names no `extra` then)."""


def validation_error(
    _: Request[Any, Any, Any], error: ValidationException
) -> Response[dict[str, object]]:
    """A bad query parameter (or header) is `invalid_query`, naming each; a path that is
    no game id names no game; else `invalid_body`."""
    items = [item for item in error.extra or () if isinstance(item, dict)]
    if any(item.get("source") == "path" and item.get("key") == "game_id" for item in items):
        return problem(404, "game_not_found", "there is no game at this path")
    query = [item for item in items if item.get("source") in PARAMETERS]
    if missing := MISSING.match(str(error.detail)):
        query = [{"key": missing["name"], "source": missing["source"], "message": "missing"}]
    if query:
        names = [str(item.get("key", "")) for item in query]
        reasons = [
            f"{_where(item)} parameter `{item.get('key')}`: {item.get('message')}" for item in query
        ]
        return problem(400, "invalid_query", "; ".join(reasons), parameters=names)
    reasons = [item.get("message", "") for item in items]
    return problem(400, "invalid_body", "; ".join(reasons) or str(error.detail))


def _where(item: dict[str, Any]) -> str:
    """`query` or `header` (Litestar's `source` may be its `ParamType` or a plain string)."""
    return next(where for where in PARAMETERS if item.get("source") == where)


def http_error(_: Request[Any, Any, Any], error: HTTPException) -> Response[dict[str, object]]:
    codes = {
        400: "malformed_json",
        404: "not_found",
        405: "method_not_allowed",
        413: "body_too_large",
    }
    return problem(
        error.status_code, codes.get(error.status_code, "invalid_request"), str(error.detail)
    )


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


EXCEPTION_HANDLERS = {
    DomainError: domain_error,
    ValidationException: validation_error,
    HTTPException: http_error,
    HTTP_500_INTERNAL_SERVER_ERROR: server_error,
}

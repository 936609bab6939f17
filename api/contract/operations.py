"""What each operation of the service can refuse and which tokens it takes, as its route says
(`api.http.described`), completed with what the route's other settings imply."""

from dataclasses import replace

from litestar import Litestar
from litestar.routes import HTTPRoute

from api.http.described import CONTRACT, Described
from api.http.errors import DEFAULT_REFUSAL_STATUS, STATUS_BY_CODE
from api.http.rate_limits import RATE_LIMIT


def operations(app: Litestar) -> dict[tuple[str, str], Described]:
    """Every published operation of the app, by (method, path): the codes its route lists,
    `rate_limited` where it names a rate limit, `unavailable` unless it asks no store."""
    described: dict[tuple[str, str], Described] = {}
    for route in app.routes:
        if not isinstance(route, HTTPRoute):
            continue
        for handler in route.route_handlers:
            if not handler.resolve_include_in_schema():
                continue
            said = handler.opt.get(CONTRACT)
            assert isinstance(said, Described), f"{route.path_format} says nothing of its contract"
            limited = ("rate_limited",) if RATE_LIMIT in handler.opt else ()
            down = () if said.storeless else ("unavailable",)
            for method in handler.http_methods:
                key = (method.lower(), route.path_format)
                described[key] = replace(said, codes=(*said.codes, *limited, *down))
    return described


def status_of(code: str) -> int:
    return STATUS_BY_CODE.get(code, DEFAULT_REFUSAL_STATUS)

"""Pages of a game's events by version, and conditional GETs.

A page holds at most `limit` events after the version `after`; when more follow, the answer
carries `Link: <...?after=N&limit=L>; rel="next"` (RFC 8288), N the last version on the
page, and the last page has no such link. The bodies stay what they were.

Answers that cannot change for a given version and viewer carry an `ETag`; a request whose
`If-None-Match` names it gets 304 with no body.
"""

from collections.abc import Sequence
from typing import Annotated, Any
from urllib.parse import urlencode

from litestar import Request, Response
from litestar.params import QueryParameter

from api.http.params import MAX_VERSION
from commands.log.store import StoredEvent

DEFAULT_LIMIT = 500
MAX_LIMIT = 1000
After = Annotated[
    int, QueryParameter(ge=0, le=MAX_VERSION, description="the last version already seen")
]
Limit = Annotated[
    int,
    QueryParameter(
        ge=1,
        le=MAX_LIMIT,
        description=f"events per page ({DEFAULT_LIMIT} unless given, at most {MAX_LIMIT});"
        ' a `Link: <...>; rel="next"` header leads to the next page',
    ),
]
AnyRequest = Request[Any, Any, Any]


def page(
    request: AnyRequest, rows: Sequence[StoredEvent], limit: int
) -> tuple[list[StoredEvent], dict[str, str]]:
    """At most `limit` of `rows` (read with one row more than a page, to tell whether more
    follow) and the headers of the answer: a `Link` to the next page when there is one."""
    if len(rows) <= limit:
        return list(rows), {}
    shown = list(rows[:limit])
    query = {**request.query_params.dict(), "after": [str(shown[-1].version)]}
    target = f"{request.url.path}?{urlencode(query, doseq=True)}"
    return shown, {"Link": f'<{target}>; rel="next"'}


def conditional(
    request: AnyRequest, tag: str, content: Any, headers: dict[str, str] | None = None
) -> Response[Any]:
    """`content` with its weak `ETag`, or 304 with no body when `If-None-Match` names it."""
    etag = f'W/"{tag}"'
    sent = {"ETag": etag, "Vary": "Authorization", **(headers or {})}
    if unchanged(request, etag):
        return Response(None, status_code=304, headers=sent)
    return Response(content, headers=sent)


def unchanged(request: AnyRequest, etag: str) -> bool:
    """Whether the request's `If-None-Match` names `etag`."""
    return names_etag(request.headers.get("if-none-match"), etag)


def names_etag(header: str | None, etag: str) -> bool:
    """Whether an `If-None-Match` header names `etag`, by weak comparison (RFC 9110
    §13.1.2): `*`, or any listed tag with the same opaque part."""
    if header is None:
        return False
    listed = {each.strip().removeprefix("W/") for each in header.split(",")}
    return "*" in listed or etag.removeprefix("W/") in listed

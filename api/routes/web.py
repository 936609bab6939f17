"""The web client, served by the service itself: every page's address answers the one
`index.html` (the client routes in the browser), and its bundle is under `/assets/`.

The pages' addresses never collide with the API's: `/` (the lobby), `/play/{id}` (a table,
seated or watching), `/replay/{id}`, `/boards/{kind}` (a scoreboard), `/people/{name}` and
`/rules/{kind}` (a game's rules for players), `/data` (the datasets) and `/tourneys`,
`/tourneys/{id}` (the tournaments: the API's own are under `/tournaments`).
A browser asking for a page at an address nobody answers (`/boards`, `/foo`) gets the
client with 404, which shows its own "not found" page; an address under the API's paths, or
any request not asking for HTML, keeps its problem+json.
An API address a person may type or follow in a browser (`/lobby`, `/tables`,
`/games/{id}`, `/scoreboards/{kind}`, `/players/{name}`, `/datasets`, ...: `BROWSER_PAGES`)
answers the client's page to a GET whose `Accept` asks for HTML (`browser_page`, run before
the route), and the client shows the page of that address; API clients, which ask for JSON
or anything (`*/*`), get the JSON as before. Both answers say `Vary: Accept`.
The bundle is built from `web/` by `make client` and committed in `api/site/`, so serving it
needs no node. None of this is in the OpenAPI document.
"""

from pathlib import Path
from typing import Any

from litestar import MediaType, Request, Response, Router, get
from litestar.datastructures import CacheControlHeader, MutableScopeHeaders
from litestar.exceptions import HTTPException
from litestar.static_files import create_static_files_router
from litestar.types import Message, Scope

from api.http.errors import http_error

SITE = Path(__file__).parents[1] / "site"
ASSETS_PATH = "/assets"
PAGES = [
    "/",
    "/play/{game_id:str}",
    "/replay/{game_id:str}",
    "/boards/{kind:str}",
    "/people/{name:str}",
    "/rules/{kind:str}",
    "/data",
    "/tourneys",
    "/tourneys/{tournament_id:str}",
]
CLIENT_ROOTS = frozenset({"", "play", "replay", "boards", "people", "rules", "data", "tourneys"})
"""The first segments of the pages' addresses."""
REVALIDATE = CacheControlHeader(no_cache=True)
"""The bundle's file names never change, so a browser asks again (cheaply, by its ETag)."""
BROWSER_PAGES = frozenset(
    {
        "/lobby",
        "/tables",
        "/tables/{game_id}",
        "/games/{game_id}",
        "/games/{game_id}/replay",
        "/games/{game_id}/log",
        "/games/{game_id}/audit",
        "/scoreboards/{kind}",
        "/ratings/{kind}",
        "/players/{name}",
        "/datasets",
    }
)
"""The API's addresses (route templates, as the router names them) whose page the client
shows a browser (`web/src/router.tsx`, `pageOfAddress`)."""


def _wants_page(request: Request[Any, Any, Any]) -> bool:
    """Whether a request asks for HTML: a browser's navigation (`Accept: text/html, ...`)."""
    return request.method in ("GET", "HEAD") and "text/html" in request.headers.get("accept", "")


async def browser_page(request: Request[Any, Any, Any]) -> Response[bytes] | None:
    """Before the route: the client's page for a browser asking for one of `BROWSER_PAGES`,
    else nothing (the route answers). A coroutine, so that Litestar calls it on the event
    loop rather than handing every request to a thread."""
    if request.scope.get("path_template") not in BROWSER_PAGES or not _wants_page(request):
        return None
    page = (SITE / "index.html").read_bytes()
    headers = {"Vary": "Accept", "Cache-Control": REVALIDATE.to_header()}
    return Response(page, media_type=MediaType.HTML, headers=headers)


async def send_vary_accept(message: Message, scope: Scope) -> None:
    """The `before_send` hook that says `Vary: Accept` on the JSON of `BROWSER_PAGES`, whose
    answer depends on it."""
    if message["type"] != "http.response.start":
        return
    if scope.get("path_template") in BROWSER_PAGES:
        headers = MutableScopeHeaders.from_message(message)
        varies = [each.strip().lower() for each in headers.get("vary", "").split(",")]
        if "accept" not in varies:
            headers["Vary"] = ", ".join(filter(None, (headers.get("vary"), "Accept")))


@get(PAGES, include_in_schema=False, cache_control=REVALIDATE, sync_to_thread=False)
def page() -> Response[bytes]:
    """The client's page; the client reads the address and draws what it names."""
    return Response((SITE / "index.html").read_bytes(), media_type=MediaType.HTML)


def missing(request: Request[Any, Any, Any], error: HTTPException) -> Response[Any]:
    """An address nobody answers: the client's own page for a browser asking for a page
    where the API has nothing, else the problem+json every client gets."""
    first = request.url.path.split("/")[1]
    api_roots = {route.path.split("/")[1] for route in request.app.routes} - CLIENT_ROOTS
    wants_page = "text/html" in request.headers.get("accept", "")
    if not wants_page or first in api_roots:
        return http_error(request, error)
    page = (SITE / "index.html").read_bytes()
    return Response(page, status_code=404, media_type=MediaType.HTML)


def web_client() -> Router:
    """The pages and the bundle, as one router for `create_app`."""
    assets = create_static_files_router(
        path=ASSETS_PATH, directories=[SITE], cache_control=REVALIDATE, include_in_schema=False
    )
    return Router(path="/", route_handlers=[page, assets], include_in_schema=False)

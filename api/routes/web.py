"""The web client, served by the service itself: every page's address answers the one
`index.html` (the client routes in the browser), and its bundle is under `/assets/`.

The pages' addresses never collide with the API's: `/` (the lobby), `/play/{id}` (a table,
seated or watching), `/replay/{id}`, `/boards/{kind}` (a scoreboard) and `/people/{name}`.
The bundle is built from `web/` by `make client` and committed in `api/site/`, so serving it
needs no node. None of this is in the OpenAPI document.
"""

from pathlib import Path

from litestar import MediaType, Response, Router, get
from litestar.datastructures import CacheControlHeader
from litestar.static_files import create_static_files_router

SITE = Path(__file__).parents[1] / "site"
ASSETS_PATH = "/assets"
PAGES = [
    "/",
    "/play/{game_id:str}",
    "/replay/{game_id:str}",
    "/boards/{kind:str}",
    "/people/{name:str}",
]
REVALIDATE = CacheControlHeader(no_cache=True)
"""The bundle's file names never change, so a browser asks again (cheaply, by its ETag)."""


@get(PAGES, include_in_schema=False, cache_control=REVALIDATE, sync_to_thread=False)
def page() -> Response[bytes]:
    """The client's page; the client reads the address and draws what it names."""
    return Response((SITE / "index.html").read_bytes(), media_type=MediaType.HTML)


def web_client() -> Router:
    """The pages and the bundle, as one router for `create_app`."""
    assets = create_static_files_router(
        path=ASSETS_PATH, directories=[SITE], cache_control=REVALIDATE, include_in_schema=False
    )
    return Router(path="/", route_handlers=[page, assets], include_in_schema=False)

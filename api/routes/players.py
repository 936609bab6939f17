"""Players: register a handle and get its token (shown once); sign in with the token; the
tables a player sits at."""

from typing import Annotated, Any
from urllib.parse import quote

from litestar import Request, Response, get, post
from litestar.datastructures import State
from litestar.params import KwargDefinition

from api.http.auth import HandlerDependency, calling_player, required_player
from api.http.bodies import PlayerCreated, PlayerSignedIn, decode_body
from api.http.params import Limit, Offset, Page
from api.http.rate_limits import RATE_LIMIT
from domain.errors import DomainError
from domain.players import RegisterPlayer
from infra import player_news
from projections.player_news import PlayerTable


@post("/players", tags=["players"], opt={RATE_LIMIT: "players"})
async def register_player(
    request: Request[Any, Any, Any], handler: HandlerDependency
) -> Response[PlayerCreated]:
    """Register a player under a unique handle; the player token is shown only this once.
    Seats taken with it (`Authorization: Bearer <player token>`) count for the player in
    the scoreboards and ratings."""
    command = decode_body(await request.body(), RegisterPlayer)
    handle, token = await handler.register_player(command)
    location = f"/players/{quote(handle, safe='')}"
    return Response(PlayerCreated(handle, token), status_code=201, headers={"Location": location})


PlayerTablePage = Annotated[
    Page[PlayerTable], KwargDefinition(schema_component_key="PlayerTablePage")
]


@get("/players/me/games", tags=["players"])
async def my_games(
    request: Request[Any, Any, Any],
    state: State,
    handler: HandlerDependency,
    limit: Limit = 50,
    offset: Offset = 0,
) -> PlayerTablePage:
    """The tables the caller (Bearer player token) sits at and whose game has not finished,
    those where it is their turn first: each with the seats to act and the version, what a
    client needs after a reconnect. A read model: it trails the log by the projection lag."""
    handle = await required_player(handler, request)
    return Page(*await player_news.player_tables(state.pool, handle, limit, offset))


@get("/player", tags=["players"])
async def signed_in_player(
    request: Request[Any, Any, Any], handler: HandlerDependency
) -> PlayerSignedIn:
    """The player whose token the request carries (`Authorization: Bearer <player token>`):
    how a client signs in with a token kept from another browser."""
    handle = await calling_player(handler, request)
    if handle is None:
        raise DomainError("missing_token", "send `Authorization: Bearer <player token>`")
    return PlayerSignedIn(handle)


PLAYER_ROUTES = [register_player, signed_in_player, my_games]

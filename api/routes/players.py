"""Players: register a handle and get its token (shown once); sign in with the token."""

from typing import Any
from urllib.parse import quote

from litestar import Request, Response, get, post

from api.http.auth import HandlerDependency, calling_player
from api.http.bodies import PlayerCreated, PlayerSignedIn, decode_body
from api.http.rate_limits import RATE_LIMIT
from domain.errors import DomainError
from domain.players import RegisterPlayer


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


PLAYER_ROUTES = [register_player, signed_in_player]

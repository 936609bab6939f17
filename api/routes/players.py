"""Players: register a handle and get its token (shown once)."""

from typing import Any
from urllib.parse import quote

from litestar import Request, Response, post

from api.http.auth import HandlerDependency
from api.http.bodies import PlayerCreated, decode_body
from api.http.rate_limits import RATE_LIMIT
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


PLAYER_ROUTES = [register_player]

"""Players: register a handle and get its token (shown once)."""

from urllib.parse import quote

from litestar import Response, post
from litestar.di import NamedDependency

from api.http.auth import HandlerDependency
from api.http.bodies import PlayerCreated, payload_of
from api.http.described import BODY, CONTRACT, Described
from api.http.rate_limits import RATE_LIMIT
from domain.players import RegisterPlayer


@post(
    "/players",
    tags=["players"],
    opt={
        RATE_LIMIT: "players",
        CONTRACT: Described(
            (*BODY, "invalid_handle", "handle_taken"),
            body="RegisterPlayer",
            body_note="The handle to register.",
            answers={"registered": {"value": {"handle": "ada", "token": "p9Fz2kQw7LmX0rTb4sHd"}}},
            asks={"player": {"value": {"handle": "ada"}}},
        ),
    },
    dependencies=payload_of(RegisterPlayer),
)
async def register_player(
    payload: NamedDependency[RegisterPlayer], handler: HandlerDependency
) -> Response[PlayerCreated]:
    """Register a player under a unique handle; the player token is shown only this once.
    Seats taken with it (`Authorization: Bearer <player token>`) count for the player in
    the scoreboards and ratings.

    Handles have 1 to 40 printable characters, no `/`, and do not start with `bot:` (the
    bots' handles: `bot:random`, `bot:heuristic`). A handle is taken whatever its case or
    compatibility form (NFKC): after `Ada`, `ada` is taken too."""
    handle, token = await handler.register_player(payload)
    location = f"/players/{quote(handle, safe='')}"
    return Response(PlayerCreated(handle, token), status_code=201, headers={"Location": location})


PLAYER_ROUTES = [register_player]

"""Quick play: a seat at an open table of a kind, found or opened for the caller."""

from typing import Any

from litestar import Request, Response, post
from litestar.datastructures import State

from api.http.auth import HandlerDependency, calling_player
from api.http.bodies import QuickPlayRequest, decode_body
from api.http.rate_limits import RATE_LIMIT
from domain import table
from infra.quickplay import QuickPlay, QuickSeat


@post("/quickplay", tags=["players"], opt={RATE_LIMIT: "seats"})
async def quick_play(
    request: Request[Any, Any, Any], state: State, handler: HandlerDependency
) -> Response[QuickSeat]:
    """Take a seat at the oldest open quick-play table of a kind (of `seats` seats, when
    given), or at a table opened for the caller; the seat that fills a table starts its
    game. With `bots_after`, bots take the seats still free after that many seconds, and
    the game starts. The seat token is shown only once."""
    data = decode_body(await request.body(), QuickPlayRequest)
    player = await calling_player(handler, request)
    command = table.TakeSeat(data.name or player or "", data.entropy, player=player)
    quickplay: QuickPlay = state.quickplay
    placed = await quickplay.seat(data.kind, data.seats, command, data.bots_after)
    return Response(placed, status_code=201, headers={"Location": f"/games/{placed.game_id}"})

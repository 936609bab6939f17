"""Quick play: a seat at an open table of a kind, found or opened for the caller."""

from litestar import Response, post
from litestar.di import NamedDependency

from api.http.auth import PLAYER, PLAYER_TOKEN_OR_NONE, CallingPlayer
from api.http.bodies import QuickPlayRequest, payload_of
from api.http.core import QuickPlayDependency
from api.http.described import BODY, CONTRACT, SEATED, Described
from api.http.errors import HttpRefusal
from api.http.rate_limits import RATE_LIMIT
from domain import table
from infra.store.quickplay import BOT, QuickSeat

QUICK_PLAY = Described(
    (
        *BODY,
        "unknown_kind",
        "unknown_bot",
        "invalid_seats",
        "invalid_name",
        "invalid_entropy",
        "wrong_token",
        "already_waiting",
        "busy",
    ),
    body="QuickPlayRequest",
    answers=SEATED,
    asks={
        "player": {"summary": "with a player token", "value": {"kind": "mad", "seats": 4}},
        "casual": {"summary": "a casual seat", "value": {"kind": "gnono", "name": "ada"}},
        "bots": {
            "summary": "search bots if nobody comes in 15 seconds",
            "value": {"kind": "ecliptic", "bots_after": 15, "bot": "search"},
        },
    },
)


@post(
    "/quickplay",
    tags=["players"],
    opt={RATE_LIMIT: "seats", CONTRACT: QUICK_PLAY},
    security=PLAYER_TOKEN_OR_NONE,
    dependencies={**payload_of(QuickPlayRequest), **PLAYER},
    operation_id="quickPlay",
)
async def quick_play(
    payload: NamedDependency[QuickPlayRequest],
    player: CallingPlayer,
    quickplay: QuickPlayDependency,
) -> Response[QuickSeat]:
    """Take a seat at the oldest open quick-play table of a kind (of `seats` seats, when
    given), or at a table opened for the caller; the seat that fills a table starts its
    game. With `bots_after`, bots (`random`, or those `bot` names) take the seats still
    free after that many seconds, and the game starts. The seat token is shown only once.

    Without a player token the seat is a casual one and needs a `name`. Quick play fills
    only the tables it opened and the rematches of the kind's default options and no clock:
    a table opened with `POST /games` is never chosen. A player already waiting at an open
    table of the kind is refused (`already_waiting`, naming it) rather than given another."""
    command = table.TakeSeat(payload.name or player or "", payload.entropy, player=player)
    if payload.bot is not None and payload.bots_after is None:
        raise HttpRefusal("invalid_body", "`bot` names the bots that come after `bots_after`")
    placed = await quickplay.seat(
        payload.kind, payload.seats, command, payload.bots_after, payload.bot or BOT
    )
    return Response(placed, status_code=201, headers={"Location": f"/games/{placed.game_id}"})

"""Rematch: a seat of a finished table opens (or joins) the table its seats play again at."""

import uuid

import msgspec
from litestar import Response, post

from api.http.auth import SEAT, SEAT_TOKEN, ActingSeat
from api.http.core import HandlerDependency, QuickPlayDependency
from api.http.described import CONTRACT, SEATED, VIEWER, Described
from api.http.params import GameId
from api.http.rate_limits import RATE_LIMIT
from commands.core.envelope import Envelope
from commands.core.handler import CommandHandler
from commands.core.loaded import LoadedGame
from domain import table
from domain.errors import DomainError
from infra.store.quickplay import QuickSeat, table_options

REMATCH = Described(
    ("missing_token", *VIEWER, "game_not_over", "table_full", "already_seated", "busy"),
    answers=SEATED,
)


@post(
    "/games/{game_id:str}/rematch",
    tags=["games"],
    opt={RATE_LIMIT: "games", CONTRACT: REMATCH},
    security=SEAT_TOKEN,
    dependencies=SEAT,
    operation_id="openRematch",
)
async def rematch(
    game_id: GameId, seat: ActingSeat, handler: HandlerDependency, quickplay: QuickPlayDependency
) -> Response[QuickSeat]:
    """As a seat of a finished game (Bearer token), open a new table of the same kind, options
    and seat count and take a seat there as the same player (or name). The old game records
    `table.rematch_opened` with the new table's id, so its other seats see it in their view
    (`rematch`) and events, and join with `POST /games/{id}/seats` or quick play; the new
    table names the old one (`rematch_of` in its view and `table.created`). Asking again
    answers the same table; the same seat asking again gets its seat without its token."""
    game = await _with_rematch(handler, game_id, seat)
    assert game.table.rematch is not None
    kind, new_id = game.rules.kind, game.table.rematch
    clock = game.table.clock.options if game.table.clock else None
    options = table_options(game.table.options, clock)
    seats = len(game.table.seats)
    same_size = msgspec.structs.replace(game.table.setup, seats=seats, start_when_full=False)
    created = table.with_setup(options, same_size)
    await handler.create(kind, created, f"rematch of {game_id}", new_id, rematch_of=game_id)
    old = game.table.seats[seat]
    command = table.TakeSeat(old.name, bot=old.bot, player=old.player)
    placed = await quickplay.seat_at(
        new_id, kind, seats, options, command, f"rematch by seat {seat}"
    )
    return Response(placed, status_code=201, headers={"Location": f"/games/{new_id}"})


async def _with_rematch(handler: CommandHandler, game_id: str, seat: int) -> LoadedGame:
    """The finished game, its rematch opened (by this request, or by an earlier one)."""
    game = await handler.games.latest(game_id)
    if game.table.rematch is None:
        try:
            await handler.execute(Envelope(game_id, seat, table.OpenRematch(str(uuid.uuid4()))))
        except DomainError as error:
            if error.code != "rematch_opened":  # another seat opened it meanwhile
                raise
        game = await handler.games.latest(game_id)
    return game

"""Tokens: `Authorization: Bearer <token>` names the seat (or the player) a request acts for.

A route that acts for a seat or a player takes it as a dependency (`ActingSeat`,
`CallingPlayer`, `SignedInPlayer`), named in its `dependencies` (`SEAT`, `PLAYER`,
`SIGNED_IN`)."""

from typing import Any

from litestar import Request
from litestar.di import NamedDependency, Provide
from litestar.openapi.spec import Reference, SecurityRequirement, SecurityScheme

from api.http.core import HandlerDependency
from api.http.errors import HttpRefusal
from api.http.params import GameId
from commands.core.handler import CommandHandler
from commands.core.loaded import LoadedGame
from domain.decider import SPECTATOR
from domain.errors import DomainError

_SCHEME = "bearer "
SEAT_SCHEME, PLAYER_SCHEME, TICKET_SCHEME = "SeatToken", "PlayerToken", "StreamTicket"
SECURITY_SCHEMES: dict[str, SecurityScheme | Reference] = {
    SEAT_SCHEME: SecurityScheme(
        type="http",
        scheme="bearer",
        description="The seat token `POST /games/{game_id}/seats` answered with.",
    ),
    PLAYER_SCHEME: SecurityScheme(
        type="http",
        scheme="bearer",
        description="The player token `POST /players` answered with.",
    ),
    TICKET_SCHEME: SecurityScheme(
        type="apiKey",
        security_scheme_in="query",
        name="ticket",
        description="A short-lived stream ticket `POST /games/{game_id}/tickets` answered "
        "with, for clients that cannot send headers (`EventSource`).",
    ),
}
"""The credentials as the published document names them. A route says which it takes in its
`security`, `{}` among them where it may go without."""
SEAT_TOKEN: list[SecurityRequirement] = [{SEAT_SCHEME: []}]
SEAT_TOKEN_OR_NONE: list[SecurityRequirement] = [*SEAT_TOKEN, {}]
PLAYER_TOKEN: list[SecurityRequirement] = [{PLAYER_SCHEME: []}]
PLAYER_TOKEN_OR_NONE: list[SecurityRequirement] = [*PLAYER_TOKEN, {}]
PLAYER_OR_SEAT_TOKEN_OR_NONE: list[SecurityRequirement] = [*PLAYER_TOKEN, *SEAT_TOKEN, {}]
"""A seat taken as a player, as a bot seated by the host's seat token, or as a free name."""


def bearer_token(request: Request[Any, Any, Any]) -> str | None:
    return token_in(request.headers.get("authorization"))


def token_in(header: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header, None without the header."""
    if header is None:
        return None
    if not header.lower().startswith(_SCHEME):
        raise HttpRefusal("wrong_token", "use the header `Authorization: Bearer <seat token>`")
    return header[len(_SCHEME) :].strip()


async def viewer(handler: CommandHandler, game_id: str, token: str | None) -> int:
    """The caller's seat, or SPECTATOR without a token; a token of no seat here is refused."""
    if token is None:
        return SPECTATOR
    seat = await handler.games.seat_for_token(game_id, token)
    if seat is None:
        seat = await _player_seat(handler, game_id, token)
    if seat is None:
        raise HttpRefusal("wrong_token", "this token holds no seat at this game")
    return seat


async def _player_seat(handler: CommandHandler, game_id: str, token: str) -> int | None:
    """The seat a player's token acts for: the seat the player holds at the game, so a
    program plays every game it sits at with its one player token."""
    try:
        handle = await handler.games.player_for_token(token)
    except DomainError:
        return None
    seats = (await handler.games.latest(game_id)).table.seats
    return next((number for number, seat in enumerate(seats) if seat.player == handle), None)


async def game_and_viewer(
    handler: CommandHandler, game_id: str, request: Request[Any, Any, Any]
) -> tuple[LoadedGame, int]:
    """The game (refused first when unknown) and who is asking: a seat, or SPECTATOR."""
    return await game_and_token_viewer(handler, game_id, bearer_token(request))


async def game_and_token_viewer(
    handler: CommandHandler, game_id: str, token: str | None
) -> tuple[LoadedGame, int]:
    """`game_and_viewer` for the token a request carries."""
    game = await handler.games.latest(game_id)
    return game, await viewer(handler, game_id, token)


async def calling_player(handler: CommandHandler, request: Request[Any, Any, Any]) -> str | None:
    """The handle of the player whose token the request carries (`Authorization: Bearer
    <player token>`), if it carries one; a token of no player is refused."""
    token = bearer_token(request)
    return None if token is None else await handler.games.player_for_token(token)


async def required_player(handler: CommandHandler, request: Request[Any, Any, Any]) -> str:
    """The handle of the calling player (`Authorization: Bearer <player token>`): refused
    without a token (`missing_token`) and with a token of no player (`wrong_token`)."""
    token = bearer_token(request)
    if token is None:
        raise HttpRefusal("missing_token", "send `Authorization: Bearer <player token>`")
    return await handler.games.player_for_token(token)


async def acting_seat(handler: CommandHandler, game_id: str, token: str | None) -> int:
    """The seat a command acts for: an unknown game is refused first, then a missing token
    (commands need one)."""
    await handler.games.rules_of(game_id)
    if token is None:
        raise HttpRefusal("missing_token", "commands need `Authorization: Bearer <seat token>`")
    return await viewer(handler, game_id, token)


async def _acting_seat(
    request: Request[Any, Any, Any], handler: HandlerDependency, game_id: GameId
) -> int:
    return await acting_seat(handler, game_id, bearer_token(request))


async def _calling_player(
    request: Request[Any, Any, Any], handler: HandlerDependency
) -> str | None:
    return await calling_player(handler, request)


async def _required_player(request: Request[Any, Any, Any], handler: HandlerDependency) -> str:
    return await required_player(handler, request)


ActingSeat = NamedDependency[int]
"""The seat a request acts for (a route's `seat`), from its seat token: the game is known
and the token holds a seat there."""
CallingPlayer = NamedDependency[str | None]
"""The handle of the player whose token the request carries (a route's `player`), if any."""
SEAT = {"seat": Provide(_acting_seat)}
PLAYER = {"player": Provide(_calling_player)}
SignedInPlayer = NamedDependency[str]
"""The handle of the player whose token the request must carry (a route's `player`)."""
SIGNED_IN = {"player": Provide(_required_player)}

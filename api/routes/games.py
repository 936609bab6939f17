"""The game resources: catalogue, tables, seats, commands, views and events."""

from typing import Any

import msgspec
from litestar import Controller, Request, Response, get, post

from api.http.auth import (
    HandlerDependency,
    acting_seat,
    bearer_token,
    calling_player,
    game_and_viewer,
)
from api.http.bodies import (
    CommandAccepted,
    CreateGame,
    GameCreated,
    KindInfo,
    SeatGranted,
    TakeSeatRequest,
    decode_body,
    kind_info,
)
from api.http.errors import HttpRefusal
from api.http.pages import DEFAULT_LIMIT, After, Limit, conditional, page
from api.http.params import GameId, IdempotencyKey
from api.http.rate_limits import RATE_LIMIT
from commands import codec
from commands.envelope import Envelope
from commands.handler import CommandHandler
from commands.redaction import VersionedEvent, redacted, rows_after, shown
from commands.registry import GAMES
from commands.strategies import strategy
from domain import table

AnyRequest = Request[Any, Any, Any]


class GamesController(Controller):
    path = "/games"
    tags = ["games"]  # noqa: RUF012 (Litestar reads it as a class attribute)

    @get("/kinds")
    async def kinds(self) -> list[KindInfo]:
        """The game kinds hosted here, their seat ranges, option defaults and the JSON Schema
        of their options (ranges and choices)."""
        return [kind_info(rules) for rules in GAMES.values()]

    @post("/", opt={RATE_LIMIT: "games"})
    async def create(
        self,
        request: AnyRequest,
        handler: HandlerDependency,
        idempotency_key: IdempotencyKey = None,
    ) -> Response[GameCreated]:
        """Open a table of a kind with options; unknown options are refused."""
        data = decode_body(await request.body(), CreateGame)
        options = msgspec.to_builtins(data.options)
        applied = await handler.create(data.kind, options, idempotency_key)
        return Response(
            GameCreated(applied.game_id, data.kind, applied.last_version),
            status_code=200 if applied.replayed else 201,
            headers={"Location": f"/games/{applied.game_id}"},
        )

    @post("/{game_id:str}/seats", opt={RATE_LIMIT: "seats"})
    async def take_seat(
        self,
        request: AnyRequest,
        game_id: GameId,
        handler: HandlerDependency,
        idempotency_key: IdempotencyKey = None,
    ) -> Response[SeatGranted]:
        """Take the next free seat, for a person or a bot; the token is shown only once."""
        data = decode_body(await request.body(), TakeSeatRequest)
        player = await calling_player(handler, request)
        command = await seat_command(handler, game_id, data, player)
        applied, seat, token = await handler.take_seat(game_id, command, idempotency_key)
        return Response(
            SeatGranted(seat, token, applied.last_version),
            status_code=200 if applied.replayed else 201,
            headers={"Location": f"/games/{game_id}"},
        )

    @post("/{game_id:str}/commands", status_code=200, opt={RATE_LIMIT: "commands"})
    async def command(
        self,
        request: AnyRequest,
        game_id: GameId,
        handler: HandlerDependency,
        idempotency_key: IdempotencyKey = None,
    ) -> CommandAccepted:
        """Send one of the caller's `legal_moves`, as a seat (Bearer token)."""
        rules = await handler.games.rules_of(game_id)
        seat = await acting_seat(handler, game_id, bearer_token(request))
        command = _decode_command(rules.kind, await request.body())
        applied = await handler.execute(Envelope(game_id, seat, command, idempotency_key))
        versions = range(applied.first_version, applied.last_version + 1)
        after = applied.game or await handler.games.held(game_id)  # as live streams show it
        events = redacted(after, zip(versions, applied.events, strict=True), seat)
        return CommandAccepted(applied.last_version, events)

    @get("/{game_id:str}")
    async def view(
        self, request: AnyRequest, game_id: GameId, handler: HandlerDependency
    ) -> Response[table.TableView]:
        """The caller's view: a seat's own hand and legal moves, or the spectator's table."""
        game, seat = await game_and_viewer(handler, game_id, request)
        return conditional(request, f"{game.table.version}.{seat}", game.view(seat))

    @get("/{game_id:str}/events")
    async def events(
        self,
        request: AnyRequest,
        game_id: GameId,
        handler: HandlerDependency,
        after: After = 0,
        limit: Limit = DEFAULT_LIMIT,
    ) -> Response[list[VersionedEvent]]:
        """The events after a version, each as the caller may see it, a page at a time."""
        game, seat = await game_and_viewer(handler, game_id, request)
        rows, headers = page(
            request, await rows_after(handler.games, game, after, limit + 1), limit
        )
        return Response(shown(game, rows, seat), headers=headers)


async def seat_command(
    handler: CommandHandler, game_id: str, data: TakeSeatRequest, player: str | None
) -> table.TakeSeat:
    """The seat a request asks for: a bot's (its strategy checked), a player's (named after
    the player unless a name is given) or a casual one (a free name)."""
    if data.bot is not None:
        strategy((await handler.games.latest(game_id)).rules.kind, data.bot)
        return table.TakeSeat(data.name or f"{data.bot} bot", data.entropy, data.bot)
    return table.TakeSeat(data.name or player or "", data.entropy, player=player)


def _decode_command(kind: str, body: bytes) -> Any:
    try:
        return codec.command_decoder(kind).decode(body)
    except msgspec.ValidationError as error:
        known = ", ".join(codec.command_types(kind))
        raise HttpRefusal(
            "invalid_command", f"not a command of {kind}: {error}; the commands: {known}"
        ) from None
    except msgspec.DecodeError:
        raise HttpRefusal("malformed_json", "the body is not valid JSON") from None

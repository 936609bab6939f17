"""The game resources: catalogue, tables, seats, commands, views and events."""

from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.di import NamedDependency
from litestar.params import QueryParameter

from api.http.auth import (
    PLAYER_OR_SEAT_TOKEN_OR_NONE,
    SEAT,
    SEAT_TOKEN,
    SEAT_TOKEN_OR_NONE,
    ActingSeat,
    bearer_token,
    calling_player,
    game_and_viewer,
    viewer,
)
from api.http.bodies import (
    CommandAccepted,
    CreateGame,
    GameCreated,
    KindInfo,
    SeatGranted,
    TakeSeatRequest,
    kind_info,
    payload_of,
    whole_body,
)
from api.http.core import HandlerDependency
from api.http.described import (
    BODY,
    CONTRACT,
    EXAMPLE_ID,
    GAME,
    KEYED,
    QUERY,
    VIEWER,
    Described,
    json_value,
    playing_codes,
)
from api.http.examples import EVENTS, VIEWS, per_kind
from api.http.pages import DEFAULT_LIMIT, After, Limit, conditional, page
from api.http.params import GameId, IdempotencyKey
from api.http.rate_limits import RATE_LIMIT
from api.routes import moves
from commands.core.handler import CommandHandler
from commands.core.redaction import VersionedEvent, rows_after, shown
from commands.log.registry import GAMES
from commands.workers.strategies import strategy
from domain import table

AnyRequest = Request[Any, Any, Any]
KINDS = {"kinds": {"value": json_value([kind_info(rules) for rules in GAMES.values()])}}
CREATE = Described(
    (*BODY, "unknown_kind", "invalid_options", "conflict", *KEYED, "busy"),
    body="CreateGame",
    answers={"created": {"value": {"id": EXAMPLE_ID, "kind": next(iter(GAMES)), "version": 1}}},
    asks=per_kind(lambda example: {"kind": example.kind, "options": example.options}),
)
TAKE_SEAT = Described(
    (
        *BODY,
        *GAME,
        "invalid_name",
        "invalid_entropy",
        "unknown_bot",
        "think_out_of_bounds",
        "think_without_search",
        "think_without_bot",
        "table_not_open",
        "table_full",
        "wrong_token",
        "not_host",
        "already_seated",
        *KEYED,
        "busy",
    ),
    body="TakeSeatRequest",
    answers={"seated": {"value": {"seat": 0, "token": "q7Xn3vRk0cYt2LmA9sWd", "version": 2}}},
    asks={
        "person": {"value": {"name": "ada", "entropy": "my lucky dice"}},
        "player": {"summary": "with a player token", "value": {"entropy": "my lucky dice"}},
        "bot": {
            "summary": "a bot, seated by the host with its seat token",
            "value": {"bot": "heuristic"},
        },
    },
)
COMMAND = Described(
    (
        *(code for code in BODY if code != "invalid_body"),  # a command's junk: invalid_command
        "invalid_command",
        "missing_token",
        *VIEWER,
        *playing_codes(),
        "not_a_sandbox",
        "not_every_seat",
        "wrong_seats",
        "sandbox_expired",
        *KEYED,
        "busy",
    ),
    body="AnyCommand",
    body_note="One of the caller's `legal_moves`.",
    answers=per_kind(lambda example: {"version": example.version, "events": example.events}),
    asks=per_kind(lambda example: example.command),
)


class GamesController(Controller):
    path = "/games"
    tags = ["games"]  # noqa: RUF012 (Litestar reads it as a class attribute)

    @get(
        "/kinds", opt={CONTRACT: Described(storeless=True, answers=KINDS)}, operation_id="listKinds"
    )
    async def kinds(self) -> list[KindInfo]:
        """The game kinds hosted here, their seat ranges, option defaults and the JSON Schema
        of their options (ranges and choices)."""
        return [kind_info(rules) for rules in GAMES.values()]

    @post(
        "/",
        opt={RATE_LIMIT: "games", CONTRACT: CREATE},
        dependencies=payload_of(CreateGame),
        operation_id="createGame",
    )
    async def create(
        self,
        payload: NamedDependency[CreateGame],
        handler: HandlerDependency,
        idempotency_key: IdempotencyKey = None,
    ) -> Response[GameCreated]:
        """Open a table of a kind with options; unknown options are refused.

        Options left out take the defaults `/games/kinds` lists."""
        options = msgspec.to_builtins(payload.options)
        applied = await handler.create(payload.kind, options, idempotency_key)
        return Response(
            GameCreated(applied.game_id, payload.kind, applied.last_version),
            status_code=200 if applied.replayed else 201,
            headers={"Location": f"/games/{applied.game_id}"},
        )

    @post(
        "/{game_id:str}/seats",
        opt={RATE_LIMIT: "seats", CONTRACT: TAKE_SEAT},
        security=PLAYER_OR_SEAT_TOKEN_OR_NONE,
        dependencies=payload_of(TakeSeatRequest),
        operation_id="takeSeat",
    )
    async def take_seat(
        self,
        game_id: GameId,
        payload: NamedDependency[TakeSeatRequest],
        request: AnyRequest,
        handler: HandlerDependency,
        idempotency_key: IdempotencyKey = None,
    ) -> Response[SeatGranted]:
        """Take the next free seat, for a person or a bot; the token is shown only once.

        Answers 200 with the same seat when an `Idempotency-Key` is reused. With a player's
        token the seat is the player's (named after them unless `name` is given) and counts
        in the scoreboards and ratings; a player holds one seat per table. A seat with a
        free name and no player token counts for nobody. Once someone sits, only the host
        (the first seat, by its seat token) seats bots (`not_host`); a bot without a name
        gets one nobody at the table has. A table that starts when full (`start_when_full`)
        starts with the seat that fills it."""
        command = await seat_command(handler, game_id, payload, request)
        applied, seat, token = await handler.take_seat(game_id, command, idempotency_key)
        return Response(
            SeatGranted(seat, token, applied.last_version),
            status_code=200 if applied.replayed else 201,
            headers={"Location": f"/games/{game_id}"},
        )

    @post(
        "/{game_id:str}/commands",
        status_code=200,
        opt={RATE_LIMIT: "commands", CONTRACT: COMMAND},
        security=SEAT_TOKEN,
        dependencies=SEAT,
        operation_id="postCommand",
    )
    async def command(
        self,
        request: AnyRequest,
        game_id: GameId,
        seat: ActingSeat,
        handler: HandlerDependency,
        idempotency_key: IdempotencyKey = None,
    ) -> CommandAccepted:
        """Send one of the caller's `legal_moves`, as a seat (Bearer token).

        The body is one of the kind's commands (`start_game` included, and `cancel_table`
        for the host before the start); the answer lists the events it caused as this seat
        sees them. A sandbox's token of every seat (`POST /games/{id}/forks`) sends any
        seat's legal move, made for that seat, and `hand_seats` to let bots play seats."""
        body = await whole_body(request)
        return await moves.accepted(handler, game_id, seat, body, idempotency_key)

    @get(
        "/{game_id:str}",
        opt={CONTRACT: Described((*QUERY, *VIEWER), answers=VIEWS)},
        security=SEAT_TOKEN_OR_NONE,
        operation_id="getGame",
    )
    async def view(
        self,
        request: AnyRequest,
        game_id: GameId,
        handler: HandlerDependency,
        seat: Annotated[
            int | None,
            QueryParameter(ge=0, le=63, description="at a sandbox: the seat to see it as"),
        ] = None,
    ) -> Response[table.TableView]:
        """The caller's view: a seat's own hand and legal moves, or the spectator's table.

        A sandbox's token of every seat sees it as the seat to move (`you`), or as `seat`,
        with `every_seat` true."""
        key, shown = await moves.seat_view(handler, game_id, bearer_token(request), seat)
        return conditional(request, key, shown)

    @get(
        "/{game_id:str}/events",
        opt={CONTRACT: Described((*QUERY, *VIEWER), answers=EVENTS)},
        security=SEAT_TOKEN_OR_NONE,
        operation_id="listEvents",
    )
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
    handler: CommandHandler, game_id: str, data: TakeSeatRequest, request: AnyRequest
) -> table.TakeSeat:
    """The seat a request asks for: a bot's (its strategy checked; the seat token sent, if
    any, says who asks), a player's (named after the player unless a name is given) or a
    casual one (a free name)."""
    if data.bot is not None:
        strategy((await handler.games.latest(game_id)).rules.kind, data.bot, data.think)
        by = await viewer(handler, game_id, bearer_token(request))
        by_seat = None if by < 0 else by
        return table.TakeSeat(data.name, data.entropy, data.bot, by=by_seat, think=data.think)
    player = await calling_player(handler, request)
    return table.TakeSeat(data.name or player or "", data.entropy, player=player, think=data.think)

"""The game resources: catalogue, tables, seats, commands, views and events."""

from collections.abc import Sequence
from typing import Annotated, Any, TypeVar

import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.params import HeaderParameter

from api.auth import (
    HandlerDependency,
    acting_seat,
    bearer_token,
    calling_player,
    game_and_viewer,
)
from api.pages import DEFAULT_LIMIT, After, Limit, conditional, page
from api.params import GameId
from api.rate_limits import RATE_LIMIT
from commands import codec
from commands.envelope import Envelope
from commands.handler import CommandHandler, LoadedGame
from commands.registry import GAMES
from commands.store import StoredEvent
from commands.strategies import strategy
from domain import clocks, table
from domain.decider import REFEREE, AnyRules
from domain.errors import DomainError

MAX_KEY = 200
IdempotencyKey = Annotated[
    str | None,
    HeaderParameter(
        name="Idempotency-Key",
        required=False,
        max_length=MAX_KEY,
        description=f"retry-safe request id (at most {MAX_KEY} characters)",
    ),
]
AnyRequest = Request[Any, Any, Any]
BodyT = TypeVar("BodyT", bound=msgspec.Struct)


class KindInfo(msgspec.Struct, frozen=True):
    """`clock_schema` is the JSON Schema of the `clock` option, null for a kind without turns
    (which takes no clock)."""

    kind: str
    title: str
    min_seats: int
    max_seats: int
    options: dict[str, Any]
    options_schema: dict[str, Any]
    clock_schema: dict[str, Any] | None


def options_schema(options: type[msgspec.Struct]) -> dict[str, Any]:
    """The JSON Schema of a kind's options (each field's default, range or choices), so a
    form can be built from it."""
    schema: dict[str, Any] = msgspec.json.schema(options)["$defs"][options.__name__]
    return schema


def kind_info(rules: AnyRules) -> KindInfo:
    """What a client needs to know to open a table of the kind `rules` plays."""
    return KindInfo(
        rules.kind,
        rules.title,
        rules.min_seats,
        rules.max_seats,
        msgspec.to_builtins(rules.Options()),
        options_schema(rules.Options),
        None if rules.real_time else options_schema(clocks.ClockOptions),
    )


OptionScalar = str | int | float | bool | None
OptionValue = OptionScalar | list[OptionScalar] | clocks.ClockOptions
"""Options are a flat object: each value a scalar or a list of scalars (each kind's
`Options` then checks its fields and their ranges), but for the table's `clock`."""


class CreateGame(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: str
    options: dict[str, OptionValue] = {}


class GameCreated(msgspec.Struct, frozen=True):
    id: str
    kind: str
    version: int


class TakeSeatRequest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A person's seat has a `name`; a bot's names its strategy in `bot` (the name may go)."""

    name: str = ""
    entropy: str = ""
    bot: str | None = None


class SeatGranted(msgspec.Struct, frozen=True):
    seat: int
    token: str | None
    version: int


class VersionedEvent(msgspec.Struct, frozen=True):
    version: int
    event: Any


class CommandAccepted(msgspec.Struct, frozen=True):
    version: int
    events: list[VersionedEvent]


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
        game = await handler.current(game_id)
        seat = await acting_seat(handler, game_id, bearer_token(request))
        command = _decode_command(game, await request.body())
        applied = await handler.execute(Envelope(game_id, seat, command, idempotency_key))
        versions = range(applied.first_version, applied.last_version + 1)
        events = redacted(game, zip(versions, applied.events, strict=True), seat)
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
        rows, headers = page(request, await _known_rows(handler, game, after, limit + 1), limit)
        return Response(_shown(game, rows, seat), headers=headers)


async def seat_command(
    handler: CommandHandler, game_id: str, data: TakeSeatRequest, player: str | None
) -> table.TakeSeat:
    """The seat a request asks for: a bot's (its strategy checked), a player's (named after
    the player unless a name is given) or a casual one (a free name)."""
    if data.bot is not None:
        strategy((await handler.load(game_id)).rules.kind, data.bot)
        return table.TakeSeat(data.name or f"{data.bot} bot", data.entropy, data.bot)
    return table.TakeSeat(data.name or player or "", data.entropy, player=player)


def decode_body(body: bytes, into: type[BodyT]) -> BodyT:
    """A JSON body decoded straight into its type, so that no nesting is ever built beyond
    what the type holds: junk in `options` is `invalid_options`, other junk `invalid_body`."""
    try:
        return msgspec.json.decode(body, type=into)
    except msgspec.ValidationError as error:
        code = "invalid_options" if "`$.options" in str(error) else "invalid_body"
        raise DomainError(code, str(error)) from None
    except msgspec.DecodeError:
        raise DomainError("malformed_json", "the body is not valid JSON") from None


def _decode_command(game: LoadedGame, body: bytes) -> Any:
    try:
        return codec.command_decoder(game.rules.kind).decode(body)
    except msgspec.ValidationError as error:
        kind = game.rules.kind
        known = ", ".join(codec.command_types(kind))
        raise DomainError(
            "invalid_command", f"not a command of {kind}: {error}; the commands: {known}"
        ) from None
    except msgspec.DecodeError:
        raise DomainError("malformed_json", "the body is not valid JSON") from None


async def events_after(
    handler: CommandHandler, game: LoadedGame, after: int, seat: int
) -> list[VersionedEvent]:
    """The game's events after a version, as `seat` may see them."""
    return _shown(game, await _known_rows(handler, game, after), seat)


async def _known_rows(
    handler: CommandHandler, game: LoadedGame, after: int, limit: int | None = None
) -> list[StoredEvent]:
    """The stored events after a version, up to the version loaded, at most `limit`."""
    rows = await handler.stored_events(game.game_id, after, limit)
    return [row for row in rows if row.version <= game.table.version]


def _shown(game: LoadedGame, rows: Sequence[StoredEvent], seat: int) -> list[VersionedEvent]:
    """Stored events decoded and redacted as `seat` may see them."""
    kind = game.rules.kind
    return redacted(game, ((row.version, codec.decode_event(kind, row)) for row in rows), seat)


def redacted(game: LoadedGame, events: Any, seat: int) -> list[VersionedEvent]:
    """Events as `seat` may see them; once the game is over every card is open to all."""
    viewer = REFEREE if game.table.status == "finished" else seat
    shown = ((version, table.redact(game.rules, event, viewer)) for version, event in events)
    return [VersionedEvent(version, event) for version, event in shown if event is not None]

"""The bodies of HTTP requests and answers, and how a request body is decoded: each body is
a msgspec Struct, decoded straight into its type."""

from typing import Any, TypeVar

import msgspec
from litestar import Request
from litestar.di import Provide

from api.http.errors import HttpCode, HttpRefusal
from commands.redaction import VersionedEvent
from domain import clocks
from domain.decider import AnyRules

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


class CommandAccepted(msgspec.Struct, frozen=True):
    version: int
    events: list[VersionedEvent]


def decode_body(body: bytes, into: type[BodyT]) -> BodyT:
    """A JSON body decoded straight into its type, so that no nesting is ever built beyond
    what the type holds: junk in `options` is `invalid_options`, other junk `invalid_body`."""
    try:
        return msgspec.json.decode(body, type=into)
    except msgspec.ValidationError as error:
        code: HttpCode = "invalid_options" if "`$.options" in str(error) else "invalid_body"
        raise HttpRefusal(code, str(error)) from None
    except msgspec.DecodeError:
        raise HttpRefusal("malformed_json", "the body is not valid JSON") from None


class QuickPlayRequest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A player (by their token) or a casual seat (by `name`) asking for a table of `kind`,
    of `seats` seats when given."""

    kind: str
    seats: int | None = None
    name: str = ""
    entropy: str = ""


class PlayerCreated(msgspec.Struct, frozen=True):
    handle: str
    token: str


def payload_of(into: type[BodyT]) -> dict[str, Provide]:
    """A route's `dependencies` for a `payload` parameter of type `into`: the request's body
    decoded by `decode_body` (Litestar's own `data` would build the whole JSON first, then
    convert it leniently)."""

    async def decoded(request: Request[Any, Any, Any]) -> Any:
        return decode_body(await request.body(), into)

    return {"payload": Provide(decoded)}

"""The bodies of HTTP requests and answers, and how a request body is decoded: each body is
a msgspec Struct, decoded straight into its type."""

import asyncio
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import msgspec
from litestar import Request
from litestar.di import Provide
from litestar.exceptions import InternalServerException

from api.http.errors import HttpRefusal
from api.http.params import MAX_VERSION
from commands.core.redaction import VersionedEvent
from commands.log import codec
from commands.workers.strategies import strategies
from domain import clocks
from domain.challenges import DeclineReason
from domain.decider import AnyRules
from domain.search import Budget

BodyT = TypeVar("BodyT", bound=msgspec.Struct)
T = TypeVar("T")


OPTIONS_SCHEMA = (
    "The JSON Schema of the kind's options: each property's default, range (`minimum`, "
    "`maximum`, `minItems`, `maxItems`) or choices (`enum`)."
)


class KindInfo(msgspec.Struct, frozen=True):
    """`clock_schema` is the JSON Schema of the `clock` option, null for a kind without turns
    (which takes no clock); `blurb` says the game in one line and `minutes` how long a game
    with the default options typically lasts (from, to)."""

    kind: str
    title: str
    min_seats: int
    max_seats: int
    options: dict[str, Any]
    options_schema: Annotated[
        dict[str, Any],
        msgspec.Meta(description=OPTIONS_SCHEMA, extra_json_schema={"additionalProperties": True}),
    ]
    clock_schema: dict[str, Any] | None
    blurb: str = ""
    minutes: tuple[int, int] = (0, 0)

    bots: list[str] = []
    """The bots a seat may be taken by (`{"bot": ...}`)."""


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
        rules.blurb,
        rules.minutes,
        sorted(strategies(rules.kind)),
    )


SAFE_INTEGER = 2**53 - 1
"""The largest integer every JSON reader holds exactly, and RFC 8785 (the canonical JSON of
the hash chain and of a request's fingerprint) writes."""
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
    """A person's seat has a `name`; a bot's names its strategy in `bot` (the name may go),
    and the `search` bot may be given its budget a move in `think`."""

    name: str = ""
    entropy: str = ""
    bot: str | None = None
    think: Budget | None = None


class ForkRequest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The version of the finished game to fork at: one between two commands, in play."""

    at: Annotated[int, msgspec.Meta(ge=1, le=MAX_VERSION)]


class SandboxOpened(msgspec.Struct, frozen=True):
    """The sandbox `id`, forked at version `at` of game `source`, at its `version`; `token`
    acts for every seat of it (shown once: null when the request was a retry)."""

    id: str
    kind: str
    version: int
    token: str | None
    source: str
    at: int


class SeatGranted(msgspec.Struct, frozen=True):
    seat: int
    token: str | None
    version: int


class CommandAccepted(msgspec.Struct, frozen=True):
    version: int
    events: list[VersionedEvent]


Refuse = Callable[[str, bool], HttpRefusal]
"""A body's refusal from what is wrong with it and whether that is in its `options`."""


def decode_body(body: bytes, into: type[BodyT]) -> BodyT:
    """A JSON body decoded straight into its type, so that no nesting is ever built beyond
    what the type holds: junk in `options` is `invalid_options`, other junk `invalid_body`."""
    return decoded(body, lambda text: msgspec.json.decode(text, type=into), _junk)


def decoded(body: bytes, decode: Callable[[bytes], T], refuse: Refuse) -> T:
    """A JSON body decoded by `decode` (which may raise msgspec's errors), refused by
    `refuse` when it is no value of its type or holds an integer beyond `SAFE_INTEGER`
    (which no JSON reader holds exactly), and as `malformed_json` when it is no JSON in
    UTF-8: every body of every route is read here."""
    try:
        value = decode(body)
    except msgspec.ValidationError as error:
        raise refuse(str(error), "`$.options" in str(error)) from None
    except (msgspec.DecodeError, UnicodeDecodeError):
        raise HttpRefusal("malformed_json", "the body is not valid JSON in UTF-8") from None
    if codec.long_number(body) and (where := _inexact(msgspec.json.decode(body))):
        field = ".".join(map(str, where))
        raise refuse(f"{field}: integers are within ±{SAFE_INTEGER}", where[0] == "options")
    return value


def _junk(message: str, in_options: bool) -> HttpRefusal:
    return HttpRefusal("invalid_options" if in_options else "invalid_body", message)


def _inexact(value: Any) -> tuple[str | int, ...]:
    """The path to the first integer of a decoded JSON value beyond `SAFE_INTEGER` (an
    integer past it has no other path than its own: `()` means there is none)."""
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    for key, each in items:
        if isinstance(each, int) and abs(each) > SAFE_INTEGER:
            return (key,)
        if inner := _inexact(each):
            return (key, *inner)
    return ()


class QuickPlayRequest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A player (by their token) or a casual seat (by `name`) asking for a table of `kind`,
    of `seats` seats when given."""

    kind: str
    seats: int | None = None
    name: str = ""
    entropy: str = ""
    bots_after: Annotated[int, msgspec.Meta(ge=0, le=3600)] | None = None
    """Seconds after which bots take the seats still free (none: wait for players alone)."""
    bot: str | None = None
    """Which bots come after `bots_after` (`GET /games/kinds` lists each kind's): `random`
    unless asked."""


class PlayerCreated(msgspec.Struct, frozen=True):
    handle: str
    token: str


MAX_EXPIRY = 7 * 24 * 3600
"""The longest a challenge may wait for an answer, in seconds (a week)."""


class ChallengeRequest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """`challenged`: a registered handle, or null for an open challenge anyone with its id
    may accept; `bots`: fill the seats past the first two with bots; `expires_in`: seconds
    the challenge waits for an answer."""

    kind: str
    challenged: str | None = None
    options: dict[str, OptionValue] = {}
    seats: int = 2
    bots: bool = False
    expires_in: Annotated[int, msgspec.Meta(ge=1, le=MAX_EXPIRY)] = 600


class ChallengeIssuedAnswer(msgspec.Struct, frozen=True):
    challenge_id: str


class DeclineRequest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    reason: DeclineReason = "generic"


class ChallengeAcceptedAnswer(msgspec.Struct, frozen=True):
    """The table the acceptance opened, and the acceptor's seat there (the player token acts
    for it)."""

    game_id: str
    seat: int


class PlayerSignedIn(msgspec.Struct, frozen=True):
    handle: str


BODY_SECONDS = 10.0
"""How long a request's body may take to arrive once its headers have."""


async def whole_body(request: Request[Any, Any, Any]) -> bytes:
    """The request's body, refused when it takes more than `BODY_SECONDS` to arrive
    (`body_timeout`) or its client goes away before its end (`body_incomplete`)."""
    try:
        async with asyncio.timeout(BODY_SECONDS):
            return await request.body()
    except TimeoutError:
        raise HttpRefusal("body_timeout", f"the body took over {BODY_SECONDS:g} s") from None
    except InternalServerException:  # what Litestar raises when the client leaves mid-body
        raise HttpRefusal("body_incomplete", "the body ended before its length") from None


def payload_of(into: type[BodyT], empty: bytes = b"") -> dict[str, Provide]:
    """A route's `dependencies` for a `payload` parameter of type `into`: the request's body
    decoded by `decode_body` (Litestar's own `data` would build the whole JSON first, then
    convert it leniently); an empty body reads as `empty` (none: `malformed_json`)."""

    async def decoded(request: Request[Any, Any, Any]) -> Any:
        return decode_body(await whole_body(request) or empty, into)

    return {"payload": Provide(decoded)}

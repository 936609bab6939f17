"""The two requests of every move, a seat's view and its command, and their lean path.

Playing is two requests a move, `GET /games/{id}` and `POST /games/{id}/commands`, and in
their common form the framework's work around them (routing, parameters, dependencies, the
middleware stack, building the answer) cost as much CPU as the move itself. `LeanPath`
answers that form straight from the ASGI scope, with the very functions the two routes call
(`seat_view`, `accepted`), the same rate limit counted once, and the same answer: the
route's status, headers and JSON, gzipped by the app's compression middleware, the
`before_send` hooks applied. Everything else goes to the framework, which answers it as
always:

- a request the lean path does not take whole: another method or path, a query, an `Origin`
  (CORS), a browser asking for the page, a body without a `Content-Length` or beyond the
  limit, an `Idempotency-Key` the contract refuses, or a service tracing its requests;
- a request refused or failing on the way: it is handed on with its body, and the route
  refuses it with its problem. Nothing was recorded: a command is refused before its write,
  and a write that fails is one statement that either committed or did not (the route then
  tries it once more, as a client told 503 would).
"""

import asyncio
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import msgspec
from litestar.config.compression import CompressionConfig
from litestar.middleware.compression import CompressionMiddleware
from litestar.serialization import encode_json
from litestar.types import (
    HTTPRequestEvent,
    HTTPScope,
    Message,
    Receive,
    ReceiveMessage,
    Scope,
    Send,
)

from api.http.auth import acting_seat, game_and_token_viewer, token_in
from api.http.bodies import BODY_SECONDS, CommandAccepted, decoded
from api.http.errors import HttpRefusal
from api.http.pages import names_etag
from api.http.params import KEY_PATTERN, MAX_KEY, UUID_PATTERN
from api.http.rate_limits import RateLimiter
from api.http.request_ids import serving
from commands.core.envelope import Envelope
from commands.core.handler import CommandHandler
from commands.core.redaction import redacted
from commands.core.sandboxes import require_active
from commands.log import codec
from commands.workers.strategies import strategy
from domain import table
from domain.decider import EVERY_SEAT

Hook = Callable[[Message, Scope], Awaitable[None]]


async def seat_view(
    handler: CommandHandler, game_id: str, token: str | None, seat: int | None = None
) -> tuple[str, table.TableView]:
    """The caller's view and its tag (for its `ETag`): a seat's, the spectator's, or at a
    sandbox the seat to move's (or `seat`'s) for its token of every seat."""
    game, viewer = await game_and_token_viewer(handler, game_id, token)
    shown = game.view(viewer)
    if viewer == EVERY_SEAT and seat is not None and seat < len(game.table.seats):
        shown = msgspec.structs.replace(game.view(seat), every_seat=True)
    return f"{game.table.version}.{viewer}.{shown.you}", shown


async def accepted(
    handler: CommandHandler, game_id: str, seat: int, body: bytes, idempotency_key: str | None
) -> CommandAccepted:
    """Decide and append the command `body` sent for `seat` (a sandbox's token of every
    seat: for the seat it is legal for); the events it caused as the seat sees them."""
    rules = await handler.games.rules_of(game_id)
    command = _decode_command(rules.kind, body)
    if seat == EVERY_SEAT:  # a sandbox's: the move is made for the seat it is legal for
        held = await handler.games.held(game_id)
        await require_active(handler.games, held, handler.streams.now())
        seat = table.acting_seat(rules, held.table, seat, command)
    if isinstance(command, table.HandSeats):
        for bot in filter(None, command.bots):
            strategy(rules.kind, bot)
    applied = await handler.execute(Envelope(game_id, seat, command, idempotency_key))
    versions = range(applied.first_version, applied.last_version + 1)
    # as live streams show it; a key's answer told again, as the game stands in the store
    after = applied.game or await handler.games.latest(game_id)
    events = redacted(after, zip(versions, applied.events, strict=True), seat)
    return CommandAccepted(applied.last_version, events)


def _decode_command(kind: str, body: bytes) -> Any:
    def refuse(message: str, _: bool) -> HttpRefusal:
        known = ", ".join(codec.command_types(kind))
        return HttpRefusal(
            "invalid_command", f"not a command of {kind}: {message}; the commands: {known}"
        )

    return decoded(body, codec.command_decoder(kind).decode, refuse)


_UUID = UUID_PATTERN.removeprefix("^").removesuffix("$")
_VIEW = re.compile(f"/games/({_UUID})")
_COMMAND = re.compile(f"/games/({_UUID})/commands")
_KEY = re.compile(KEY_PATTERN)
VIEW_TEMPLATE = "/games/{game_id}"
"""The view's path template, which the `before_send` hooks read from the scope."""
_ANSWER = "cardroom.lean_answer"
"""The scope state key of the messages the lean path answers with."""


class LeanPath:
    """Answers the two requests of a move in their common form (see the module)."""

    def __init__(
        self,
        handler: Callable[[], CommandHandler],
        limiter: RateLimiter,
        compression: CompressionConfig,
        hooks: Sequence[Hook],
        max_body: int,
    ) -> None:
        self._handler = handler
        self._limiter = limiter
        self._hooks = hooks
        self._max_body = max_body
        self._answer = CompressionMiddleware(_send_answer, compression)

    async def __call__(self, scope: HTTPScope, receive: Receive, send: Send) -> Receive | None:
        """Answer the request and return None, or answer nothing and return what the
        framework is to read the request's body from (the body read so far first)."""
        method, path = scope["method"], scope["path"]
        if scope["query_string"] or (method != "GET" and method != "POST"):
            return receive
        found = (_VIEW if method == "GET" else _COMMAND).fullmatch(path)
        headers: dict[bytes, bytes] = {}
        for name, value in scope["headers"]:
            headers.setdefault(name, value)
        if found is None or b"origin" in headers:
            return receive
        with serving(scope):
            try:
                if method == "GET":
                    handed_on = await self._view(scope, found[1], headers, receive)
                else:
                    handed_on = await self._command(scope, found[1], headers, receive)
            except Exception:  # refused, or a store failed: the route answers (and logs) it
                return receive
            if handed_on is not None:
                return handed_on
            await self._answer(scope, receive, self._finishing(scope, send))
        return None

    async def _view(
        self, scope: HTTPScope, game_id: str, headers: dict[bytes, bytes], receive: Receive
    ) -> Receive | None:
        if b"text/html" in headers.get(b"accept", b""):
            return receive  # a browser asks for the page
        token = token_in(_text(headers.get(b"authorization")))
        tag, shown = await seat_view(self._handler(), game_id, token)
        etag = f'W/"{tag}"'
        answered = [(b"etag", etag.encode()), (b"vary", b"Authorization")]
        scope["path_template"] = VIEW_TEMPLATE
        if names_etag(_text(headers.get(b"if-none-match")), etag):
            _keep(scope, 304, answered, b"")
        else:
            _keep(scope, 200, answered, encode_json(shown))
        return None

    async def _command(
        self, scope: HTTPScope, game_id: str, headers: dict[bytes, bytes], receive: Receive
    ) -> Receive | None:
        length, key = headers.get(b"content-length", b""), _text(headers.get(b"idempotency-key"))
        if not length.isdigit() or int(length) > self._max_body or b"transfer-encoding" in headers:
            return receive
        if key is not None and (len(key) > MAX_KEY or not _KEY.match(key)):
            return receive
        handler = self._handler()
        seat = await acting_seat(handler, game_id, token_in(_text(headers.get(b"authorization"))))
        standing = await self._limiter.standing(scope, "commands")
        if standing.refusal is not None:
            return receive
        chunks: list[bytes] = []
        try:
            body = await _body(receive, chunks)
            answer = await accepted(handler, game_id, seat, body, key)
        except _Cut as cut:
            return _replaying(chunks, receive, cut.late)
        except Exception:  # nothing was recorded: the route refuses it as ever
            return _replaying(chunks, receive)
        _keep(scope, 200, [], encode_json(answer), standing.add_to)
        return None

    def _finishing(self, scope: HTTPScope, send: Send) -> Send:
        """`send`, with the rate limit's headers and the `before_send` hooks on the start."""
        hooks, extra = self._hooks, scope["state"][_ANSWER][2]

        async def finish(message: Message) -> None:
            if extra is not None:
                extra(message)
            for hook in hooks:
                await hook(message, scope)
            await send(message)

        return finish


class _Cut(Exception):
    """The body did not come whole: its client went away, or its time ran out (`late`)."""

    def __init__(self, late: bool) -> None:
        super().__init__("the body's time ran out" if late else "the client went away")
        self.late = late


async def _body(receive: Receive, chunks: list[bytes]) -> bytes:
    """The request's whole body, its chunks kept in `chunks` as they come (a whole body
    ends with an empty one); `_Cut` when it is slow to come or its client goes away first."""
    try:
        async with asyncio.timeout(BODY_SECONDS):
            while True:
                message = await receive()
                if message["type"] != "http.request":
                    raise _Cut(late=False)
                chunks.append(message.get("body", b""))
                if not message.get("more_body", False):
                    chunks.append(b"")
                    return b"".join(chunks)
    except TimeoutError:
        raise _Cut(late=True) from None


def _replaying(chunks: list[bytes], receive: Receive, late: bool = False) -> Receive:
    """A `receive` that gives the body read so far again, then reads on if it was not whole;
    when its time ran out, the next read says so (`TimeoutError`), as the route's would."""
    whole = bool(chunks) and chunks[-1] == b""
    pending: list[HTTPRequestEvent] = [
        {"type": "http.request", "body": b"".join(chunks), "more_body": not whole}
    ]

    async def replay() -> ReceiveMessage:
        if pending:
            return pending.pop()
        if late:
            raise TimeoutError("the body's time ran out")
        return await receive()

    return replay


def _keep(
    scope: HTTPScope,
    status: int,
    headers: list[tuple[bytes, bytes]],
    body: bytes,
    extra: Callable[[Message], None] | None = None,
) -> None:
    if status != 304:
        headers = [*headers, (b"content-type", b"application/json")]
        headers.append((b"content-length", str(len(body)).encode()))
    scope.setdefault("state", {})[_ANSWER] = (status, headers, extra, body)


async def _send_answer(scope: Scope, receive: Receive, send: Send) -> None:
    status, headers, _, body = scope["state"][_ANSWER]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body, "more_body": False})


def _text(value: bytes | None) -> str | None:
    return None if value is None else value.decode("latin-1")

"""What the published contract says of a route beyond its signature, said on the route:
`opt={CONTRACT: Described(...)}`. The handler's docstring is the operation's description; a
route that names a rate limit (`api.http.rate_limits.RATE_LIMIT`) may also answer 429
`rate_limited`, and every route but a `storeless` one 503 `unavailable`. The tokens a route
takes are its `security` (`api.http.auth.SECURITY_SCHEMES`)."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec

from commands.log.registry import GAMES
from domain.errors import codes
from domain.table import refusals

DOWNLOAD = "application/octet-stream"
"""The media type of a file to save (a dataset: its name says it is gzip), the one every
client and client generator takes."""
CONTRACT = "contract"
"""The key of a route's `opt` holding its `Described`."""
Examples = dict[str, Any]
"""Examples by name: `{"name": {"value": ...}}` (a `summary` may say what each is)."""


@dataclass(frozen=True, slots=True)
class Described:
    """The refusals of one operation, its bodies' examples and what it says of them."""

    codes: tuple[str, ...] = ()
    """Every refusal `code` the operation can answer with (but the two above)."""
    storeless: bool = False
    """Whether it asks neither Postgres nor Redis (and so is never `unavailable`)."""
    answers: Examples | Callable[[], Examples] | None = None
    """Examples of its success body, or what makes them when the document is published
    (those taken from a real table, `api.http.examples`)."""
    asks: Examples | Callable[[], Examples] | None = None
    """Examples of its request body, likewise."""
    body: str = ""
    """The component its JSON request body is (the route decodes it itself)."""
    body_note: str = ""
    """What the description of the request body adds."""
    stream: str = ""
    """For a stream of Server-Sent Events, what it says, in words."""
    stream_messages: tuple["StreamMessage", ...] = ()
    """For a stream, the kinds of message it sends."""
    stream_name: str = ""
    """For a stream, the component its messages are published as (`<Name>Message`)."""
    download: str = ""
    """For a gzip-compressed file of JSON lines, the component each line is."""


@dataclass(frozen=True, slots=True)
class StreamMessage:
    """One kind of message of a stream of Server-Sent Events: the component its `data` is
    (JSON), its `event` (None: the `type` of its data, any but the stream's other events)
    and what its `id` is (None: it is sent without one)."""

    data: str
    event: str | None = None
    id: str | None = None


GAME = ("game_not_found",)
QUERY = ("invalid_query",)
BODY = ("malformed_json", "invalid_body", "body_too_large", "body_incomplete", "body_timeout")
KEYED = ("idempotency_key_reused", "invalid_query")
"""An `Idempotency-Key` sent before with another request, or too long."""
VIEWER = ("wrong_token", *GAME)
SIGNED = ("missing_token", "wrong_token")
"""A player token missing, or of no player."""
EXAMPLE_ID = "0f8e2c51-6a1d-4c1e-9a57-2b4a3e5d7c90"
"""The game id examples show."""
SEATED = {"seated": {"value": {"game_id": EXAMPLE_ID, "seat": 1, "token": "q7Xn3vRk0cYt2LmA9sWd"}}}
"""A seat found or opened for the caller (quick play, a rematch)."""
EXAMPLE_CHALLENGE = "7d0c5b8e-2f4a-4c1e-9b3d-6a2e8f1c4d70"
"""The challenge id examples show."""
CHALLENGE_ISSUED = {
    "type": "challenge_issued",
    "challenge_id": EXAMPLE_CHALLENGE,
    "challenger": "ada",
    "challenged": "bo",
    "kind": "mad",
    "options": {},
    "seats": 2,
    "bots": False,
    "expires_at": "2026-03-21T12:10:00+00:00",
}
"""A challenge issued, as the players' streams hear it."""


def page_of(item: Any, next_offset: int | None = None) -> dict[str, Any]:
    """The body of a page holding one item, as every paged route answers."""
    return {"items": [item], "next_offset": next_offset}


def page_example(item: Any) -> Examples:
    """The example of a page holding one item, its last."""
    return {"page": {"value": page_of(item)}}


def challenge_row(status: str, game_id: str | None = None, reason: str | None = None) -> Any:
    """The challenge above as its row (`ChallengeRow`) shows it once `status`."""
    issued = {key: value for key, value in CHALLENGE_ISSUED.items() if key != "type"}
    return issued | {"status": status, "game_id": game_id, "reason": reason}


def playing_codes() -> tuple[str, ...]:
    """Every code a command posted to a table may be refused with by the table or by the
    game of any hosted kind, as they declare them (the 4xx codes of their own are listed
    where they belong)."""
    declared = {*codes(refusals.Playing)}
    declared.update(code for rules in GAMES.values() for code in rules.refusal_codes)
    return tuple(sorted(declared))


def json_value(value: Any) -> Any:
    """A value as the service sends it, decoded as JSON (tuples become lists): an example."""
    return msgspec.json.decode(msgspec.json.encode(value))

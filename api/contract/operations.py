"""What each operation of the service can refuse, whether it takes a seat token, and what its
description adds to the handler's docstring: what a route's signature cannot say."""

from dataclasses import dataclass, replace
from typing import Literal

from api.http.errors import DEFAULT_REFUSAL_STATUS, STATUS_BY_CODE
from api.live.tickets import TICKETS_PER_SEAT
from commands.registry import GAMES
from domain.errors import codes
from domain.table import refusals

Token = Literal["none", "optional", "required"]


@dataclass(frozen=True, slots=True)
class Operation:
    """What a signature cannot say about one operation."""

    codes: tuple[str, ...]
    """Every refusal `code` the operation can answer with."""
    token: Token = "none"
    """Whether it takes a seat token (`Authorization: Bearer <token>`)."""
    ticket: bool = False
    """Whether a stream ticket (`?ticket=`) may stand in for the seat token."""
    player: Token = "none"
    """Whether it takes a player token (`Authorization: Bearer <player token>`)."""
    description: str = ""
    """Said after the handler's docstring."""


_GAME = ("game_not_found",)
_QUERY = ("invalid_query",)
_BODY = ("malformed_json", "invalid_body", "body_too_large")
_KEYED = ("idempotency_key_reused", "invalid_query")
"""An `Idempotency-Key` sent before with another request, or too long."""
_VIEWER = ("wrong_token", *_GAME)


def game_refusals() -> tuple[str, ...]:
    """Every refusal code a game of any kind is refused with while it is played: the
    table's and each hosted game's, as they declare them."""
    declared = {
        *codes(refusals.Playing),
        *(c for rules in GAMES.values() for c in rules.refusal_codes),
    }
    return tuple(sorted(declared - STATUS_BY_CODE.keys()))


STORELESS = {("get", "/health/live"), ("get", "/metrics"), ("get", "/games/kinds")}
"""The operations that ask neither Postgres nor Redis; every other one answers 503
`unavailable` (with `Retry-After`) while the store it needs does not answer."""
RATE_LIMITED = {
    ("post", "/games"),
    ("post", "/games/{game_id}/rematch"),
    ("post", "/quickplay"),
    ("post", "/players"),
    ("post", "/games/{game_id}/seats"),
    ("post", "/games/{game_id}/commands"),
}
"""The operations under a rate limit (`api.http.rate_limits`), answering 429 `rate_limited`."""


def operations() -> dict[tuple[str, str], Operation]:
    """Every operation of the service, by (method, path), and what it can refuse."""
    described = _described()
    for key, operation in described.items():
        limited = ("rate_limited",) if key in RATE_LIMITED else ()
        down = () if key in STORELESS else ("unavailable",)
        described[key] = replace(operation, codes=(*operation.codes, *limited, *down))
    return described


def _described() -> dict[tuple[str, str], Operation]:
    playing = game_refusals()
    return {
        ("get", "/health"): Operation(
            (),
            description="While Redis is down the status is `degraded` (200): games are "
            "played, live pushes and stream tickets wait. While Postgres is down it is 503.",
        ),
        ("get", "/health/live"): Operation((), description="Liveness: asks no store."),
        ("get", "/health/ready"): Operation(
            (), description="Readiness: Postgres answers (Redis is not needed to serve)."
        ),
        ("get", "/metrics"): Operation(()),
        ("get", "/games/kinds"): Operation(()),
        ("post", "/games"): Operation(
            (
                *_BODY,
                "unknown_kind",
                "invalid_options",
                "conflict",
                *_KEYED,
                "busy",
            ),
            description="Options left out take the defaults `/games/kinds` lists.",
        ),
        ("post", "/games/{game_id}/seats"): Operation(
            (
                *_BODY,
                *_GAME,
                "invalid_name",
                "invalid_entropy",
                "unknown_bot",
                "table_not_open",
                "table_full",
                "wrong_token",
                "already_seated",
                *_KEYED,
                "busy",
            ),
            player="optional",
            description="Answers 200 with the same seat when an `Idempotency-Key` is reused. "
            "With a player's token the seat is the player's (named after them unless `name` "
            "is given) and counts in the scoreboards and ratings; a player holds one seat per "
            "table. A seat with a free name and no player token counts for nobody.",
        ),
        ("post", "/games/{game_id}/commands"): Operation(
            (
                "malformed_json",
                "body_too_large",
                "invalid_command",
                "missing_token",
                *_VIEWER,
                *playing,
                *_KEYED,
                "busy",
            ),
            token="required",
            description=(
                "The body is one of the kind's commands (`start_game` included); the answer "
                "lists the events it caused as this seat sees them."
            ),
        ),
        ("post", "/games/{game_id}/rematch"): Operation(
            ("missing_token", *_VIEWER, "game_not_over", "table_full", "already_seated", "busy"),
            token="required",
        ),
        ("get", "/games/{game_id}"): Operation(_VIEWER, token="optional"),
        ("get", "/games/{game_id}/events"): Operation((*_QUERY, *_VIEWER), token="optional"),
        ("post", "/games/{game_id}/tickets"): Operation(
            ("missing_token", *_VIEWER),
            token="required",
            description=(
                "A browser's `EventSource` cannot send `Authorization`: it opens "
                "`GET /games/{game_id}/live?ticket=...` with a ticket instead, and sees what "
                "the seat sees. The ticket opens (and reopens, on a reconnect) the seat's "
                "stream for `expires_in` seconds; then it is refused (`invalid_ticket`) and a "
                "fresh one is needed. A stream once open keeps its seat. A seat holds at most "
                f"{TICKETS_PER_SEAT} tickets: a new one pushes out the oldest."
            ),
        ),
        ("get", "/games/{game_id}/live"): Operation(
            (*_QUERY, *_VIEWER, "invalid_ticket", "too_many_streams"),
            token="optional",
            ticket=True,
            description=(
                "Each message's `event` is the event's `type`, its `id` the version and its "
                "`data` the event as JSON (an `AnyEvent`). With `?include=view` each batch of "
                "events (the first too, even when empty) is followed by a message "
                "`event: view` whose `data` is the caller's `TableView` as of that batch. "
                "Reconnect with `Last-Event-ID` (or `?after=`) to get exactly what "
                "was missed; the stream ends with the game, and is also ended when the "
                "service stops or the client falls too far behind (reconnect then). "
                "Streams are capped per game and per client address: past a cap, 429 "
                "`too_many_streams`."
            ),
        ),
        ("get", "/games/{game_id}/replay"): Operation(
            (*_QUERY, *_VIEWER, "version_not_found"), token="optional"
        ),
        ("get", "/games/{game_id}/log"): Operation(
            (*_QUERY, *_GAME, "game_not_over", "malformed_log")
        ),
        ("get", "/games/{game_id}/audit"): Operation((*_GAME, "game_not_over", "malformed_log")),
        ("get", "/lobby"): Operation((*_QUERY, "unknown_kind")),
        ("get", "/lobby/live"): Operation(
            (*_QUERY, "unknown_kind", "too_many_streams"),
            description=(
                "Each message is `event: lobby` with the page as `data` (a `LobbyPage`); the "
                "lobby trails the games by the projection lag. The stream ends only when the "
                "service stops. It counts in the cap of streams per client address (429 "
                "`too_many_streams`)."
            ),
        ),
        ("get", "/tables"): Operation((*_QUERY, "unknown_kind", "unknown_status")),
        ("get", "/tables/{game_id}"): Operation(_GAME),
        ("get", "/scoreboards/{kind}"): Operation((*_QUERY, "unknown_kind")),
        ("get", "/players/{name}"): Operation((*_QUERY, "not_found")),
        ("post", "/quickplay"): Operation(
            (
                *_BODY,
                "unknown_kind",
                "invalid_seats",
                "invalid_name",
                "invalid_entropy",
                "wrong_token",
                "already_waiting",
                "busy",
            ),
            player="optional",
            description="Without a player token the seat is a casual one and needs a `name`. "
            "Quick play fills only the tables it opened and the rematches of the kind's "
            "default options and no clock: a table opened with `POST /games` is never chosen. "
            "A player already waiting at an open table of the "
            "kind is refused (`already_waiting`, naming it) rather than given another.",
        ),
        ("get", "/ratings/{kind}"): Operation(
            (*_QUERY, "unknown_kind"),
            description="Ratings are OpenSkill's Plackett-Luce model, per kind; a game rates "
            "its registered players and bots (seats with a free name are left out).",
        ),
        ("post", "/players"): Operation(
            (*_BODY, "invalid_handle", "handle_taken"),
            description="Handles have 1 to 40 printable characters, no `/`, and do not start "
            "with `bot:` (the bots' handles: `bot:random`, `bot:heuristic`). A handle is taken "
            "whatever its case or compatibility form (NFKC): after `Ada`, `ada` is taken too.",
        ),
    }


def status_of(code: str) -> int:
    return STATUS_BY_CODE.get(code, DEFAULT_REFUSAL_STATUS)

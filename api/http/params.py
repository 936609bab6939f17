"""Bounds of the path and query parameters: each within what the database holds, so that
what is out of bounds is refused at the edge instead of reaching a query."""

from typing import Annotated, Generic, TypeVar

import msgspec
from litestar.params import HeaderParameter, PathParameter, QueryParameter

from commands.log.registry import game_rules

MAX_VERSION = 2**31 - 1
"""The highest version a game can have (the versions are stored as 32-bit integers)."""
MAX_OFFSET = 2**63 - 1
"""The most items a page can skip (offsets are 64-bit integers)."""
UUID_PATTERN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"

GameId = Annotated[str, PathParameter(pattern=UUID_PATTERN, description="the game's id (a UUID)")]
"""A game id in a path: anything but a UUID names no game (`game_not_found`)."""

MAX_KEY = 200
KEY_PATTERN = "^[\\x20-\\x7e]+$"
"""Printable ASCII: what a header carries the same way through every proxy and client."""
IdempotencyKey = Annotated[
    str | None,
    HeaderParameter(
        name="Idempotency-Key",
        required=False,
        max_length=MAX_KEY,
        pattern=KEY_PATTERN,
        description=f"retry-safe request id: at most {MAX_KEY} printable ASCII characters",
    ),
]

LastEventVersion = Annotated[
    int | None, HeaderParameter(name="Last-Event-ID", ge=0, le=MAX_VERSION)
]
"""The version a stream's client saw last, as `EventSource` sends it on reconnecting."""
SeenVersion = Annotated[
    int, QueryParameter(ge=0, le=MAX_VERSION, description="last version already seen")
]
"""The version a stream's client saw last, for clients that cannot send headers."""

Limit = Annotated[int, QueryParameter(ge=1, le=200, description="items per page")]
Offset = Annotated[int, QueryParameter(ge=0, le=MAX_OFFSET, description="items to skip")]
Kind = Annotated[str | None, QueryParameter(description="only this game kind")]


T = TypeVar("T")


class Page(msgspec.Struct, Generic[T], frozen=True):
    """One page; `next_offset` is null on the last."""

    items: list[T]
    next_offset: int | None


def known_kind(kind: str | None) -> None:
    """Refuse a kind filter naming no game hosted here (`unknown_kind`)."""
    if kind is not None:
        game_rules(kind)

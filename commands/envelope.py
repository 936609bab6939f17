"""What travels from the API to the handler, and what comes back."""

from typing import Any

import msgspec


class Envelope(msgspec.Struct, frozen=True):
    """A command for one game, sent by one seat (None before a seat exists)."""

    game_id: str
    seat: int | None
    command: Any
    command_id: str | None = None


class Applied(msgspec.Struct, frozen=True):
    """The versions a command produced; `replayed` when it had been applied before."""

    game_id: str
    first_version: int
    last_version: int
    replayed: bool = False
    events: tuple[Any, ...] = ()

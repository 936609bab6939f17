"""What travels from the API to the handler, and what comes back."""

import hashlib
from dataclasses import dataclass
from typing import Any

import msgspec

from commands.core.loaded import LoadedGame
from commands.log import codec
from commands.log.store import CommandKey
from domain import table


class Envelope(msgspec.Struct, frozen=True):
    """A command for one game, sent by one seat (None before a seat exists)."""

    game_id: str
    seat: int | None
    command: Any
    command_id: str | None = None


@dataclass(frozen=True, slots=True)
class Applied:
    """The versions and events a command produced and, when it was appended now, the game it
    produced (None when `replayed`: it had been applied before)."""

    game_id: str
    first_version: int
    last_version: int
    events: tuple[Any, ...] = ()
    game: "LoadedGame | None" = None
    replayed: bool = False


def command_key(envelope: Envelope, command_id: str) -> CommandKey:
    """The command id as stored: scoped to the operation and the caller ("create", "seat",
    "command by seat N"), with the SHA-256 of the canonical request (scope, game, seat and
    command, in RFC 8785 JSON) as its fingerprint."""
    if isinstance(envelope.command, table.CreateTable):
        scope = "create"
    elif isinstance(envelope.command, table.TakeSeat):
        scope = "seat"
    else:
        scope = f"command by seat {envelope.seat}"
    request = {
        "scope": scope,
        "game": envelope.game_id,
        "seat": envelope.seat,
        "command": envelope.command,
    }
    fingerprint = hashlib.sha256(codec.canonical_json(codec.encode(request))).digest()
    return CommandKey(command_id, scope, fingerprint)

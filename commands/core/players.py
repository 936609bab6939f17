"""Players as the application registers them: each handle the first version of a stream of
its own (named by the handle's key), written through the one stream writer, with the
player's token recorded beside it."""

import secrets
from datetime import datetime
from typing import Any

from commands.core.loaded import token_hash
from commands.core.streams import PLAYERS, Streams
from commands.log.store import ConcurrencyConflict, PlayerToken, SideRecords
from domain import players
from domain.errors import DomainError


async def register(streams: Streams, command: players.RegisterPlayer) -> tuple[str, str]:
    """Register a player; returns the handle and the player's token (shown only once).
    A handle is the first version of a stream of its own, so the store refuses it twice."""
    registration = players.register(command)
    handle = registration.handle
    token = secrets.token_urlsafe(32)
    side = SideRecords(player_token=PlayerToken(handle, token_hash(token)))

    def decide(registered: players.PlayerRegistered | None, now: datetime) -> list[Any]:
        if registered is not None:
            raise _handle_taken(handle)
        return [registration]

    try:
        await streams.decide(PLAYERS, handle, command, decide, side)
    except ConcurrencyConflict:
        raise _handle_taken(handle) from None
    return handle, token


def _handle_taken(handle: str) -> DomainError:
    return DomainError(
        "handle_taken",
        f"the handle {handle!r} is taken (handles are compared regardless of case and of"
        " compatibility forms)",
    )

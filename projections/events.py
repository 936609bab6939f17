"""Stored events decoded for the read side; events of unknown kinds are passed over."""

from collections.abc import Iterator, Sequence
from typing import Any

from commands import codec
from commands.registry import GAMES
from commands.store import StoredEvent


def decoded(events: Sequence[StoredEvent]) -> Iterator[tuple[StoredEvent, Any]]:
    """Each stored event of a hosted game with its domain event."""
    for stored in events:
        if stored.kind is not None and stored.kind in GAMES:
            yield stored, codec.decode_event(stored.kind, stored)

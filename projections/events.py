"""Stored events decoded for the read side; events of unknown kinds are passed over."""

from collections.abc import Iterator, Sequence
from typing import Any

from commands.log import codec
from commands.log.registry import GAMES
from commands.log.store import StoredEvent
from domain import table


def decoded(
    events: Sequence[StoredEvent], table_events_only: bool = False
) -> Iterator[tuple[StoredEvent, Any]]:
    """Each stored event of a hosted game with its domain event; with `table_events_only`, a
    game's own event comes with None instead, not decoded."""
    for stored in events:
        if stored.kind is None or stored.kind not in GAMES:
            continue
        if table_events_only and stored.type not in table.TABLE_TAGS:
            yield stored, None
        else:
            yield stored, codec.decode_event(stored.kind, stored)

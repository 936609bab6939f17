"""The stored rows of a command's new events: each linked into its game's hash chain over the
very JSON the row stores, and written in its type's current schema version."""

import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from commands.log import codec
from commands.log.store import (
    NewEvent,
)


def new_records(
    previous: str,
    seat: int | None,
    command: Any,
    command_id: str,
    now: datetime,
    events: Sequence[Any],
) -> tuple[list[NewEvent], str]:
    """Stored rows for new events, each linked into the game's hash chain over the very JSON
    the row stores, written in its type's current schema version.

    The first row carries the command and its time; `ends_command` marks the last, so a
    reader can tell a game's state between two commands from one half way through.
    """
    records = []
    for index, event in enumerate(events):
        data = codec.encode(event).decode()
        previous = codec.chain_hash(previous, data)
        metadata: dict[str, Any] = {
            "command_id": command_id,
            "seat": seat,
            "hash": previous,
        }
        if index == 0:
            metadata |= {"command": command, "at": now.isoformat()}
        metadata["ends_command"] = index == len(events) - 1
        tag = codec.tag_of(event)
        records.append(
            NewEvent(
                str(uuid.uuid4()),
                tag,
                data,
                codec.encode(metadata).decode(),
                codec.schema_version(tag),
            )
        )
    return records, previous

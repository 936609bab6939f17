"""Dataset lines made from the golden games, and ways to tamper with them."""

from collections.abc import Callable
from typing import Any

import msgspec

from commands.log import dataset
from commands.log.dataset import DatasetEvent, DatasetGame
from commands.log.published import LogRecord
from tests.commands.tamper import golden, golden_names, relinked


def golden_lines() -> list[DatasetGame]:
    """A line for every golden game, in finish order."""
    lines = [dataset.game_line(golden(name)) for name in golden_names()]
    return sorted(lines, key=lambda line: line.finished_at)


def line_of_kind(kind: str) -> DatasetGame:
    return dataset.game_line(golden(golden_names(kind)[0]))


def encoded(lines: list[DatasetGame]) -> list[bytes]:
    return [dataset.encode(line) for line in lines]


def with_records(line: DatasetGame, records: list[LogRecord]) -> DatasetGame:
    """The line with its events replaced by these records (all at today's schema)."""
    events = [
        DatasetEvent(
            version=each.version,
            type=each.type,
            data=each.data,
            metadata=each.metadata,
            recorded_at=each.recorded_at,
            event_id=each.event_id,
            schema_version=each.schema_version,
        )
        for each in records
    ]
    return msgspec.structs.replace(line, events=events)


def relinked_line(line: DatasetGame, records: list[LogRecord]) -> DatasetGame:
    """The line holding these records with the chain computed afresh: a careful cheat's."""
    forged = relinked(records)
    return msgspec.structs.replace(
        with_records(line, forged), last_link=forged[-1].metadata["hash"]
    )


def tampered(line: DatasetGame, change: Callable[[dict[str, Any]], None]) -> bytes:
    """The line's JSON changed in place by `change`."""
    value = msgspec.json.decode(dataset.encode(line))
    change(value)
    return msgspec.json.encode(value) + b"\n"

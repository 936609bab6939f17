"""Ways to tamper with a game log, as a cheat would: change a card, move the seed, slip in
an event, and (for a careful cheat) recompute the hash chain afterwards."""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec

from commands.log import codec, published
from commands.log.published import LogRecord
from commands.log.registry import GAMES
from domain import table

GOLDEN = Path(__file__).parents[1] / "golden"


def golden(name: str) -> list[LogRecord]:
    with (GOLDEN / name).open("rb") as lines:
        return published.from_lines(lines)


def golden_names(kind: str | None = None) -> list[str]:
    return sorted(p.name for p in GOLDEN.glob(f"{kind or '*'}-*.jsonl"))


def data(record: LogRecord) -> Any:
    return msgspec.json.decode(record.data)


def with_data(record: LogRecord, value: Any) -> LogRecord:
    return msgspec.structs.replace(record, data=msgspec.Raw(msgspec.json.encode(value)))


def relinked(records: list[LogRecord]) -> list[LogRecord]:
    """The records renumbered from 1 with the hash chain computed afresh over their data."""
    previous, result = "", []
    for version, each in enumerate(records, start=1):
        previous = codec.chain_hash(previous, each.data)
        metadata = each.metadata | {"hash": previous}
        result.append(msgspec.structs.replace(each, version=version, metadata=metadata))
    return result


def card_paths(kind: str, value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Where cards of the game sit inside an event's JSON."""
    if isinstance(value, dict):
        try:
            msgspec.convert(value, GAMES[kind].Card)
        except msgspec.ValidationError:
            for key, item in value.items():
                yield from card_paths(kind, item, (*path, key))
        else:
            yield path
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from card_paths(kind, item, (*path, index))


def changed_card(records: list[LogRecord], last: bool = False) -> tuple[int, list[LogRecord]]:
    """One card in one event (the first or the last holding a card) swapped for another
    card of the game; returns the changed record's index and the tampered records."""
    kind = published.kind_of(records)
    holding = [i for i, each in enumerate(records) if any(card_paths(kind, data(each)))]
    index = holding[-1 if last else 0]
    value = data(records[index])
    path = next(card_paths(kind, value))
    original = _at(value, path)
    others = (_at(data(each), p) for each in records for p in card_paths(kind, data(each)))
    _put(value, path, next(card for card in others if card != original))
    return index, [*records[:index], with_data(records[index], value), *records[index + 1 :]]


def revealed_seed_index(records: list[LogRecord]) -> int:
    return next(i for i, each in enumerate(records) if each.type == published.SEED_REVEALED)


def changed_seed(records: list[LogRecord]) -> tuple[int, list[LogRecord]]:
    index = revealed_seed_index(records)
    seed = data(records[index])["seed"]
    forged = with_data(records[index], {"type": published.SEED_REVEALED, "seed": seed[::-1]})
    return index, [*records[:index], forged, *records[index + 1 :]]


def first_move_index(records: list[LogRecord]) -> int:
    """The first event a seated player's game command produced (after the start)."""
    started = next(i for i, r in enumerate(records) if r.type == "table.game_started")
    return next(i for i, r in enumerate(records) if i > started + 1 and "command" in r.metadata)


def standings_index(records: list[LogRecord]) -> int:
    tag = codec.tag_of(table.GameFinished)
    return next(i for i, each in enumerate(records) if each.type == tag)


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def _put(value: Any, path: tuple[Any, ...], new: Any) -> None:
    _at(value, path[:-1])[path[-1]] = new

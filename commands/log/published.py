"""A game's published log: one record per event, with its metadata, once the game is over.

The same records leave through `GET /games/{id}/log`, `cardroom export` (one JSON object a
line) and feed the audit, so an audit of a downloaded file and of the database agree.
A record keeps the event's JSON as stored (`data`) and the schema version it was written in;
the audit decodes it (upcasting it first when its version is older), never trusts it.
"""

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Literal

import msgspec

from commands.log import codec
from commands.log.store import LogRow, StoredEvent
from domain import table
from domain.errors import DomainError, Refusal, require

SEED_REVEALED = codec.tag_of(table.SeedRevealed)
NOT_OVER = Refusal[Literal["game_not_over"]](
    "game_not_over", "the log is published once the game is over"
)
"""The refusal of a log asked for before the seed is revealed (before the game ends)."""


class LogRecord(msgspec.Struct, frozen=True):
    game_id: str
    version: int
    type: str
    data: msgspec.Raw
    metadata: dict[str, Any]
    event_id: str = ""
    recorded_at: str = ""
    schema_version: int = 1
    """The schema version of its type `data` was written in (1 in logs that omit it)."""


class GameLog(msgspec.Struct, frozen=True):
    """The whole log of a finished game, with its revealed seed (hex)."""

    game_id: str
    kind: str
    seed: str
    events: list[LogRecord]


def record(row: StoredEvent) -> LogRecord:
    return _record(row.stream_id, row, row.event_id, row.recorded_at.isoformat())


def audited(game_id: str, row: LogRow) -> LogRecord:
    """A row read for an audit as its record, without the event id and time (which the
    audit does not read)."""
    return _record(game_id, row, "", "")


def _record(game_id: str, row: StoredEvent | LogRow, event_id: str, at: str) -> LogRecord:
    data, metadata = msgspec.Raw(row.data), msgspec.json.decode(row.metadata)
    version, schema = row.version, row.schema_version
    return LogRecord(game_id, version, row.type, data, metadata, event_id, at, schema)


def published(game_id: str, rows: Sequence[StoredEvent]) -> list[LogRecord]:
    """A game's records, refused until the seed is revealed (that is, until the game ends)."""
    require_published(game_id, rows)
    return [record(row) for row in rows]


def require_published(game_id: str, rows: Sequence[StoredEvent] | Sequence[LogRow]) -> None:
    """Refuse a game's rows while they are no published log: no game, or its seed is not
    revealed yet (the game is not over)."""
    if not rows:
        raise DomainError("game_not_found", f"there is no game {game_id}")
    require(any(row.type == SEED_REVEALED for row in rows), NOT_OVER)


def kind_of(records: Sequence[LogRecord]) -> str:
    """The game kind, from the `table.created` event every log begins with (`table.forked`
    at a sandbox)."""
    try:
        opened: table.TableCreated | table.TableForked = msgspec.json.decode(
            records[0].data, type=_OPENING
        )
    except (IndexError, msgspec.DecodeError):
        raise DomainError("malformed_log", "a game log begins with table.created") from None
    return opened.kind


def forked_from(records: Sequence[codec.Stored]) -> table.Sandbox | None:
    """What a sandbox's log says it was forked from (None: the log is no sandbox's)."""
    if not records or records[0].type != codec.tag_of(table.TableForked):
        return None
    try:
        return msgspec.json.decode(records[0].data, type=_Forked).sandbox
    except msgspec.DecodeError:
        return None


_OPENING = table.TableCreated | table.TableForked


class _Forked(msgspec.Struct, frozen=True):
    sandbox: table.Sandbox


def to_lines(records: Iterable[LogRecord]) -> Iterator[bytes]:
    for each in records:
        yield msgspec.json.encode(each) + b"\n"


def from_lines(lines: Iterable[bytes]) -> list[LogRecord]:
    """Records from JSON Lines (blank lines skipped); a bad line is refused by its number."""
    decoder = msgspec.json.Decoder(LogRecord)
    records = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            records.append(decoder.decode(line))
        except msgspec.DecodeError as error:
            raise DomainError(
                "malformed_log", f"line {number} is not a log record: {error}"
            ) from None
    return records

"""A finished game as one line of a dataset (`docs/datasets.md`): a versioned, documented
schema, built from the game's published log and turned back into it.

A line holds what a study of the game needs without the service: its id, kind, options,
seats (public names), finish time, standings, the revealed seed, the chain's last link, and
the published log up to the seed reveal (so a line never changes once the game is over).
Every event is read through the codec (`commands.log.codec.decode_event`, which upcasts), so
a line's `data` is always at today's schema; an event stored under an older schema also
keeps the JSON it was stored as (`stored`), which its hash links, so the chain still checks.
"""

from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime
from typing import Annotated, Any

import msgspec
from msgspec import UNSET, UnsetType

from commands.log import codec
from commands.log.published import LogRecord, kind_of
from domain import table
from domain.decider import Standing
from domain.errors import DomainError

FORMAT = "cardroom.dataset/1"
"""The version of the line format; a change that is not a new field with a default is a new
version."""


class DatasetSeat(msgspec.Struct, frozen=True):
    """A seat as the log names it: the public name, and the bot or registered player."""

    seat: int
    name: str
    bot: str | None = None
    player: str | None = None


class DatasetEvent(msgspec.Struct, frozen=True, omit_defaults=True):
    """One event of the published log, at today's schema (`data`, of `schema_version`);
    `stored` and `stored_schema_version` are there only when it was stored under an older
    schema: the hash chain links the JSON as stored."""

    version: int
    type: str
    data: msgspec.Raw
    metadata: dict[str, Any]
    recorded_at: str
    event_id: str
    schema_version: int
    stored: msgspec.Raw | UnsetType = UNSET
    stored_schema_version: int | UnsetType = UNSET


class DatasetGame(msgspec.Struct, frozen=True):
    """One finished game, one line of a dataset (`format` is `cardroom.dataset/1`).

    `finished_at` is the time `table.game_finished` was recorded (UTC), which decides the
    month; `last_link` is the hash of the last event, `events` the published log from
    `table.created` to `table.seed_revealed`."""

    format: Annotated[str, msgspec.Meta(description="`cardroom.dataset/1`")]
    game_id: str
    kind: str
    options: dict[str, Any]
    seats: list[DatasetSeat]
    finished_at: str
    standings: list[Standing]
    seed: str
    last_link: str
    events: list[DatasetEvent]


_line_decoder = msgspec.json.Decoder(DatasetGame)


def game_line(records: Sequence[LogRecord]) -> DatasetGame:
    """The line of a finished game from its published records (refused when the game is
    not over, or the log is no game's)."""
    kind = kind_of(records)
    events = [_decoded(kind, each) for each in records]
    revealed = next((i for i, e in enumerate(events) if isinstance(e, table.SeedRevealed)), None)
    finished = next((i for i, e in enumerate(events) if isinstance(e, table.GameFinished)), None)
    if revealed is None or finished is None:
        raise DomainError("game_not_over", "a dataset holds finished games only")
    kept, created = records[: revealed + 1], events[0]
    ended, reveal = events[finished], events[revealed]
    assert isinstance(created, table.TableCreated)
    assert isinstance(ended, table.GameFinished) and isinstance(reveal, table.SeedRevealed)
    seats = [DatasetSeat(e.seat, e.name, e.bot, e.player) for e in events[:revealed] if _seat(e)]
    return DatasetGame(
        format=FORMAT,
        game_id=records[0].game_id,
        kind=kind,
        options=created.options,
        seats=seats,
        finished_at=utc(records[finished].recorded_at),
        standings=list(ended.standings),
        seed=reveal.seed,
        last_link=str(kept[-1].metadata.get("hash", "")),
        events=[_event(each, event) for each, event in zip(kept, events, strict=False)],
    )


def records_of(line: DatasetGame) -> list[LogRecord]:
    """The published records a line holds, as they were stored (for the audit)."""
    return [
        LogRecord(
            game_id=line.game_id,
            version=each.version,
            type=each.type,
            data=each.data if isinstance(each.stored, UnsetType) else each.stored,
            metadata=each.metadata,
            event_id=each.event_id,
            recorded_at=each.recorded_at,
            schema_version=_stored_version(each),
        )
        for each in line.events
    ]


def encode(line: DatasetGame) -> bytes:
    return msgspec.json.encode(line) + b"\n"


def decode(line: bytes) -> DatasetGame:
    """A line of a dataset; raises msgspec.DecodeError when it is none."""
    game = _line_decoder.decode(line)
    if game.format != FORMAT:
        raise msgspec.ValidationError(f"format {game.format!r} is not {FORMAT!r}")
    return game


def lines(chunks: Iterable[bytes]) -> Iterator[bytes]:
    """The non-blank lines of a dataset read in chunks of any size (its bytes decompressed)."""
    pending = b""
    for chunk in chunks:
        pending += chunk
        *whole, pending = pending.split(b"\n")
        yield from (line for line in whole if line.strip())
    if pending.strip():
        yield pending


def utc(moment: str | datetime) -> str:
    """A time as the dataset writes it: ISO 8601 in UTC."""
    at = datetime.fromisoformat(moment) if isinstance(moment, str) else moment
    return at.astimezone(UTC).isoformat()


def month_of(moment: str | datetime) -> str:
    """The calendar month (UTC) a time falls in, as `YYYY-MM`."""
    at = datetime.fromisoformat(moment) if isinstance(moment, str) else moment
    return at.astimezone(UTC).strftime("%Y-%m")


def _decoded(kind: str, record: LogRecord) -> Any:
    try:
        return codec.decode_event(kind, record)
    except msgspec.DecodeError as error:
        raise DomainError("malformed_log", f"version {record.version}: {error}") from None


def _seat(event: Any) -> bool:
    return isinstance(event, table.SeatTaken)


def _event(record: LogRecord, event: Any) -> DatasetEvent:
    current = codec.schema_version(record.type)
    upcast = record.schema_version != current
    return DatasetEvent(
        version=record.version,
        type=record.type,
        data=msgspec.Raw(codec.encode(event)) if upcast else record.data,
        metadata=record.metadata,
        recorded_at=record.recorded_at,
        event_id=record.event_id,
        schema_version=current,
        stored=record.data if upcast else UNSET,
        stored_schema_version=record.schema_version if upcast else UNSET,
    )


def _stored_version(event: DatasetEvent) -> int:
    if isinstance(event.stored_schema_version, UnsetType):
        return event.schema_version
    return event.stored_schema_version

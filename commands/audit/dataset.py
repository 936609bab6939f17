"""The offline verifier of a dataset: every game of a file checked from its line alone, with
no server, database or network (`cardroom verify FILE`, or `verify_file` from Python).

Each line must be a `cardroom.dataset/1` game (check `format`) whose log passes the audit
(`commands.audit.report`: `seed_commitment`, `chance`, `hash_chain`, `commands` decided again
through the game's own decider, `standings`), whose summary fields say what its log says
(`summary`: id, kind, options, seats, finish time, standings, seed, last link, each event's
today's form of what was stored), and which comes in finish order after the one before
(`order`). The report names the first bad game and the check it fails.
"""

import gzip
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import msgspec
from msgspec import UnsetType

from commands.audit.report import audit
from commands.log import codec, dataset
from commands.log.dataset import DatasetGame
from commands.log.published import LogRecord
from domain import table
from domain.errors import DomainError

FORMAT = "format"
SUMMARY = "summary"
ORDER = "order"


class BadGame(msgspec.Struct, frozen=True):
    """The first game of a file that fails, and why."""

    line: int
    game_id: str
    check: str
    reason: str


class DatasetReport(msgspec.Struct, frozen=True):
    ok: bool
    games: int
    """Games read (bad ones included)."""
    bad: int
    games_by_kind: dict[str, int]
    first_bad: BadGame | None


def verify_file(path: str | Path) -> DatasetReport:
    """Verify a dataset file, gzip-compressed (as downloaded) or not, line by line."""
    with Path(path).open("rb") as raw, gzip.open(raw, "rb") as unzipped:
        compressed = raw.read(2) == b"\x1f\x8b"
        raw.seek(0)
        chunks: Any = unzipped if compressed else raw
        return verify_lines(dataset.lines(iter(lambda: chunks.read(1 << 16), b"")))


def verify_lines(lines: Iterable[bytes]) -> DatasetReport:
    """Verify a dataset's lines, one game at a time (memory stays that of one game)."""
    games = bad = 0
    kinds: dict[str, int] = {}
    first: BadGame | None = None
    last_finish = ""
    for number, line in enumerate(lines, start=1):
        games += 1
        game_id, check, reason, finished = _verify(line, last_finish)
        last_finish = finished or last_finish
        if check is None:
            kind = msgspec.json.decode(line, type=_Kind).kind
            kinds[kind] = kinds.get(kind, 0) + 1
            continue
        bad += 1
        first = first or BadGame(number, game_id, check, reason)
    return DatasetReport(bad == 0, games, bad, kinds, first)


class _Kind(msgspec.Struct):
    kind: str


def _verify(line: bytes, last_finish: str) -> tuple[str, str | None, str, str]:
    """(game id, the check that fails or None, why, the game's finish time)."""
    try:
        game = dataset.decode(line)
    except msgspec.DecodeError as error:
        return "", FORMAT, f"not a {dataset.FORMAT} line: {error}", ""
    records = dataset.records_of(game)
    try:
        report = audit(records)
    except DomainError as error:
        return game.game_id, FORMAT, f"{error.code}: {error}", game.finished_at
    if report.first_failure is not None:
        failure = report.first_failure
        where = "" if failure.version is None else f"version {failure.version}: "
        return game.game_id, failure.check, where + failure.reason, game.finished_at
    problem = summary_problem(game, records)
    if problem:
        return game.game_id, SUMMARY, problem, game.finished_at
    if game.finished_at < last_finish:
        return game.game_id, ORDER, f"finished at {game.finished_at}, before the game above", ""
    return game.game_id, None, "", game.finished_at


def summary_problem(game: DatasetGame, records: list[LogRecord]) -> str:
    """What a line's summary fields say that its log (already audited) does not."""
    events = codec.decode_events(game.kind, records)
    created = events[0]
    assert isinstance(created, table.TableCreated)
    said: dict[str, tuple[Any, Any]] = {
        "game_id": (game.game_id, records[0].game_id),
        "kind": (game.kind, created.kind),
        "options": (game.options, created.options),
        "last_link": (game.last_link, records[-1].metadata.get("hash")),
        "seats": (
            game.seats,
            [
                dataset.DatasetSeat(e.seat, e.name, e.bot, e.player)
                for e in events
                if isinstance(e, table.SeatTaken)
            ],
        ),
    }
    if not isinstance(events[-1], table.SeedRevealed):
        return "the log does not end with the seed reveal"
    said["seed"] = (game.seed, events[-1].seed)
    ends = [i for i, e in enumerate(events) if isinstance(e, table.GameFinished)]
    ended = events[ends[0]]
    said["standings"] = (game.standings, list(ended.standings))
    said["finished_at"] = (game.finished_at, dataset.utc(records[ends[0]].recorded_at))
    for name, (line_says, log_says) in said.items():
        if codec.canonical(line_says) != codec.canonical(log_says):
            return f"its {name} is not what its log says"
    decoder = codec.event_decoder(game.kind)
    for each, event in zip(game.events, events, strict=True):
        if not isinstance(each.stored, UnsetType) and _read(decoder, each.data) != event:
            return f"version {each.version}: its data is not the upcast of what was stored"
    return ""


def _read(decoder: msgspec.json.Decoder[Any], data: msgspec.Raw) -> Any:
    try:
        return decoder.decode(data)
    except msgspec.DecodeError:
        return None

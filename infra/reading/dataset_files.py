"""Datasets as files: a month's lines gzip-compressed as they stream, and the file of an
ended month, built once under the datasets directory (`Settings.datasets_dir`) with its size,
SHA-256 and game count beside it (`<kind>/<YYYY-MM>.ndjson.gz` and `.json`).

The compression is deterministic (zlib's gzip wrapper writes no time and no name), so the
file built by `cardroom export`, by one API node or by another is the same bytes. A file is
written to a temporary name and renamed in place, so a reader never sees half of one.
"""

import asyncio
import hashlib
import os
import tempfile
import zlib
from collections.abc import AsyncIterable, AsyncIterator, Callable
from datetime import UTC, datetime
from pathlib import Path

import asyncpg
import msgspec

from infra.process.workers import pause
from infra.reading import dataset_lines

ROUND = 300.0
"""Seconds between two rounds of the `datasets` job."""
CHUNK = 1 << 16
"""Bytes compressed (and read from a built file) at a time."""
LEVEL = 6

Progress = Callable[[int], None]
"""Told each game written."""


class BuiltFile(msgspec.Struct, frozen=True):
    """What is kept beside a built file; `upto`, for a month still going, names the last
    game it holds (its games and that game's id)."""

    kind: str
    month: str
    games: int
    size: int
    sha256: str
    upto: str = ""


async def gzipped(lines: AsyncIterable[bytes]) -> AsyncIterator[bytes]:
    """The lines gzip-compressed, a chunk at a time."""
    compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, 31)
    pending: list[bytes] = []
    size = 0
    async for line in lines:
        pending.append(line)
        size += len(line)
        if size >= CHUNK:
            compressed = compressor.compress(b"".join(pending))
            pending, size = [], 0
            if compressed:
                yield compressed
    yield compressor.compress(b"".join(pending)) + compressor.flush()


def path_of(directory: Path, kind: str, month: str, so_far: bool = False) -> Path:
    """Where a month's file is built (`so_far`: the file of a month still going)."""
    return directory / kind / f"{month}{'.so-far' if so_far else ''}.ndjson.gz"


def built(directory: Path, kind: str, month: str, so_far: bool = False) -> BuiltFile | None:
    """The record of a month's built file, when it is there whole."""
    path = path_of(directory, kind, month, so_far)
    try:
        kept = msgspec.json.decode(path.with_suffix(".json").read_bytes(), type=BuiltFile)
        return kept if path.stat().st_size == kept.size else None
    except (OSError, msgspec.DecodeError):
        return None


class Counted:
    """Lines passed on as they are read, counted (`games`), each count told to `progress`."""

    def __init__(self, lines: AsyncIterable[bytes], progress: Progress | None = None) -> None:
        self._lines = lines
        self._progress = progress
        self.games = 0

    async def __aiter__(self) -> AsyncIterator[bytes]:
        async for line in self._lines:
            self.games += 1
            if self._progress:
                self._progress(self.games)
            yield line


async def write(
    lines: AsyncIterable[bytes], out: Path, progress: Progress | None = None
) -> tuple[int, int, str]:
    """Write the compressed lines to `out` through a temporary file renamed in place;
    returns (games, size, SHA-256)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    digest, size, games = hashlib.sha256(), 0, Counted(lines, progress)
    handle, temporary = tempfile.mkstemp(dir=out.parent, prefix=f".{out.name}.")
    try:
        with os.fdopen(handle, "wb") as file:
            async for chunk in gzipped(games):
                digest.update(chunk)
                size += len(chunk)
                file.write(chunk)
        os.replace(temporary, out)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return games.games, size, digest.hexdigest()


async def build(
    pool: asyncpg.Pool,
    directory: Path,
    kind: str,
    month: str,
    progress: Progress | None = None,
    upto: dataset_lines.MonthCount | None = None,
) -> BuiltFile:
    """Build an ended month's file (the caller has checked that it ended) and its record;
    or, `upto` a month's last game so far, the file of a month still going."""
    path = path_of(directory, kind, month, so_far=upto is not None)
    lines = dataset_lines.lines(pool, kind, month, upto=upto)
    games, size, sha256 = await write(lines, path, progress)
    kept = BuiltFile(kind, month, games, size, sha256, tag_of(upto) if upto else "")
    record = path.with_suffix(".json")
    temporary = record.with_name(f".{record.name}.{os.getpid()}")
    temporary.write_bytes(msgspec.json.encode(kept))
    os.replace(temporary, record)
    return kept


async def read(path: Path, start: int, end: int) -> AsyncIterator[bytes]:
    """Bytes `start` to `end` (inclusive) of a file, a chunk at a time."""
    with path.open("rb") as file:
        file.seek(start)
        left = end - start + 1
        while left > 0:
            chunk = await asyncio.to_thread(file.read, min(CHUNK, left))
            if not chunk:
                return
            left -= len(chunk)
            yield chunk


def tag_of(upto: dataset_lines.MonthCount) -> str:
    """What tells a month's games so far from its games after another has finished."""
    return f"{upto.games}.{upto.last_game}"


class Datasets:
    """A process's datasets: each ended month built once, one build at a time per month."""

    def __init__(self, pool: asyncpg.Pool, directory: Path) -> None:
        self.pool = pool
        self.directory = directory
        self._locks: dict[tuple[str, str], asyncio.Lock] = {}

    async def ended(self, month: str, now: datetime | None = None) -> bool:
        """Whether a month has ended and every game finished in it is known."""
        moment = now or datetime.now(UTC)
        return dataset_lines.has_ended(month, moment) and await dataset_lines.settled(
            self.pool, month
        )

    async def file(self, kind: str, month: str) -> BuiltFile:
        """The built file of an ended month, built now when it is not yet."""
        lock = self._locks.setdefault((kind, month), asyncio.Lock())
        async with lock:
            kept = built(self.directory, kind, month)
            if kept is None:
                kept = await build(self.pool, self.directory, kind, month)
                so_far = path_of(self.directory, kind, month, so_far=True)
                so_far.unlink(missing_ok=True)
                so_far.with_suffix(".json").unlink(missing_ok=True)
            return kept

    async def so_far(self, kind: str, month: str, upto: dataset_lines.MonthCount) -> BuiltFile:
        """The file of a month still going, up to its last game so far: built when a byte
        range of it is asked for, and again only once another game has finished (one such
        file a kind, replaced)."""
        lock = self._locks.setdefault((kind, month), asyncio.Lock())
        async with lock:
            kept = built(self.directory, kind, month, so_far=True)
            if kept is None or kept.upto != tag_of(upto):
                kept = await build(self.pool, self.directory, kind, month, upto=upto)
            return kept

    async def build_round(self) -> None:
        """Build every ended month not built yet, and bring the file of each month still
        going up to its games so far (the `datasets` job's round)."""
        for each in await dataset_lines.months(self.pool):
            if built(self.directory, each.kind, each.month) is not None:
                continue
            if await self.ended(each.month):
                await self.file(each.kind, each.month)
            else:
                await self.so_far(each.kind, each.month, each)

    async def run(self, stopping: asyncio.Event) -> None:
        """Build the ended months' files as they end, and the files of the months still
        going as their games finish, a round every `ROUND` seconds, until stopping."""
        while not stopping.is_set():
            await self.build_round()
            if await pause(stopping, ROUND):
                return

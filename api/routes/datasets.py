"""Datasets: every finished game of a kind and a calendar month as one gzip-compressed file
of JSON lines (`docs/datasets.md`), and the list of them.

An ended month's file is built once (`infra.reading.dataset_files`) and served from disk
with its SHA-256 as a strong `ETag`, its `Content-Length` and byte ranges; the current
month's is compressed as it streams from the database, with a weak `ETag` naming its
games so far.
"""

import re
from datetime import UTC, datetime
from typing import Annotated, Any

import msgspec
from litestar import Request, Response, get
from litestar.params import PathParameter
from litestar.response import Stream

from api.http.core import DatasetsDependency, PoolDependency
from api.http.described import CONTRACT, DOWNLOAD, Described
from api.http.errors import HttpRefusal, problem
from api.http.pages import unchanged
from api.http.params import Kind, known_kind
from commands.log.registry import game_rules
from infra.reading import dataset_files, dataset_lines

FILE = re.compile(r"^(?P<month>\d{4}-\d{2})\.ndjson\.gz$")
RANGE = re.compile(r"^bytes=(?P<first>\d*)-(?P<last>\d*)$")


class DatasetMonth(msgspec.Struct, frozen=True):
    """One dataset: the games of `kind` finished in `month` (UTC). `size` (bytes, gzipped)
    and `sha256` are those of its file of `file_games` games: the whole month's once it has
    ended, else the file of its games so far as last built (each round of the datasets job,
    `null` until the first); a download of a month still going may hold more games."""

    kind: str
    month: str
    games: int
    ended: bool
    size: int | None
    sha256: str | None
    file_games: int | None
    url: str


LISTED = {
    "datasets": {
        "value": [
            {
                "kind": "mad",
                "month": "2026-10",
                "games": 412,
                "ended": True,
                "size": 1843907,
                "sha256": "3f0c" + "0" * 60,
                "file_games": 412,
                "url": "/datasets/mad/2026-10.ndjson.gz",
            }
        ]
    }
}
DUMP = {
    "dataset": {
        "summary": "gzip-compressed JSON lines, one `DatasetGame` a line",
        "value": '{"format":"cardroom.dataset/1","game_id":"0f8e2c51-...","kind":"mad",...}\n',
    }
}


@get(
    "/datasets",
    tags=["datasets"],
    opt={CONTRACT: Described(("invalid_query", "unknown_kind"), answers=LISTED)},
    operation_id="listDatasets",
)
async def datasets(
    pool: PoolDependency, datasets: DatasetsDependency, kind: Kind = None
) -> list[DatasetMonth]:
    """The datasets, by kind and month: the games finished, and the size and SHA-256 of the
    month's file once built (of the games so far, for a month still going)."""
    known_kind(kind)
    now = datetime.now(UTC)
    listed = []
    for each in await dataset_lines.months(pool, kind):
        kept = dataset_files.built(datasets.directory, each.kind, each.month)
        ended = kept is not None or await datasets.ended(each.month, now)
        if kept is None and not ended:
            kept = dataset_files.built(datasets.directory, each.kind, each.month, so_far=True)
        url = f"/datasets/{each.kind}/{each.month}.ndjson.gz"
        listed.append(
            DatasetMonth(
                each.kind,
                each.month,
                each.games,
                ended,
                size=kept.size if kept else None,
                sha256=kept.sha256 if kept else None,
                file_games=kept.games if kept else None,
                url=url,
            )
        )
    return listed


@get(
    "/datasets/{kind:str}/{file:str}",
    tags=["datasets"],
    opt={
        CONTRACT: Described(
            ("unknown_kind", "invalid_month", "dataset_not_found", "range_not_satisfiable"),
            answers=DUMP,
            download="DatasetGame",
        )
    },
    media_type=DOWNLOAD,
    operation_id="getDataset",
)
async def dataset(
    request: Request[Any, Any, Any],
    pool: PoolDependency,
    datasets: DatasetsDependency,
    kind: Annotated[str, PathParameter(description="the game kind")],
    file: Annotated[str, PathParameter(description="`YYYY-MM.ndjson.gz`: the month (UTC)")],
) -> Response[Any]:
    """Every game of the kind finished in the month, one JSON line each in finish order,
    gzip-compressed: an ended month's file with `Content-Length` and byte ranges (`Range`),
    the current month's as it streams."""
    game_rules(kind)
    month = _month(file)
    counted = await dataset_lines.month(pool, kind, month)
    if counted is None:
        raise HttpRefusal("dataset_not_found", f"no game of {kind} finished in {month}")
    if await datasets.ended(month):
        kept = await datasets.file(kind, month)
        return _served(request, dataset_files.path_of(datasets.directory, kind, month), kept)
    if "range" in request.headers:  # a range of the games so far: kept as a file to serve it
        kept = await datasets.so_far(kind, month, counted)
        path = dataset_files.path_of(datasets.directory, kind, month, so_far=True)
        return _served(request, path, kept, cached=False)
    lines = dataset_lines.lines(pool, kind, month, upto=counted)
    return _streamed(request, dataset_files.tag_of(counted), dataset_files.gzipped(lines))


def _month(file: str) -> str:
    matched = FILE.match(file)
    if matched is None:
        raise HttpRefusal("invalid_month", f"{file!r} is no dataset: YYYY-MM.ndjson.gz")
    month = matched["month"]
    dataset_lines.month_bounds(month)
    return month


def _streamed(request: Request[Any, Any, Any], tag: str, body: Any) -> Response[Any]:
    etag = f'W/"{tag}"'
    headers = {"ETag": etag, "Accept-Ranges": "bytes"}
    if unchanged(request, etag):
        return Response(b"", status_code=304, headers=headers)
    return Stream(body, media_type=DOWNLOAD, headers=headers)


def _served(
    request: Request[Any, Any, Any],
    path: Any,
    kept: dataset_files.BuiltFile,
    cached: bool = True,
) -> Response[Any]:
    """A built file, whole or the byte range asked; `cached`: an ended month's, which never
    changes."""
    etag = f'"{kept.sha256}"'
    headers = {"ETag": etag, "Accept-Ranges": "bytes"}
    if cached:
        headers["Cache-Control"] = "public, max-age=86400"
    if unchanged(request, etag):
        return Response(b"", status_code=304, headers=headers)
    first, last = 0, kept.size - 1
    asked = request.headers.get("range")
    if_range = request.headers.get("if-range")
    status = 200
    if asked is not None and (if_range is None or if_range == etag):
        matched = _range(asked, kept.size)
        if matched is None:
            detail = f"one byte range of the file's {kept.size} is served, not {asked!r}"
            unsatisfied = {"Content-Range": f"bytes */{kept.size}"}
            return problem(416, "range_not_satisfiable", detail, headers=unsatisfied)
        first, last = matched
        status = 206
        headers["Content-Range"] = f"bytes {first}-{last}/{kept.size}"
    headers["Content-Length"] = str(last - first + 1)
    body = dataset_files.read(path, first, last)
    return Stream(body, media_type=DOWNLOAD, headers=headers, status_code=status)


def _range(asked: str, size: int) -> tuple[int, int] | None:
    """The one byte range `asked` names within `size` bytes (RFC 9110 §14.1.2), or None when
    it names none (several ranges, another unit, or beyond the end)."""
    matched = RANGE.match(asked.strip())
    if matched is None or not (matched["first"] or matched["last"]):
        return None
    if not matched["first"]:
        first, last = max(size - int(matched["last"]), 0), size - 1
    else:
        first = int(matched["first"])
        last = min(int(matched["last"]), size - 1) if matched["last"] else size - 1
    if first > last or first >= size:
        return None
    return first, last


DATASET_ROUTES = [datasets, dataset]

"""Datasets over HTTP: a month's finished games (by their finish in UTC), an ended month's
file built once with its SHA-256, length and byte ranges, the current month's streamed, and
bad paths refused as problems."""

import gzip
import hashlib
from datetime import UTC, datetime, timedelta
from typing import Any

import asyncpg
import pytest
from httpx import AsyncClient

from api.http.cors import DOWNLOAD_HEADERS
from commands.audit.dataset import verify_lines
from commands.log import dataset
from infra.process.settings import LOCAL_ORIGINS, Settings
from infra.reading import dataset_files
from tests.api.players import open_table
from tests.api.test_audit import finished_game
from tests.commands.tamper import golden, golden_names
from tests.infra.golden_finished import store_finished
from tests.projections.settle import settled


async def stored(pool: asyncpg.Pool, kind: str, *finishes: datetime) -> list[str]:
    """Golden games of `kind` stored as finished at these times; the read model caught up."""
    names = golden_names(kind)
    ids = [
        await store_finished(pool, golden(names[i % len(names)]), at)
        for i, at in enumerate(finishes)
    ]
    await settled(pool, ("finished_games",))
    return ids


def ids_in(body: bytes) -> list[str]:
    return [dataset.decode(line).game_id for line in dataset.lines([gzip.decompress(body)])]


def listed(answer: list[dict[str, Any]], kind: str, month: str) -> dict[str, Any]:
    return next(each for each in answer if (each["kind"], each["month"]) == (kind, month))


async def test_a_game_finished_at_the_months_last_moment_is_in_it_one_at_midnight_in_the_next(
    client: AsyncClient, pool: asyncpg.Pool
) -> None:
    last_moment = datetime(2025, 1, 31, 23, 59, 59, 999000, tzinfo=UTC)
    january, february = await stored(pool, "mad", last_moment, datetime(2025, 2, 1, tzinfo=UTC))
    answer = (await client.get("/datasets", params={"kind": "mad"})).json()
    for month in ("2025-01", "2025-02"):
        assert listed(answer, "mad", month)["games"] == 1
        assert listed(answer, "mad", month)["ended"] is True
    assert ids_in((await client.get("/datasets/mad/2025-01.ndjson.gz")).content) == [january]
    assert ids_in((await client.get("/datasets/mad/2025-02.ndjson.gz")).content) == [february]
    line = dataset.decode(
        dataset.lines(
            [gzip.decompress((await client.get("/datasets/mad/2025-01.ndjson.gz")).content)]
        ).__next__()
    )
    assert line.finished_at == "2025-01-31T23:59:59.999000+00:00"


async def test_an_ended_month_is_one_built_file_with_its_hash_length_and_byte_ranges(
    client: AsyncClient, pool: asyncpg.Pool, settings: Settings
) -> None:
    start = datetime(2024, 3, 5, tzinfo=UTC)
    ids = await stored(pool, "onexeno", *(start + timedelta(days=d) for d in (3, 1, 2)))
    url = "/datasets/onexeno/2024-03.ndjson.gz"
    whole = await client.get(url)
    body = whole.content
    assert whole.status_code == 200 and whole.headers["content-type"] == "application/octet-stream"
    assert int(whole.headers["content-length"]) == len(body)
    assert whole.headers["etag"] == f'"{hashlib.sha256(body).hexdigest()}"'
    assert whole.headers["accept-ranges"] == "bytes"
    assert ids_in(body) == [ids[1], ids[2], ids[0]]
    assert verify_lines(dataset.lines([gzip.decompress(body)])).ok
    entry = listed((await client.get("/datasets")).json(), "onexeno", "2024-03")
    assert (entry["size"], entry["sha256"]) == (len(body), hashlib.sha256(body).hexdigest())
    path = dataset_files.path_of(settings.datasets_dir, "onexeno", "2024-03")
    built_at = path.stat().st_mtime_ns
    for asked, part in [
        ("bytes=10-99", body[10:100]),
        ("bytes=-50", body[-50:]),
        ("bytes=100-", body[100:]),
        (f"bytes=5-{len(body) * 2}", body[5:]),
    ]:
        answer = await client.get(url, headers={"Range": asked, "Origin": LOCAL_ORIGINS[0]})
        assert answer.status_code == 206, asked
        exposed = answer.headers["access-control-expose-headers"].lower()
        for header in DOWNLOAD_HEADERS:
            assert header.lower() in answer.headers and header.lower() in exposed, header
        assert answer.content == part, asked
        first = len(body) - len(part)
        assert (
            answer.headers["content-range"] == f"bytes {first}-{len(body) - 1}/{len(body)}"
            or asked == "bytes=10-99"
        )
    assert path.stat().st_mtime_ns == built_at, "served again, never built again"
    same = await client.get(url, headers={"If-None-Match": whole.headers["etag"]})
    assert same.status_code == 304 and same.content == b""


@pytest.mark.parametrize(
    ("path", "headers", "status", "code"),
    [
        ("/datasets/chess/2024-03.ndjson.gz", {}, 422, "unknown_kind"),
        ("/datasets/cno/2024-13.ndjson.gz", {}, 404, "invalid_month"),
        ("/datasets/cno/2024-3.ndjson.gz", {}, 404, "invalid_month"),
        ("/datasets/cno/2024-03.zip", {}, 404, "invalid_month"),
        ("/datasets/cno/1999-01.ndjson.gz", {}, 404, "dataset_not_found"),
        (
            "/datasets/ecliptic/2024-04.ndjson.gz",
            {"Range": "bytes=999999-"},
            416,
            "range_not_satisfiable",
        ),
        (
            "/datasets/ecliptic/2024-04.ndjson.gz",
            {"Range": "lines=1-2"},
            416,
            "range_not_satisfiable",
        ),
        ("/datasets?kind=chess", {}, 422, "unknown_kind"),
    ],
)
async def test_a_bad_dataset_request_is_a_problem_and_changes_nothing(
    client: AsyncClient,
    pool: asyncpg.Pool,
    path: str,
    headers: dict[str, str],
    status: int,
    code: str,
) -> None:
    if "ecliptic" in path:
        await stored(pool, "ecliptic", datetime(2024, 4, 2, tzinfo=UTC))
    before = await pool.fetchval("SELECT count(*) FROM finished_games")
    answer = await client.get(path, headers=headers)
    assert answer.status_code == status, answer.text
    assert answer.headers["content-type"] == "application/problem+json"
    assert answer.json()["code"] == code
    if status == 416:
        size = len((await client.get(path)).content)
        assert answer.headers["content-range"] == f"bytes */{size}"
    assert await pool.fetchval("SELECT count(*) FROM finished_games") == before


async def test_the_current_month_streams_its_finished_games_and_never_an_unfinished_one(
    client: AsyncClient, pool: asyncpg.Pool
) -> None:
    done = await finished_game(client, "mad")
    playing, _ = await open_table(client, "mad", 2)
    await settled(pool, ("finished_games",))
    month = dataset.month_of(datetime.now(UTC))
    url = f"/datasets/mad/{month}.ndjson.gz"
    answer = await client.get(url)
    assert answer.status_code == 200, answer.text
    assert "content-length" not in answer.headers and answer.headers["accept-ranges"] == "bytes"
    assert answer.headers["etag"].startswith('W/"')
    found = ids_in(answer.content)
    assert done in found and playing not in found
    assert verify_lines(dataset.lines([gzip.decompress(answer.content)])).ok
    again = await client.get(url, headers={"If-None-Match": answer.headers["etag"]})
    assert again.status_code == 304
    entry = listed((await client.get("/datasets")).json(), "mad", month)
    assert entry["ended"] is False and entry["games"] == len(found)


async def test_a_month_still_going_is_listed_with_the_size_and_checksum_of_its_games_so_far(
    client: AsyncClient, pool: asyncpg.Pool
) -> None:
    await finished_game(client, "mad")
    await settled(pool, ("finished_games",))
    month = dataset.month_of(datetime.now(UTC))
    whole = await client.get(f"/datasets/mad/{month}.ndjson.gz", headers={"Range": "bytes=0-"})
    assert whole.status_code == 206, whole.text
    entry = listed((await client.get("/datasets")).json(), "mad", month)
    assert entry["ended"] is False
    assert (entry["size"], entry["sha256"]) == (
        len(whole.content),
        hashlib.sha256(whole.content).hexdigest(),
    )
    assert entry["file_games"] == len(ids_in(whole.content)) <= entry["games"]


async def test_a_byte_range_of_the_current_month_is_of_its_games_so_far(
    client: AsyncClient, pool: asyncpg.Pool
) -> None:
    done = await finished_game(client, "mad")
    await settled(pool, ("finished_games",))
    url = f"/datasets/mad/{dataset.month_of(datetime.now(UTC))}.ndjson.gz"
    first = await client.get(url, headers={"Range": "bytes=0-99"})
    assert first.status_code == 206, first.text
    size = int(first.headers["content-range"].rsplit("/", 1)[1])
    assert first.headers["content-range"] == f"bytes 0-99/{size}" and len(first.content) == 100
    rest = await client.get(url, headers={"Range": "bytes=100-", "If-Range": first.headers["etag"]})
    if rest.status_code == 206:  # no game finished in between: the same file's other bytes
        assert rest.headers["content-range"] == f"bytes 100-{size - 1}/{size}"
        whole = first.content + rest.content
    else:  # another game finished meanwhile, so `If-Range` named an older file: all of it
        assert rest.status_code == 200
        whole = rest.content
    assert done in ids_in(whole)
    assert verify_lines(dataset.lines([gzip.decompress(whole)])).ok

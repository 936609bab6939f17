"""`cardroom export --kind K --month M`: a month's dataset from the database, the very bytes
the service serves; `cardroom export GAME --out FILE` keeps writing one game's log."""

import gzip
from datetime import UTC, datetime
from pathlib import Path

import asyncpg
from httpx import AsyncClient

from commands.audit.dataset import verify_file
from commands.log import dataset, published
from tests.api.test_audit import finished_game
from tests.api.test_datasets import stored
from tests.infra.test_audit_commands import cardroom


async def test_an_exported_month_is_the_file_the_service_serves_and_verifies(
    client: AsyncClient, pool: asyncpg.Pool, database_url: str, tmp_path: Path
) -> None:
    ids = await stored(
        pool, "cno", datetime(2024, 8, 9, tzinfo=UTC), datetime(2024, 8, 3, tzinfo=UTC)
    )
    out = tmp_path / "cno-2024-08.ndjson.gz"
    exported = await cardroom(
        database_url, "export", "--kind", "cno", "--month", "2024-08", "--out", str(out)
    )
    assert exported.exit_code == 0, exported.output
    assert "2 games of cno finished in 2024-08" in exported.stderr
    served = await client.get("/datasets/cno/2024-08.ndjson.gz")
    assert out.read_bytes() == served.content
    lines = list(dataset.lines([gzip.decompress(out.read_bytes())]))
    assert [dataset.decode(line).game_id for line in lines] == ids[::-1]
    assert verify_file(out).ok
    to_stdout = await cardroom(database_url, "export", "--kind", "cno", "--month", "2024-08")
    assert to_stdout.stdout_bytes == out.read_bytes()


async def test_one_games_log_is_still_exported_by_its_id_to_a_file(
    client: AsyncClient, database_url: str, tmp_path: Path
) -> None:
    game_id = await finished_game(client, "mad")
    out = tmp_path / "game.jsonl"
    exported = await cardroom(database_url, "export", game_id, "--out", str(out))
    assert exported.exit_code == 0, exported.output
    records = published.from_lines(out.read_bytes().splitlines())
    assert records[0].game_id == game_id


async def test_an_export_asked_for_wrongly_is_refused(database_url: str) -> None:
    for arguments, said in [
        (("export",), "give a GAME id, or both --kind and --month"),
        (("export", "--kind", "mad"), "give a GAME id, or both --kind and --month"),
        (("export", "g", "--kind", "mad", "--month", "2024-01"), "not both"),
        (("export", "--kind", "chess", "--month", "2024-01"), "unknown_kind"),
        (("export", "--kind", "mad", "--month", "24-1"), "invalid_month"),
    ]:
        result = await cardroom(database_url, *arguments)
        assert result.exit_code != 0
        assert said in result.output, result.output

"""`cardroom export` and `cardroom audit`, on games played over HTTP and on exported files."""

import asyncio
import json
import os
import random
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner, Result
from httpx import AsyncClient

from api.main.cli import main
from commands.log import published
from tests.api.players import ok, open_table, play
from tests.api.test_audit import finished_game
from tests.commands.tamper import GOLDEN, changed_card, golden_names

ROOT = Path(__file__).parents[2]


async def cardroom(database_url: str, *arguments: str) -> Result:
    """Run the command line in a thread of its own (it runs its own event loop)."""
    runner = CliRunner()
    env = {"CARDROOM_DATABASE_URL": database_url}
    return await asyncio.to_thread(runner.invoke, main, list(arguments), env=env)


async def test_an_exported_game_is_its_log_and_passes_the_audit_from_the_file(
    client: AsyncClient, database_url: str, tmp_path: Path
) -> None:
    game_id = await finished_game(client, "onexeno")
    exported = await cardroom(database_url, "export", game_id)
    assert exported.exit_code == 0, exported.output
    records = published.from_lines(exported.stdout_bytes.splitlines())
    served = ok(await client.get(f"/games/{game_id}/log"))["events"]
    assert [json.loads(bytes(r.data)) for r in records] == [e["data"] for e in served]
    path = tmp_path / "game.jsonl"
    path.write_bytes(exported.stdout_bytes)
    audited = await cardroom(database_url, "audit", "--file", str(path))
    assert audited.exit_code == 0, audited.output
    assert json.loads(audited.stdout)["ok"] is True


async def test_the_audit_of_a_game_by_id_reads_the_database(
    client: AsyncClient, database_url: str
) -> None:
    game_id = await finished_game(client, "mad")
    audited = await cardroom(database_url, "audit", game_id)
    assert audited.exit_code == 0, audited.output
    assert [check["name"] for check in json.loads(audited.stdout)["checks"]] == [
        "seed_commitment",
        "chance",
        "hash_chain",
        "commands",
        "standings",
    ]


async def test_a_tampered_file_fails_with_its_first_failure(
    database_url: str, tmp_path: Path
) -> None:
    with (GOLDEN / golden_names("gnono")[0]).open("rb") as lines:
        index, tampered = changed_card(published.from_lines(lines), last=True)
    path = tmp_path / "tampered.jsonl"
    path.write_bytes(b"".join(published.to_lines(tampered)))
    audited = await cardroom(database_url, "audit", "--file", str(path))
    assert audited.exit_code == 1
    assert json.loads(audited.stdout)["first_failure"]["version"] == index + 1


async def test_a_live_game_is_neither_exported_nor_audited(
    client: AsyncClient, database_url: str
) -> None:
    game_id, tokens = await open_table(client, "mad", 2)
    await play(client, game_id, tokens, random.Random(2), 3)
    for command in ("export", "audit"):
        refused = await cardroom(database_url, command, game_id)
        assert refused.exit_code == 1
        assert "game_not_over" in refused.output


async def test_the_audit_wants_a_game_or_a_file(database_url: str, tmp_path: Path) -> None:
    assert (await cardroom(database_url, "audit")).exit_code == 2
    both = tmp_path / "both.jsonl"
    both.write_bytes(b"")
    assert (await cardroom(database_url, "audit", "some-id", "--file", str(both))).exit_code == 2
    not_a_log = tmp_path / "junk.jsonl"
    not_a_log.write_bytes(b"{}\n")
    refused = await cardroom(database_url, "audit", "--file", str(not_a_log))
    assert (refused.exit_code, "malformed_log" in refused.output) == (1, True)


def test_the_audit_of_a_file_needs_no_server(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CARDROOM_")}
    env["CARDROOM_DATA_DIR"] = str(tmp_path / "data")
    path = GOLDEN / golden_names("cno")[0]
    command = [sys.executable, "-m", "api.main.cli", "audit", "--file", str(path)]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["ok"] is True
    assert not (tmp_path / "data").exists(), "no embedded server was started"

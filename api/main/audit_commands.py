"""`cardroom export`, `cardroom audit` and `cardroom verify`: a finished game's log as JSON
Lines (or a month's dataset), its audit, and a dataset's.

`cardroom audit --file game.jsonl` needs no server: it checks a downloaded log on its own.
The audit prints its JSON report and exits 0 when every check passes, 1 when one fails;
`cardroom verify FILE` does the same for every game of a dataset (`docs/datasets.md`).
"""

import asyncio
import contextlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO, TypeVar

import click
import msgspec

from api.main import dataset_export
from commands.audit.dataset import verify_file
from commands.audit.report import audit as audit_log
from commands.log import published
from domain.errors import DomainError
from infra.process.database import open_pool
from infra.process.servers import database_url
from infra.process.settings import Settings
from infra.process.variables import SettingsError
from infra.store.postgres_store import PostgresEventStore

T = TypeVar("T")


@click.command(
    help="Write a finished game's full log (GAME) as JSON Lines, or the dataset of a kind and "
    "a month (--kind, --month: its games finished so far, gzip-compressed, the file "
    "GET /datasets/KIND/MONTH.ndjson.gz serves), to standard output or --out FILE."
)
@click.argument("game_id", required=False)
@click.option("--kind", help="The game kind of the dataset.")
@click.option("--month", help="The month (UTC) of the dataset: YYYY-MM.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Write this file.")
def export(game_id: str | None, kind: str | None, month: str | None, out: Path | None) -> None:
    if game_id is not None:
        if kind or month:
            raise click.UsageError("give a GAME id, or --kind and --month, not both")
        lines = published.to_lines(_or_exit(lambda: asyncio.run(_stored_logs(game_id)))[0])
        with _output(out) as file:
            file.writelines(lines)
    elif kind is None or month is None:
        raise click.UsageError("give a GAME id, or both --kind and --month")
    else:
        games = _or_exit(lambda: asyncio.run(dataset_export.export(kind, month, out)))
        click.echo(f"{games} games of {kind} finished in {month}", err=True)


@click.command(
    help="Verify a dataset file (gzip-compressed or not) with no server; exit 1 "
    "naming the first bad game and the check it fails."
)
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def verify(file: Path) -> None:
    report = verify_file(file)
    kinds = ", ".join(f"{count} {kind}" for kind, count in sorted(report.games_by_kind.items()))
    click.echo(f"{report.games} games read ({kinds or 'none good'}), {report.bad} bad")
    if report.first_bad is not None:
        bad = report.first_bad
        where = f"line {bad.line}, game {bad.game_id or '(unreadable)'}"
        click.echo(f"first bad game: {where}: check {bad.check} fails: {bad.reason}", err=True)
        sys.exit(1)
    click.echo("every game verifies")


@click.command(help="Audit a finished game (by id, or from an exported --file); prints JSON.")
@click.argument("game_id", required=False)
@click.option("--file", "log_file", type=click.File("rb"), help="An exported log (JSON Lines).")
@click.option(
    "--source", "source_file", type=click.File("rb"), help="A sandbox's source's exported log."
)
def audit(game_id: str | None, log_file: BinaryIO | None, source_file: BinaryIO | None) -> None:
    if (game_id is None) == (log_file is None):
        raise click.UsageError("give either a GAME id or --file, not both")

    def logs() -> Logs:
        if game_id:
            return asyncio.run(_stored_logs(game_id))
        source = published.from_lines(source_file) if source_file else []
        return published.from_lines(log_file or ()), source

    report = _or_exit(lambda: audit_log(*logs()))
    click.echo(msgspec.json.format(msgspec.json.encode(report)).decode())
    sys.exit(0 if report.ok else 1)


@contextlib.contextmanager
def _output(out: Path | None) -> Iterator[BinaryIO]:
    if out is None:
        yield sys.stdout.buffer
    else:
        with out.open("wb") as file:
            yield file


def _or_exit(work: Callable[[], T]) -> T:
    """The result of `work`, or a one-line error and exit status 1 when it is refused (or a
    setting cannot be read)."""
    try:
        return work()
    except DomainError as error:
        raise click.ClickException(f"{error.code}: {error}") from None
    except SettingsError as error:
        raise click.ClickException(str(error)) from None


Logs = tuple[list[published.LogRecord], list[published.LogRecord]]
"""A game's log, and its source's when it is a sandbox's (else none)."""


async def _stored_logs(game_id: str) -> Logs:
    settings = Settings.from_env()
    url, timeouts = database_url(settings), settings.database_timeouts
    async with open_pool(url, min_size=1, timeouts=timeouts) as pool:
        store = PostgresEventStore(pool)
        rows = await store.read_stream(game_id)
        forked = published.forked_from(rows)
        source = [] if forked is None else await store.read_stream(forked.source)
    return published.published(game_id, rows), [published.record(row) for row in source]

"""`cardroom export` and `cardroom audit`: a finished game's log as JSON Lines, and its audit.

`cardroom audit --file game.jsonl` needs no server: it checks a downloaded log on its own.
The audit prints its JSON report and exits 0 when every check passes, 1 when one fails.
"""

import asyncio
import sys
from collections.abc import Callable
from typing import BinaryIO, TypeVar

import click
import msgspec

from commands.audit.report import audit as audit_log
from commands.log import published
from domain.errors import DomainError
from infra.process.database import open_pool
from infra.process.servers import database_url
from infra.process.settings import Settings
from infra.process.variables import SettingsError
from infra.store.postgres_store import PostgresEventStore

T = TypeVar("T")


@click.command(help="Write a finished game's full log to standard output as JSON Lines.")
@click.argument("game_id")
def export(game_id: str) -> None:
    for line in published.to_lines(_or_exit(lambda: asyncio.run(_stored_log(game_id)))):
        sys.stdout.buffer.write(line)


@click.command(help="Audit a finished game (by id, or from an exported --file); prints JSON.")
@click.argument("game_id", required=False)
@click.option("--file", "log_file", type=click.File("rb"), help="An exported log (JSON Lines).")
def audit(game_id: str | None, log_file: BinaryIO | None) -> None:
    if (game_id is None) == (log_file is None):
        raise click.UsageError("give either a GAME id or --file, not both")

    def records() -> list[published.LogRecord]:
        return (
            asyncio.run(_stored_log(game_id)) if game_id else published.from_lines(log_file or ())
        )

    report = _or_exit(lambda: audit_log(records()))
    click.echo(msgspec.json.format(msgspec.json.encode(report)).decode())
    sys.exit(0 if report.ok else 1)


def _or_exit(work: Callable[[], T]) -> T:
    """The result of `work`, or a one-line error and exit status 1 when it is refused (or a
    setting cannot be read)."""
    try:
        return work()
    except DomainError as error:
        raise click.ClickException(f"{error.code}: {error}") from None
    except SettingsError as error:
        raise click.ClickException(str(error)) from None


async def _stored_log(game_id: str) -> list[published.LogRecord]:
    settings = Settings.from_env()
    url, timeouts = database_url(settings), settings.database_timeouts
    async with open_pool(url, min_size=1, timeouts=timeouts) as pool:
        rows = await PostgresEventStore(pool).read_stream(game_id)
    return published.published(game_id, rows)

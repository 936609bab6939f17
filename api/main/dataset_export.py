"""`cardroom export --kind K --month YYYY-MM`: a month's dataset written from the database,
the same bytes `GET /datasets/K/YYYY-MM.ndjson.gz` serves, with a progress bar on standard
error."""

import sys
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from commands.log.registry import game_rules
from infra.process.database import open_pool
from infra.process.servers import database_url
from infra.process.settings import Settings
from infra.reading import dataset_files, dataset_lines


async def export(kind: str, month: str, out: Path | None) -> int:
    """Write the games of `kind` finished in `month` so far to `out` (or standard output);
    returns how many."""
    game_rules(kind)
    dataset_lines.month_bounds(month)
    settings = Settings.from_env()
    url, timeouts = database_url(settings), settings.database_timeouts
    async with open_pool(url, min_size=1, timeouts=timeouts) as pool:
        counted = await dataset_lines.month(pool, kind, month)
        total = 0 if counted is None else counted.games
        lines = dataset_lines.lines(pool, kind, month, counted)
        columns = ("{task.description}", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
        with Progress(*columns, console=Console(stderr=True)) as progress:
            task = progress.add_task(f"{kind} {month}", total=total)

            def advance(games: int) -> None:
                progress.update(task, completed=games)

            if out is not None:
                games, _, _ = await dataset_files.write(lines, out, advance)
                return games
            written = dataset_files.Counted(lines, advance)
            async for chunk in dataset_files.gzipped(written):
                sys.stdout.buffer.write(chunk)
            sys.stdout.buffer.flush()
            return written.games

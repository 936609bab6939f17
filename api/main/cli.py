"""The `cardroom` command."""

import asyncio
import contextlib
import json
import signal
from collections.abc import Iterator
from dataclasses import replace
from functools import partial
from typing import Any

import asyncpg
import click
import httpx
import uvicorn
from rich.progress import Progress

from api.main import audit_commands, logs, worker_port
from api.main.app import create_app
from api.main.collector import tune_for_serving
from api.main.graceful import GRACE_SECONDS, StreamsEndingServer
from api.main.openapi import document
from api.main.simulate import Report, print_report
from api.main.simulate import simulate as run_simulation
from commands.log.registry import GAMES
from commands.log.store import Position
from infra.process import tracing
from infra.process.servers import database_url, server_urls
from infra.process.settings import Settings
from infra.process.variables import SettingsError
from infra.reading import catalog, rebuilds
from infra.reading.rebuilds import RebuildRefused
from infra.roles import process
from infra.roles.catalog import ROLES
from infra.roles.process import EVERY_ROLE
from infra.store.migrate import migrate


@click.group(
    help=(
        "Cardroom, an event-sourced card game service.\n\n"
        "With CARDROOM_DATABASE_URL / CARDROOM_REDIS_URL unset, embedded Postgres and Valkey "
        "servers are started under CARDROOM_DATA_DIR (default ./.cardroom), kept between runs."
    )
)
def main() -> None:
    pass


ROLE_NAMES = ", ".join(f"{role.name} ({role.summary})" for role in ROLES.values())


@main.command(help="Serve the HTTP API, with the background work of every role, until stopped.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, help="Port to listen on.")
@click.option(
    "--role",
    "roles",
    multiple=True,
    type=click.Choice(list(ROLES)),
    help=f"Run only this role's work beside the API (repeat for more): {ROLE_NAMES}.",
)
@click.option("--no-workers", is_flag=True, help="Serve the API only (run every role elsewhere).")
@click.option(
    "--access-log", is_flag=True, help="Log every request (off: it costs CPU per request)."
)
def serve(host: str, port: int, roles: tuple[str, ...], no_workers: bool, access_log: bool) -> None:
    if no_workers and roles:
        raise click.UsageError("give --role or --no-workers, not both")
    settings = _settings("api" if no_workers else "serve")
    with _servers(settings) as servers:
        app = create_app(servers, roles=() if no_workers else roles or EVERY_ROLE)
        tune_for_serving()
        config = uvicorn.Config(
            app,
            host=host,
            port=port,
            loop="uvloop",
            http="httptools",
            access_log=access_log,
            forwarded_allow_ips=settings.trusted_proxies,
            log_config=None,  # its records go through the process's logging (api.main.logs)
            timeout_graceful_shutdown=GRACE_SECONDS,
        )
        StreamsEndingServer(config, app).run()


@main.command(name="migrate", help="Apply the database migrations not applied yet, then exit.")
def migrate_command() -> None:
    applied = asyncio.run(_migrate(database_url(_settings("migrate"))))
    click.echo(f"applied: {', '.join(applied)}" if applied else "the schema is up to date")


@main.command(help=f"Run the background work of the named roles until stopped: {ROLE_NAMES}.")
@click.argument("roles", nargs=-1, required=True, type=click.Choice(list(ROLES)))
def work(roles: tuple[str, ...]) -> None:
    roles = tuple(dict.fromkeys(roles))
    asyncio.run(_work(_settings("+".join(roles)), roles))


@main.command(
    help="Rebuild one read model from the whole log beside the live one, swap it in, then exit "
    f"(readers never see it empty). NAME: {', '.join(catalog.NAMES)}."
)
@click.argument("name", metavar="NAME", type=click.Choice(catalog.NAMES))
def rebuild(name: str) -> None:
    asyncio.run(_rebuild(_settings("rebuild"), name))


def _json_object(_: click.Context, __: click.Parameter, text: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise click.BadParameter(f"not JSON: {error}") from None
    if not isinstance(value, dict):
        raise click.BadParameter("give a JSON object, e.g. '{\"rounds\": 2}'")
    return value


@main.command(help="Play games of bots through a running service and report the load.")
@click.option("--kind", type=click.Choice(sorted(GAMES)), required=True, help="Game kind.")
@click.option("--games", default=10, show_default=True, help="How many games to play.")
@click.option("--players", type=int, help="Seats per game  [default: the kind's fewest]")
@click.option("--bot", type=click.Choice(["heuristic", "random"]), default="heuristic")
@click.option("--url", default="http://127.0.0.1:8000", show_default=True, help="The service.")
@click.option("--concurrency", default=8, show_default=True, help="Games played at once.")
@click.option("--options", default="{}", callback=_json_object, help="Table options, as JSON.")
def simulate(
    kind: str,
    games: int,
    players: int | None,
    bot: str,
    url: str,
    concurrency: int,
    options: dict[str, Any],
) -> None:
    seats = players or GAMES[kind].min_seats
    report = asyncio.run(_simulate(url, kind, games, seats, bot, concurrency, options))
    print_report(report, seats)


async def _simulate(
    url: str, kind: str, games: int, seats: int, bot: str, concurrency: int, options: dict[str, Any]
) -> Report:
    async with httpx.AsyncClient(base_url=url, timeout=30.0) as client:
        with Progress() as progress:
            task = progress.add_task(f"{kind}: {games} games of {seats} {bot} bots", total=games)
            return await run_simulation(
                client,
                kind,
                games,
                seats,
                bot,
                concurrency,
                options,
                lambda: progress.advance(task),
            )


def _settings(role: str) -> Settings:
    """The settings from the environment, or a one-line error naming the bad variable; the
    process logs as `role` from now on."""
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        raise click.ClickException(str(error)) from None
    logs.configure(role, settings.log_format)
    tracing.start(settings.traces_endpoint, role)
    return settings


async def _migrate(url: str) -> list[str]:
    connection = await asyncpg.connect(url)
    try:
        return await migrate(connection)
    finally:
        await connection.close()


@contextlib.contextmanager
def _servers(settings: Settings) -> Iterator[Settings]:
    """The settings naming both servers, embedded ones started for what is not configured."""
    with server_urls(settings) as (postgres, redis_url):
        yield replace(settings, database_url=postgres, redis_url=redis_url)


async def _work(settings: Settings, roles: tuple[str, ...]) -> None:
    with _servers(settings) as servers:
        async with (
            process.opened(servers, roles, api=False, name="+".join(roles)) as parts,
            worker_port.serving(settings.worker_port, parts.pool),
            process.running(parts, roles, api=False),
        ):
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(signum, stop.set)
            await stop.wait()


async def _rebuild(settings: Settings, name: str) -> None:
    with _servers(settings) as servers:
        async with process.opened(servers, ("projections",), api=False, name="rebuild") as parts:
            model = catalog.READ_MODELS[name](parts.store)
            total = await parts.store.count_after(Position())
            with Progress() as progress:
                task = progress.add_task(f"rebuilding {name}", total=total)
                try:
                    advance = partial(progress.advance, task)
                    await rebuilds.rebuild(parts.pool, parts.store, model, advance)
                except RebuildRefused as refused:
                    raise click.ClickException(str(refused)) from None
            click.echo(f"{name}: rebuilt from {total} events and swapped in")


@main.command(help="Print the published OpenAPI document (what /schema/openapi.json serves).")
def openapi() -> None:
    click.echo(json.dumps(document(), indent=2, ensure_ascii=False))


main.add_command(audit_commands.export)
main.add_command(audit_commands.audit)
main.add_command(audit_commands.verify)

if __name__ == "__main__":
    main()

"""The `cardroom` command."""

import asyncio
import contextlib
import json
import signal
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import asyncpg
import click
import httpx
import redis.asyncio as redis
import uvicorn
from rich.progress import Progress

from api.main import audit_commands, logs, wiring, worker_port
from api.main.app import create_app
from api.main.collector import tune_for_serving
from api.main.graceful import GRACE_SECONDS, StreamsEndingServer
from api.main.openapi import document
from api.main.simulate import Report, print_report
from api.main.simulate import simulate as run_simulation
from commands.registry import GAMES
from commands.store import Position
from infra import tracing, workers
from infra.database import open_pool
from infra.metrics import watch_pool
from infra.migrate import migrate
from infra.postgres_store import PostgresEventStore
from infra.projection_runner import ProjectionRunner, all_projections, projection_names
from infra.rebuilds import RebuildRefused
from infra.servers import database_url, server_urls
from infra.settings import Settings
from infra.variables import SettingsError


@click.group(
    help=(
        "Cardroom, an event-sourced card game service.\n\n"
        "With CARDROOM_DATABASE_URL / CARDROOM_REDIS_URL unset, embedded Postgres and Valkey "
        "servers are started under CARDROOM_DATA_DIR (default ./.cardroom), kept between runs."
    )
)
def main() -> None:
    pass


@main.command(
    help="Serve the HTTP API with the relay, the projections, the bots and the clocks, "
    "until stopped."
)
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, help="Port to listen on.")
@click.option("--no-workers", is_flag=True, help="Serve the API only (run workers elsewhere).")
@click.option(
    "--access-log", is_flag=True, help="Log every request (off: it costs CPU per request)."
)
def serve(host: str, port: int, no_workers: bool, access_log: bool) -> None:
    settings = _settings("api" if no_workers else "serve")
    with server_urls(settings) as (postgres, redis_url):
        servers = replace(settings, database_url=postgres, redis_url=redis_url)
        app = create_app(servers, run_workers=not no_workers)
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


@main.command(help="Publish the event log to Redis until stopped (one leader at a time).")
def relay() -> None:
    asyncio.run(_work(_settings("relay"), relay=True, projections=False))


@main.command(help="Keep the read models up to date until stopped, or rebuild one.")
@click.option(
    "--rebuild",
    type=click.Choice(projection_names()),
    metavar="NAME",
    help="Rebuild this read model from the whole log beside the live one, swap it in, then "
    f"exit (readers never see it empty). NAME: {', '.join(projection_names())}.",
)
def project(rebuild: str | None) -> None:
    settings = _settings("project")
    if rebuild is None:
        asyncio.run(_work(settings, relay=False, projections=True))
    else:
        asyncio.run(_rebuild(settings, rebuild))


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


@contextlib.asynccontextmanager
async def _connections(
    settings: Settings, pool_size: int
) -> AsyncIterator[tuple[asyncpg.Pool, redis.Redis]]:
    """The process's pool of `pool_size` connections (its roles' share of the connection
    budget, `Settings.pool_sizes`) and its Redis client."""
    with server_urls(settings) as (postgres, redis_url):
        timeouts = settings.database_timeouts
        async with open_pool(postgres, max_size=pool_size, timeouts=timeouts) as pool:
            async with pool.acquire() as connection:
                await migrate(connection)
            client = redis.from_url(redis_url)
            try:
                yield pool, client
            finally:
                await client.aclose()


@main.command(
    help="Play every bot seat and claim every timeout until stopped (woken by the event bus)."
)
def bots() -> None:
    asyncio.run(_work(_settings("bots"), relay=False, projections=False, bots=True))


async def _work(settings: Settings, relay: bool, projections: bool, bots: bool = False) -> None:
    stream = settings.event_stream
    pool_size = settings.pool_sizes.of(relay=relay, projections=projections, bots=bots)
    role = "relay" if relay else "projections" if projections else "bots"
    async with _connections(settings, pool_size) as (pool, client):
        watch_pool(pool, role)
        work = wiring.background_work(pool, client, stream, relay, projections)
        if bots:
            process = wiring.core(pool, client, stream)
            players, clocks = wiring.table_workers(
                process, pool, settings.bot_pace, settings.bot_thinkers
            )
            work |= {**process.work, "bots": players.run, "clocks": clocks.run}
        async with worker_port.serving(settings.worker_port, pool), workers.running(work):
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(signum, stop.set)
            await stop.wait()


async def _rebuild(settings: Settings, name: str) -> None:
    async with _connections(settings, settings.pool_sizes.projections) as (pool, client):
        store = PostgresEventStore(pool)
        runner = ProjectionRunner(pool, client, settings.event_stream, all_projections(store)[name])
        total = await store.count_after(Position())
        with Progress() as progress:
            task = progress.add_task(f"rebuilding {name}", total=total)
            try:
                await runner.rebuild(lambda count: progress.advance(task, count))
            except RebuildRefused as refused:
                raise click.ClickException(str(refused)) from None
        await runner.attach()
        click.echo(f"{name}: rebuilt from {total} events and swapped in")


@main.command(help="Print the published OpenAPI document (what /schema/openapi.json serves).")
def openapi() -> None:
    click.echo(json.dumps(document(), indent=2, ensure_ascii=False))


main.add_command(audit_commands.export)
main.add_command(audit_commands.audit)

if __name__ == "__main__":
    main()

"""The `cardroom` command."""

import asyncio
import contextlib
import signal
from collections.abc import AsyncIterator

import asyncpg
import click
import redis.asyncio as redis
import uvicorn
from rich.progress import Progress

from api.app import background_work, create_app
from infra import workers
from infra.migrate import migrate
from infra.postgres_store import Position, PostgresEventStore
from infra.redis_streams import DEFAULT_STREAM
from infra.servers import database_url, server_urls
from infra.settings import Settings
from projections.catalog import all_projections
from projections.runner import ProjectionRunner


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
    help="Serve the HTTP API with the relay, the projections and the bots, until stopped."
)
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, help="Port to listen on.")
@click.option("--no-workers", is_flag=True, help="Serve the API only (run workers elsewhere).")
def serve(host: str, port: int, no_workers: bool) -> None:
    settings = Settings.from_env()
    with server_urls(settings) as (postgres, redis_url):
        app = create_app(
            postgres, redis_url, run_workers=not no_workers, bot_pace=settings.bot_pace
        )
        uvicorn.run(app, host=host, port=port)


@main.command(name="migrate", help="Apply the database migrations not applied yet, then exit.")
def migrate_command() -> None:
    applied = asyncio.run(_migrate(database_url(Settings.from_env())))
    click.echo(f"applied: {', '.join(applied)}" if applied else "the schema is up to date")


@main.command(help="Publish the event log to Redis until stopped (one leader at a time).")
def relay() -> None:
    asyncio.run(_work(relay=True, projections=False))


@main.command(help="Keep the read models up to date until stopped, or rebuild one.")
@click.option("--rebuild", metavar="NAME", help="Rebuild this read model from zero, then exit.")
def project(rebuild: str | None) -> None:
    if rebuild is None:
        asyncio.run(_work(relay=False, projections=True))
    else:
        asyncio.run(_rebuild(rebuild))


async def _migrate(url: str) -> list[str]:
    connection = await asyncpg.connect(url)
    try:
        return await migrate(connection)
    finally:
        await connection.close()


@contextlib.asynccontextmanager
async def _connections() -> AsyncIterator[tuple[asyncpg.Pool, redis.Redis]]:
    with server_urls(Settings.from_env()) as (postgres, redis_url):
        async with asyncpg.create_pool(postgres) as pool:
            async with pool.acquire() as connection:
                await migrate(connection)
            client = redis.from_url(redis_url)
            try:
                yield pool, client
            finally:
                await client.aclose()


async def _work(relay: bool, projections: bool) -> None:
    async with _connections() as (pool, client):
        work = background_work(pool, client, DEFAULT_STREAM, relay, projections)
        async with workers.running(work):
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(signum, stop.set)
            await stop.wait()


async def _rebuild(name: str) -> None:
    async with _connections() as (pool, client):
        store = PostgresEventStore(pool)
        projections = all_projections(store)
        if name not in projections:
            raise click.BadParameter(f"choose one of {', '.join(projections)}", param_hint="NAME")
        runner = ProjectionRunner(pool, client, DEFAULT_STREAM, projections[name])
        total = await store.count_after(Position())
        with Progress() as progress:
            task = progress.add_task(f"rebuilding {name}", total=total)
            await runner.rebuild(lambda count: progress.advance(task, count))
        await runner.attach()
        click.echo(f"{name}: rebuilt from {total} events")


if __name__ == "__main__":
    main()

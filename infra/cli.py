"""The `cardroom` command."""

import asyncio

import asyncpg
import click
import uvicorn

from api.app import create_app
from infra.migrate import migrate
from infra.servers import database_url, server_urls
from infra.settings import Settings


@click.group(
    help=(
        "Cardroom, an event-sourced card game service.\n\n"
        "With CARDROOM_DATABASE_URL / CARDROOM_REDIS_URL unset, embedded Postgres and Valkey "
        "servers are started under CARDROOM_DATA_DIR (default ./.cardroom), kept between runs."
    )
)
def main() -> None:
    pass


@main.command(help="Apply the database migrations, then serve the HTTP API until stopped.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, help="Port to listen on.")
def serve(host: str, port: int) -> None:
    with server_urls(Settings.from_env()) as (postgres, redis):
        uvicorn.run(create_app(postgres, redis), host=host, port=port)


@main.command(name="migrate", help="Apply the database migrations not applied yet, then exit.")
def migrate_command() -> None:
    applied = asyncio.run(_migrate(database_url(Settings.from_env())))
    click.echo(f"applied: {', '.join(applied)}" if applied else "the schema is up to date")


async def _migrate(url: str) -> list[str]:
    connection = await asyncpg.connect(url)
    try:
        return await migrate(connection)
    finally:
        await connection.close()

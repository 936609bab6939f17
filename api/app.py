"""The composition root of the HTTP service: `create_app` wires pool, clients and resources."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg
import msgspec
import redis.asyncio as redis
from litestar import Litestar, get
from litestar.datastructures import State
from litestar.di import Provide
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import ScalarRenderPlugin, SwaggerRenderPlugin

from api.errors import EXCEPTION_HANDLERS
from api.games import GamesController
from commands.handler import CommandHandler
from infra.migrate import migrate
from infra.postgres_store import PostgresEventStore


class Health(msgspec.Struct, frozen=True):
    status: str


@get("/health", tags=["service"])
async def health(state: State) -> Health:
    """200 once the database and Redis answer."""
    await state.pool.fetchval("SELECT 1")
    await state.redis.ping()
    return Health("ok")


def _handler(state: State) -> CommandHandler:
    handler: CommandHandler = state.handler
    return handler


def create_app(database_url: str, redis_url: str) -> Litestar:
    """The service, connected to Postgres and Redis for the lifetime of the app."""

    @asynccontextmanager
    async def connections(app: Litestar) -> AsyncIterator[None]:
        pool = await asyncpg.create_pool(database_url, min_size=2, max_size=20)
        client = redis.from_url(redis_url)
        try:
            async with pool.acquire() as connection:
                await migrate(connection)
            app.state.pool = pool
            app.state.redis = client
            app.state.handler = CommandHandler(PostgresEventStore(pool))
            yield
        finally:
            await client.aclose()
            await pool.close()

    return Litestar(
        route_handlers=[health, GamesController],
        lifespan=[connections],
        dependencies={"handler": Provide(_handler, sync_to_thread=False)},
        exception_handlers=EXCEPTION_HANDLERS,  # type: ignore[arg-type]
        openapi_config=OpenAPIConfig(
            title="Cardroom",
            version="0.1.0",
            description="Event-sourced card games: create tables, take seats, play, replay.",
            render_plugins=[ScalarRenderPlugin(), SwaggerRenderPlugin(path="/swagger")],
        ),
    )

"""The composition root of the HTTP service: `create_app` wires pool, clients and resources."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from typing import Any

import redis.asyncio as redis
from litestar import Litestar, Request, Response, get
from litestar.config.compression import CompressionConfig
from litestar.datastructures import State
from litestar.di import Provide
from litestar.plugins.opentelemetry import OpenTelemetryConfig, OpenTelemetryPlugin
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from api.contract.serving import assets_router, openapi_config
from api.http.cors import cors_config
from api.http.described import CONTRACT, Described
from api.http.errors import EXCEPTION_HANDLERS
from api.http.rate_limits import RateLimiter
from api.http.request_ids import remember_request_id, send_request_id
from api.http.security_headers import send_security_headers
from api.live.direct_streams import Service
from api.live.hub import LiveHub
from api.live.lobby import LobbyFeeds
from api.live.player_routes import PLAYER_LIVE_ROUTES
from api.live.players import PlayerStreams
from api.live.routes import issue_ticket, live, lobby_live
from api.live.tickets import PlayerTicketBook, TicketBook
from api.main import wiring
from api.routes.challenges import ChallengesController
from api.routes.games import GamesController
from api.routes.health import HEALTH_ROUTES, DatabaseProbe
from api.routes.players import PLAYER_ROUTES
from api.routes.quickplay import quick_play
from api.routes.reads import READ_MODEL_ROUTES
from api.routes.rematch import rematch
from api.routes.replay import REPLAY_ROUTES, AuditThread
from api.routes.web import missing, web_client
from commands.challenges import ChallengeClock, Challenges
from commands.handler import CommandHandler
from infra import player_news, tracing, workers
from infra.database import open_connection, open_pool
from infra.metrics import watch_pool
from infra.migrate import migrate
from infra.postgres_store import PostgresEventStore
from infra.quickplay import QuickPlay
from infra.settings import Settings


@get(
    "/metrics",
    tags=["service"],
    media_type="text/plain",
    opt={
        CONTRACT: Described(
            storeless=True,
            answers={"metrics": {"value": "# HELP cardroom_commands_total ...\n"}},
        )
    },
)
async def metrics() -> Response[bytes]:
    """Prometheus text: commands, append latency, relay and projection lag, live streams."""
    return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)


MAX_BODY = 64 * 1024
"""The largest request body taken, in bytes; a larger one is refused (`body_too_large`)."""
COMPRESSION = CompressionConfig(backend="gzip", minimum_size=1024, exclude=[r"/live$"])
"""Answers of 1 KB or more are gzipped for clients that accept it; live streams never are."""


def _traced_requests() -> list[OpenTelemetryPlugin]:
    """Litestar's OpenTelemetry plugin when the process traces (`infra.tracing`): a span per
    request but the probes' and the metrics'."""
    provider = tracing.provider()
    if provider is None:
        return []
    config = OpenTelemetryConfig(
        tracer_provider=provider,
        exclude=["^/metrics$", "^/health"],
        exclude_spans=["receive", "send"],
    )
    return [OpenTelemetryPlugin(config)]


def _name_by_route(request: Request[Any, Any, State]) -> None:
    """The request's span named after its route once routed (the plugin's span begins
    before, named by the path): one name for every request of a route, whichever game."""
    route = request.scope["path_template"]
    tracing.rename(f"{request.method} {route}", route=route)


def _handler(state: State) -> CommandHandler:
    handler: CommandHandler = state.handler
    return handler


def create_app(settings: Settings, *, run_workers: bool = True) -> Litestar:
    """The service, connected to Postgres and Redis for the lifetime of the app.

    `settings` must name both servers (`infra.servers.server_urls` finds them when embedded).
    With `run_workers` the relay, the projections, the bots and the clocks run in this
    process too.
    """
    database_url, redis_url = settings.database_url, settings.redis_url
    if database_url is None or redis_url is None:
        raise ValueError("create_app needs the servers' URLs: see infra.servers.server_urls")
    stream, database_timeouts = settings.event_stream, settings.database_timeouts
    workers_too = dict.fromkeys(("relay", "projections", "bots"), run_workers)
    pool_size = settings.pool_sizes.of(api=True, **workers_too)

    @asynccontextmanager
    async def connections(app: Litestar) -> AsyncIterator[None]:
        pool = await open_pool(database_url, max_size=pool_size, timeouts=database_timeouts)
        watch_pool(pool, "serve" if run_workers else "api")
        client = redis.from_url(redis_url)
        probe = DatabaseProbe(database_url, database_timeouts)
        try:
            async with pool.acquire() as connection:
                await migrate(connection)
            app.state.core = process = wiring.core(pool, client, stream)
            hub = LiveHub(
                lambda: process.tail.connected,
                settings.live_heartbeat,
                settings.stream_caps,
            )
            process.bus.subscribe(hub.hear)
            app.state.update(pool=pool, redis=client, live=hub, lobby_feeds=LobbyFeeds(hub, pool))
            app.state.database_probe = probe
            app.state.tickets = TicketBook(client, stream)
            app.state.handler = process.handler
            app.state.quickplay = QuickPlay(pool, app.state.handler)
            challenges = Challenges(PostgresEventStore(pool), process.handler)
            app.state.challenges = challenges
            app.state.player_tickets = PlayerTicketBook(client, stream)
            app.state.player_streams = streams = PlayerStreams(hub, pool)
            app.state.audits = AuditThread()
            work = wiring.background_work(pool, client, stream, run_workers, run_workers)
            listening = partial(open_connection, database_url, database_timeouts)
            work["player news"] = partial(streams.listen, connect=listening)
            if run_workers:
                app.state.bots, clocks = wiring.table_workers(
                    process, pool, settings.bot_pace, settings.bot_thinkers
                )
                work |= {"bots": app.state.bots.run, "clocks": clocks.run}
                due = partial(player_news.due_challenges, pool)
                unopened = partial(player_news.unopened_challenges, pool)
                work["challenge clock"] = ChallengeClock(challenges, due, unopened).run
                work["quick play bots"] = app.state.quickplay.fill_with_bots
            async with workers.running({**process.work, "keep-alives": hub.beat, **work}):
                try:
                    yield
                finally:
                    hub.close()
                    app.state.audits.close()
        finally:
            await probe.close()
            await client.aclose()
            await pool.close()

    return Service(
        route_handlers=[
            *HEALTH_ROUTES,
            metrics,
            GamesController,
            live,
            issue_ticket,
            lobby_live,
            *PLAYER_LIVE_ROUTES,
            ChallengesController,
            *READ_MODEL_ROUTES,
            *PLAYER_ROUTES,
            quick_play,
            rematch,
            *REPLAY_ROUTES,
            assets_router(),
            web_client(),
        ],
        lifespan=[connections],
        dependencies={"handler": Provide(_handler, sync_to_thread=False)},
        exception_handlers={**EXCEPTION_HANDLERS, 404: missing},
        middleware=[remember_request_id, RateLimiter(settings.rate_limits)],
        before_send=[send_request_id, send_security_headers],
        request_max_body_size=MAX_BODY,
        compression_config=COMPRESSION,
        openapi_config=openapi_config(),
        cors_config=cors_config(settings.cors_origins),
        plugins=_traced_requests(),
        before_request=_name_by_route if tracing.provider() else None,
        logging_config=None,  # records go through the process's logging (api.main.logs)
    )

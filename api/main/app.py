"""The composition root of the HTTP service: `create_app` wires pool, clients and resources."""

from collections.abc import AsyncIterator, Collection
from contextlib import asynccontextmanager
from functools import partial
from typing import Any

from litestar import Litestar, Request, Response, get
from litestar.config.compression import CompressionConfig
from litestar.datastructures import State
from litestar.plugins.opentelemetry import OpenTelemetryConfig, OpenTelemetryPlugin
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from api.contract.serving import assets_router, openapi_config
from api.http.core import CORE, parts_of
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
from api.live.tournaments import TOURNAMENT_LIVE_ROUTES
from api.routes.challenges import ChallengesController
from api.routes.datasets import DATASET_ROUTES
from api.routes.games import GamesController
from api.routes.health import HEALTH_ROUTES, DatabaseProbe
from api.routes.moves import LeanPath
from api.routes.players import PLAYER_ROUTES
from api.routes.quickplay import quick_play
from api.routes.reads import READ_MODEL_ROUTES
from api.routes.rematch import rematch
from api.routes.replay import REPLAY_ROUTES, AuditThread
from api.routes.study import STUDY_ROUTES
from api.routes.tournaments import TournamentsController
from api.routes.web import browser_page, missing, send_vary_accept, web_client
from commands.workers import hints as hinting
from commands.workers.thinking import LazyThinkers
from infra.process import tracing, workers
from infra.process.database import open_connection
from infra.process.settings import Settings
from infra.roles import process
from infra.roles.process import EVERY_ROLE


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
    operation_id="getMetrics",
)
async def metrics() -> Response[bytes]:
    """Prometheus text: commands, append latency, relay and projection lag, live streams."""
    return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)


MAX_BODY = 64 * 1024
"""The largest request body taken, in bytes; a larger one is refused (`body_too_large`)."""
COMPRESSION = CompressionConfig(
    backend="gzip", minimum_size=1024, exclude=[r"/live$", r"\.ndjson\.gz$"]
)
"""Answers of 1 KB or more are gzipped for clients that accept it; live streams never are,
nor the datasets, gzipped already."""


def _traced_requests() -> list[OpenTelemetryPlugin]:
    """Litestar's OpenTelemetry plugin when the process traces (`infra.process.tracing`): a span per
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


async def _traced_page(request: Request[Any, Any, State]) -> Response[bytes] | None:
    """Before a route: its span named (`_name_by_route`), then a browser's page if it asks
    for one (`api.routes.web.browser_page`)."""
    _name_by_route(request)
    return await browser_page(request)


def create_app(
    settings: Settings, *, roles: Collection[str] = EVERY_ROLE, lean: bool = True
) -> Service:
    """The service, connected to Postgres and Redis for the lifetime of the app, with the
    background work of `roles` (`infra.roles.catalog`: every role by default, none for an
    API node whose workers run elsewhere) in its process. The two requests of a move take
    the lean path (`api.routes.moves`) unless `lean` is False or requests are traced.

    `settings` must name both servers (`infra.process.servers.server_urls` finds them when
    embedded).
    """
    if settings.database_url is None or settings.redis_url is None:
        raise ValueError("create_app needs the servers' URLs: see infra.process.servers")
    database_url, database_timeouts = settings.database_url, settings.database_timeouts

    @asynccontextmanager
    async def connections(app: Litestar) -> AsyncIterator[None]:
        probe = DatabaseProbe(database_url, database_timeouts)
        name = "serve" if roles else "api"
        try:
            async with process.opened(settings, roles, api=True, name=name) as parts:
                hub = LiveHub(
                    lambda: parts.tail.connected, settings.live_heartbeat, settings.stream_caps
                )
                parts.core.bus.subscribe(hub.hear)
                pool, client, stream = parts.pool, parts.client, settings.event_stream
                streams = PlayerStreams(hub, pool)
                app.state.update(
                    parts=parts,
                    live=hub,
                    lobby_feeds=LobbyFeeds(hub, pool),
                    database_probe=probe,
                    tickets=TicketBook(client, stream),
                    player_tickets=PlayerTicketBook(client, stream),
                    player_streams=streams,
                    audits=AuditThread(),
                    hint_thinkers=LazyThinkers(hinting.PROCESSES),
                )
                listening = partial(open_connection, database_url, database_timeouts)
                more: dict[str, workers.Work] = {
                    "keep-alives": hub.beat,
                    "player news": partial(streams.listen, connect=listening),
                }
                async with process.running(parts, roles, api=True, more=more) as work:
                    app.state.work = work
                    try:
                        yield
                    finally:
                        hub.close()
                        app.state.audits.close()
                        app.state.hint_thinkers.close()
        finally:
            await probe.close()

    limiter = RateLimiter(settings.rate_limits)
    hooks = [send_request_id, send_security_headers, send_vary_accept]
    app = Service(
        route_handlers=[
            *HEALTH_ROUTES,
            metrics,
            GamesController,
            live,
            issue_ticket,
            lobby_live,
            *PLAYER_LIVE_ROUTES,
            ChallengesController,
            TournamentsController,
            *TOURNAMENT_LIVE_ROUTES,
            *READ_MODEL_ROUTES,
            *PLAYER_ROUTES,
            quick_play,
            rematch,
            *REPLAY_ROUTES,
            *STUDY_ROUTES,
            *DATASET_ROUTES,
            assets_router(),
            web_client(),
        ],
        lifespan=[connections],
        dependencies=CORE,
        exception_handlers={**EXCEPTION_HANDLERS, 404: missing},
        middleware=[remember_request_id, limiter],
        before_send=list(hooks),
        request_max_body_size=MAX_BODY,
        compression_config=COMPRESSION,
        openapi_config=openapi_config(),
        cors_config=cors_config(settings.cors_origins),
        plugins=_traced_requests(),
        before_request=_traced_page if tracing.provider() else browser_page,
        logging_config=None,  # records go through the process's logging (api.main.logs)
    )
    if lean and tracing.provider() is None:
        app.front = LeanPath(
            lambda: parts_of(app.state).core.handler, limiter, COMPRESSION, hooks, MAX_BODY
        )
    return app

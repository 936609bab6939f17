"""The composition root's parts that `serve` and the worker commands share: the application
core of one process and the background work it runs."""

from dataclasses import dataclass

import asyncpg
import redis.asyncio as redis

from commands import thinking
from commands.bots import BotWorker
from commands.bus import EventBus
from commands.clocks import ClockWorker
from commands.handler import CommandHandler
from infra import workers
from infra.postgres_store import PostgresEventStore
from infra.projection_runner import ProjectionRunner, all_projections
from infra.redis_streams import StreamTail
from infra.relay import Relay
from infra.watched_games import PostgresWatchedGames


@dataclass(frozen=True, slots=True)
class Core:
    """One process's application core: the command handler (with its game repository), the
    event bus every consumer in the process hears from, and the tail of the log's stream
    that brings other processes' events onto the bus."""

    handler: CommandHandler
    bus: EventBus
    tail: StreamTail

    @property
    def work(self) -> dict[str, workers.Work]:
        return {"stream tail": self.tail.run}


def core(pool: asyncpg.Pool, client: redis.Redis, stream: str) -> Core:
    handler = CommandHandler.over(PostgresEventStore(pool))
    bus = EventBus()
    handler.on_committed(bus.committed)
    bus.subscribe(handler.games.notice)
    return Core(handler, bus, StreamTail(client, stream, bus))


def background_work(
    pool: asyncpg.Pool, client: redis.Redis, stream: str, relay: bool, projections: bool
) -> dict[str, workers.Work]:
    """The relay and projection runners this process should run, by name."""
    work: dict[str, workers.Work] = {}
    if relay:
        work["relay"] = Relay(pool, client, stream).run
    if projections:
        for name, projection in all_projections(PostgresEventStore(pool)).items():
            work[f"projection {name}"] = ProjectionRunner(pool, client, stream, projection).run
    return work


def table_workers(
    core: Core, pool: asyncpg.Pool, pace: float, thinkers: int
) -> tuple[BotWorker, ClockWorker]:
    """The workers that play every bot seat and claim every timeout, woken by the bus; the
    search bots think in a pool of `thinkers` processes."""
    watched = PostgresWatchedGames(pool)
    bots = BotWorker(core.handler, watched, pace, thinking.thinkers(thinkers))
    clocks = ClockWorker(core.handler, watched)
    core.bus.subscribe(bots.notice)
    core.bus.subscribe(clocks.notice)
    return bots, clocks

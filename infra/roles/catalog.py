"""Every kind of background work a process can run, as data, grouped into roles.

A role is what `cardroom work ROLE ...` names and what `cardroom serve` runs all of by
default; `compose.yaml` runs each role in one of its services (a test reads it). Each job
is built from the process's `Parts` when the process starts, and runs supervised
(`infra.process.workers`): a failure restarts it, never the process.

- `relay`: the relay, one leader per database publishing the log to Redis.
- `projections`: one runner for every read model of `infra.reading.catalog`, the games'
  snapshots and the players' news among them, reading the stream once and applying each batch
  to all of them in one transaction; and the datasets' files of the months that ended.
- `bots`: everything that acts through the command handler on its own: the bot worker, the
  clock worker, quick play's bots once a table's wait is over, and the challenge clock
  (expiry, and tables of accepted challenges left half open).
- `director`: the tournament director, moving every tournament not over on as its games
  finish and its time comes (`commands.workers.director`).
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial

from commands.workers import thinking
from commands.workers.bots import BotWorker
from commands.workers.challenge_clock import ChallengeClock
from commands.workers.clocks import ClockWorker
from commands.workers.director import Director
from infra.process.workers import Work
from infra.reading import catalog, player_news, tournaments
from infra.reading.projection_runner import ProjectionRunner
from infra.reading.relay import Relay
from infra.reading.watched_games import PostgresWatchedGames
from infra.roles.parts import Parts


@dataclass(frozen=True, slots=True)
class Job:
    """One kind of background work: its name (in logs and metrics) and how it is built."""

    name: str
    build: Callable[[Parts], Work]


@dataclass(frozen=True, slots=True)
class Role:
    """Jobs that run together. `hears_bus`: its jobs act on the process's event bus, so the
    process tails the log's stream onto it."""

    name: str
    summary: str
    jobs: tuple[Job, ...]
    hears_bus: bool = False


def _relay(parts: Parts) -> Work:
    return Relay(parts.pool, parts.client, parts.settings.event_stream).run


def _read_models(parts: Parts) -> Work:
    models = list(catalog.build_all(parts.store).values())
    stream = parts.settings.event_stream
    return ProjectionRunner(parts.pool, parts.client, stream, models, group=GROUP).run


def _datasets(parts: Parts) -> Work:
    return parts.datasets.run


def _bots(parts: Parts) -> Work:
    settings = parts.settings
    thinkers = thinking.thinkers(settings.bot_thinkers)
    bots = BotWorker(
        parts.core.handler, PostgresWatchedGames(parts.pool), settings.bot_pace, thinkers
    )
    parts.core.bus.subscribe(bots.notice)
    return bots.run


def _clocks(parts: Parts) -> Work:
    clocks = ClockWorker(parts.core.handler, PostgresWatchedGames(parts.pool))
    parts.core.bus.subscribe(clocks.notice)
    return clocks.run


def _quick_play_bots(parts: Parts) -> Work:
    return parts.quickplay.fill_with_bots


def _challenge_clock(parts: Parts) -> Work:
    due = partial(player_news.due_challenges, parts.pool)
    unopened = partial(player_news.unopened_challenges, parts.pool)
    return ChallengeClock(parts.core.challenges, due, unopened).run


def _director(parts: Parts) -> Work:
    director = Director(parts.core.tournaments, partial(tournaments.active, parts.pool))
    parts.core.bus.subscribe(director.notice)
    return director.run


GROUP = "read_models"
"""The consumer group of the read models' runners, one per process of the role."""
RELAY = Role("relay", "publish the log to Redis, one leader at a time", (Job("relay", _relay),))
PROJECTIONS = Role(
    "projections",
    "keep every read model up to date, build the ended months' datasets",
    (
        Job("read models", _read_models),
        Job("datasets", _datasets),
    ),
)
BOTS = Role(
    "bots",
    "play the bot seats, claim timeouts, seat quick play's bots, expire challenges",
    (
        Job("bots", _bots),
        Job("clocks", _clocks),
        Job("quick play bots", _quick_play_bots),
        Job("challenge clock", _challenge_clock),
    ),
    hears_bus=True,
)
DIRECTOR = Role(
    "director",
    "move tournaments on: start them, open their tables, record their games, finish them",
    (Job("director", _director),),
    hears_bus=True,
)
ROLES: Mapping[str, Role] = {role.name: role for role in (RELAY, PROJECTIONS, BOTS, DIRECTOR)}
"""Every role, by name."""

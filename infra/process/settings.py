"""The one Settings of a process, read once from the environment by `Settings.from_env`.

Every CARDROOM_* variable is a `Variable` in `VARIABLES` (its name, default, meaning and how
its text is read), and `docs/configuration.md` is generated from them
(`infra.process.configuration`).
The defaults need nothing installed (embedded servers, local origins). A value that cannot be
read raises `SettingsError`, naming the variable, before anything starts."""

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from infra.process.database import DEFAULT_CONNECT_TIMEOUT, DEFAULT_STATEMENT_TIMEOUT, Timeouts
from infra.process.pool_sizes import (
    POOL_API,
    POOL_BOTS,
    POOL_DIRECTOR,
    POOL_PROJECTIONS,
    POOL_RELAY,
    PoolSizes,
)
from infra.process.rate_limit_settings import (
    RATE_LIMIT_COMMANDS,
    RATE_LIMIT_GAMES,
    RATE_LIMIT_PLAYERS,
    RATE_LIMIT_SEATS,
    RateLimits,
)
from infra.process.tracing import TRACES_ENDPOINT
from infra.process.variables import (
    Variable,
    read_address,
    read_choice,
    read_count,
    read_origins,
    read_pause,
    read_seconds,
    read_url,
)

LOCAL_ORIGINS = (
    "http://localhost:5173",
    "http://127.0.0.1:5173",
    "http://127.0.0.1:8000",
    "http://localhost:8000",
)
"""A local frontend's dev server, and the service's own default origin."""

DATABASE_URL: Variable[str | None] = Variable(
    "CARDROOM_DATABASE_URL",
    None,
    "a Postgres server to use instead of the embedded one",
    read_url("postgresql", "postgres"),
    shown="embedded",
)
REDIS_URL: Variable[str | None] = Variable(
    "CARDROOM_REDIS_URL",
    None,
    "a Redis server to use instead of the embedded Valkey",
    read_url("redis", "rediss", "unix"),
    shown="embedded",
)
DEFAULT_STREAM = "cardroom:events"
REDIS_STREAM = Variable(
    "CARDROOM_REDIS_STREAM",
    DEFAULT_STREAM,
    "the Redis stream events are published on: every process on one database must name the "
    "same stream (one relay per database publishes), and databases sharing a Redis server "
    "need a stream each",
    str,
)
DATA_DIR = Variable(
    "CARDROOM_DATA_DIR",
    Path(".cardroom"),
    "where the embedded servers keep their data",
    Path,
    shown="`./.cardroom`",
)
DATASETS_DIR: Variable[Path | None] = Variable(
    "CARDROOM_DATASETS_DIR",
    None,
    "where the datasets of ended months are kept once built (`docs/datasets.md`)",
    Path,
    shown="`datasets` under `CARDROOM_DATA_DIR`",
)
BOT_PACE = Variable(
    "CARDROOM_BOT_PACE",
    0.5,
    "seconds between a bot's moves in CNO where a person sits, unless the table sets `bot_pace`",
    read_pause,
)
BOT_THINKERS = Variable(
    "CARDROOM_BOT_THINKERS",
    2,
    "processes a bot process thinks in for its search bots (each holds a core while it thinks)",
    read_count,
)
OPEN_TABLE_IDLE = Variable(
    "CARDROOM_OPEN_TABLE_IDLE",
    1800,
    "seconds a table may wait for its start with nothing done at it (no seat taken) before "
    "the table clock expires it (`table.expired`) and the lobby drops it",
    read_count,
)
CORS_ORIGINS: Variable[tuple[str, ...]] = Variable(
    "CARDROOM_CORS_ORIGINS",
    LOCAL_ORIGINS,
    "comma-separated origins browsers may call the API from",
    read_origins,
    shown="local dev: " + ", ".join(f"`{origin}`" for origin in LOCAL_ORIGINS),
)
TRUSTED_PROXIES = Variable(
    "CARDROOM_TRUSTED_PROXIES",
    "127.0.0.1",
    "comma-separated addresses (or `*`) of the proxies before `serve` whose `X-Forwarded-For` "
    "names the client: rate limits and stream caps then count each client, not the proxy",
    str,
)
LIVE_HEARTBEAT = Variable(
    "CARDROOM_LIVE_HEARTBEAT",
    15.0,
    "seconds between the keep-alive beats of quiet live streams (`: keep-alive`)",
    read_seconds,
)
STREAMS_PER_GAME = Variable(
    "CARDROOM_LIVE_STREAMS_PER_GAME",
    1000,
    "live streams open at once on one game, in each API process",
    read_count,
)
STREAMS_PER_CLIENT = Variable(
    "CARDROOM_LIVE_STREAMS_PER_CLIENT",
    100,
    "live streams (games', the lobby's and players') open at once from one client address, in "
    "each API process",
    read_count,
)
CONNECT_TIMEOUT = Variable(
    "CARDROOM_DATABASE_CONNECT_TIMEOUT",
    DEFAULT_CONNECT_TIMEOUT,
    "seconds a new Postgres connection may take to open",
    read_seconds,
)
STATEMENT_TIMEOUT = Variable(
    "CARDROOM_DATABASE_STATEMENT_TIMEOUT",
    DEFAULT_STATEMENT_TIMEOUT,
    "seconds a statement may run (Postgres's `statement_timeout`; the client gives up a second "
    "later)",
    read_seconds,
)
WORKER_PORT: Variable[tuple[str, int] | None] = Variable(
    "CARDROOM_WORKER_PORT",
    None,
    "`PORT` or `HOST:PORT` a worker (`relay`, `project`, `bots`) serves `/metrics` and "
    "`/health` on; the host is 127.0.0.1 unless given (`0.0.0.0:9100` for every interface)",
    read_address,
    shown="off",
)
LOG_FORMAT = Variable(
    "CARDROOM_LOG_FORMAT",
    "text",
    "`text` (a line per record) or `json` (an object per line: time, level, role, request_id, "
    "logger, message)",
    read_choice("text", "json"),
)

VARIABLES: tuple[Variable[object], ...] = (
    DATABASE_URL,
    REDIS_URL,
    REDIS_STREAM,
    DATA_DIR,
    DATASETS_DIR,
    BOT_PACE,
    BOT_THINKERS,
    OPEN_TABLE_IDLE,
    CORS_ORIGINS,
    TRUSTED_PROXIES,
    LIVE_HEARTBEAT,
    STREAMS_PER_GAME,
    STREAMS_PER_CLIENT,
    CONNECT_TIMEOUT,
    STATEMENT_TIMEOUT,
    POOL_API,
    POOL_RELAY,
    POOL_PROJECTIONS,
    POOL_BOTS,
    POOL_DIRECTOR,
    RATE_LIMIT_GAMES,
    RATE_LIMIT_SEATS,
    RATE_LIMIT_PLAYERS,
    RATE_LIMIT_COMMANDS,
    WORKER_PORT,
    LOG_FORMAT,
    TRACES_ENDPOINT,
)
"""Every variable, in the order the docs list them."""


@dataclass(frozen=True, slots=True)
class StreamCaps:
    """How many live streams may be open at once, on one game and from one client address."""

    per_game: int = STREAMS_PER_GAME.default
    per_client: int = STREAMS_PER_CLIENT.default


@dataclass(frozen=True, slots=True)
class Settings:
    """What a process is configured with; `database_url` and `redis_url` None mean embedded
    servers (`infra.process.servers`). Tests build one directly and tweak it with `replace`."""

    database_url: str | None = DATABASE_URL.default
    redis_url: str | None = REDIS_URL.default
    event_stream: str = REDIS_STREAM.default
    data_dir: Path = DATA_DIR.default
    datasets: Path | None = DATASETS_DIR.default
    bot_pace: float = BOT_PACE.default
    bot_thinkers: int = BOT_THINKERS.default
    open_table_idle: int = OPEN_TABLE_IDLE.default
    cors_origins: tuple[str, ...] = CORS_ORIGINS.default
    trusted_proxies: str = TRUSTED_PROXIES.default
    live_heartbeat: float = LIVE_HEARTBEAT.default
    stream_caps: StreamCaps = field(default_factory=StreamCaps)
    database_timeouts: Timeouts = field(default_factory=Timeouts)
    pool_sizes: PoolSizes = field(default_factory=PoolSizes)
    rate_limits: RateLimits = field(default_factory=RateLimits)
    worker_port: tuple[str, int] | None = WORKER_PORT.default
    log_format: str = LOG_FORMAT.default
    traces_endpoint: str | None = TRACES_ENDPOINT.default

    @property
    def datasets_dir(self) -> Path:
        """Where the datasets of ended months are kept (`datasets`, else under `data_dir`)."""
        return self.datasets or self.data_dir / "datasets"

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> "Settings":
        """The settings from `environ` (default: the process's); raises `SettingsError`."""
        env = os.environ if environ is None else environ
        return cls(
            database_url=DATABASE_URL.read(env),
            redis_url=REDIS_URL.read(env),
            event_stream=REDIS_STREAM.read(env),
            data_dir=DATA_DIR.read(env),
            datasets=DATASETS_DIR.read(env),
            bot_pace=BOT_PACE.read(env),
            bot_thinkers=BOT_THINKERS.read(env),
            open_table_idle=OPEN_TABLE_IDLE.read(env),
            cors_origins=CORS_ORIGINS.read(env),
            trusted_proxies=TRUSTED_PROXIES.read(env),
            live_heartbeat=LIVE_HEARTBEAT.read(env),
            stream_caps=StreamCaps(STREAMS_PER_GAME.read(env), STREAMS_PER_CLIENT.read(env)),
            database_timeouts=Timeouts(CONNECT_TIMEOUT.read(env), STATEMENT_TIMEOUT.read(env)),
            pool_sizes=PoolSizes(
                POOL_API.read(env),
                POOL_RELAY.read(env),
                POOL_PROJECTIONS.read(env),
                POOL_BOTS.read(env),
                POOL_DIRECTOR.read(env),
            ),
            rate_limits=RateLimits.read(env),
            worker_port=WORKER_PORT.read(env),
            log_format=LOG_FORMAT.read(env),
            traces_endpoint=TRACES_ENDPOINT.read(env),
        )

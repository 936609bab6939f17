"""Settings from the environment, with defaults that need nothing installed.

CARDROOM_DATABASE_URL  Postgres URL; unset starts an embedded Postgres under the data folder.
CARDROOM_REDIS_URL     Redis URL; unset starts an embedded Valkey under the data folder.
CARDROOM_REDIS_STREAM  the Redis stream events are published on (cardroom:events): the same for
                       every process on one database (one relay per database publishes), one
                       per database where databases share a Redis server.
CARDROOM_DATA_DIR      where embedded servers keep their data between runs (./.cardroom).
CARDROOM_BOT_PACE      seconds a bot waits between its moves in a real-time game (0.5).
CARDROOM_LIVE_HEARTBEAT  seconds between the keep-alive beats of quiet live streams (15).
CARDROOM_LIVE_STREAMS_PER_GAME    live streams open at once on one game, in this process (1000).
CARDROOM_LIVE_STREAMS_PER_CLIENT  live streams (games' and the lobby's) open at once from one
                                  client address, in this process (100).
"""

import os
from dataclasses import dataclass
from pathlib import Path

from infra.redis_streams import DEFAULT_STREAM

DEFAULT_BOT_PACE = 0.5
DEFAULT_LIVE_HEARTBEAT = 15.0
DEFAULT_STREAMS_PER_GAME = 1000
DEFAULT_STREAMS_PER_CLIENT = 100


@dataclass(frozen=True, slots=True)
class Settings:
    database_url: str | None
    redis_url: str | None
    data_dir: Path
    bot_pace: float = DEFAULT_BOT_PACE
    live_heartbeat: float = DEFAULT_LIVE_HEARTBEAT
    event_stream: str = DEFAULT_STREAM

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> "Settings":
        env = os.environ if environ is None else environ
        return cls(
            database_url=env.get("CARDROOM_DATABASE_URL") or None,
            redis_url=env.get("CARDROOM_REDIS_URL") or None,
            data_dir=Path(env.get("CARDROOM_DATA_DIR") or ".cardroom"),
            bot_pace=float(env.get("CARDROOM_BOT_PACE") or DEFAULT_BOT_PACE),
            live_heartbeat=float(env.get("CARDROOM_LIVE_HEARTBEAT") or DEFAULT_LIVE_HEARTBEAT),
            event_stream=env.get("CARDROOM_REDIS_STREAM") or DEFAULT_STREAM,
        )


@dataclass(frozen=True, slots=True)
class StreamCaps:
    """How many live streams may be open at once, on one game and from one client address."""

    per_game: int = DEFAULT_STREAMS_PER_GAME
    per_client: int = DEFAULT_STREAMS_PER_CLIENT

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> "StreamCaps":
        env = os.environ if environ is None else environ
        return cls(
            per_game=int(env.get("CARDROOM_LIVE_STREAMS_PER_GAME") or DEFAULT_STREAMS_PER_GAME),
            per_client=int(
                env.get("CARDROOM_LIVE_STREAMS_PER_CLIENT") or DEFAULT_STREAMS_PER_CLIENT
            ),
        )

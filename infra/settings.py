"""Settings from the environment, with defaults that need nothing installed.

CARDROOM_DATABASE_URL  Postgres URL; unset starts an embedded Postgres under the data folder.
CARDROOM_REDIS_URL     Redis URL; unset starts an embedded Valkey under the data folder.
CARDROOM_DATA_DIR      where embedded servers keep their data between runs (./.cardroom).
CARDROOM_BOT_PACE      seconds a bot waits between its moves in a real-time game (0.5).
"""

import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_BOT_PACE = 0.5


@dataclass(frozen=True, slots=True)
class Settings:
    database_url: str | None
    redis_url: str | None
    data_dir: Path
    bot_pace: float = DEFAULT_BOT_PACE

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> "Settings":
        env = os.environ if environ is None else environ
        return cls(
            database_url=env.get("CARDROOM_DATABASE_URL") or None,
            redis_url=env.get("CARDROOM_REDIS_URL") or None,
            data_dir=Path(env.get("CARDROOM_DATA_DIR") or ".cardroom"),
            bot_pace=float(env.get("CARDROOM_BOT_PACE") or DEFAULT_BOT_PACE),
        )

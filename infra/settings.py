"""Settings from the environment, with defaults that need nothing installed.

CARDROOM_DATABASE_URL  Postgres URL; unset starts an embedded Postgres under the data folder.
CARDROOM_REDIS_URL     Redis URL; unset starts an embedded Valkey under the data folder.
CARDROOM_DATA_DIR      where embedded servers keep their data between runs (./.cardroom).
"""

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Settings:
    database_url: str | None
    redis_url: str | None
    data_dir: Path

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> "Settings":
        env = os.environ if environ is None else environ
        return cls(
            database_url=env.get("CARDROOM_DATABASE_URL") or None,
            redis_url=env.get("CARDROOM_REDIS_URL") or None,
            data_dir=Path(env.get("CARDROOM_DATA_DIR") or ".cardroom"),
        )

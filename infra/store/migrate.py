"""Schema migrations: numbered SQL files applied once each, in order, under a lock.

Safe to run any number of times and from several processes at once: an advisory lock
serializes runners and `schema_migrations` records what is applied.
"""

from importlib import resources

import asyncpg

_LOCK_KEY = 0x63617264  # "card"


def migration_files() -> list[tuple[str, str]]:
    """(name, sql) of every migration shipped with the package, in order."""
    folder = resources.files("infra.store") / "migrations"
    names = sorted(item.name for item in folder.iterdir() if item.name.endswith(".sql"))
    return [(name, (folder / name).read_text()) for name in names]


async def migrate(connection: asyncpg.Connection) -> list[str]:
    """Apply the migrations not applied yet; return their names."""
    applied_now = []
    async with connection.transaction():
        await connection.execute("SELECT pg_advisory_xact_lock($1)", _LOCK_KEY)
        await connection.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations"
            " (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
        )
        done = {row["name"] for row in await connection.fetch("SELECT name FROM schema_migrations")}
        for name, sql in migration_files():
            if name not in done:
                await connection.execute(sql)
                await connection.execute("INSERT INTO schema_migrations (name) VALUES ($1)", name)
                applied_now.append(name)
    return applied_now

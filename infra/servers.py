"""Where the Postgres and Redis servers come from: configured URLs, else embedded servers."""

import contextlib
from collections.abc import Iterator

from infra import embedded
from infra.settings import Settings


def database_url(settings: Settings) -> str:
    """The configured Postgres, else the embedded one (started if need be)."""
    return settings.database_url or embedded.postgres_url(settings.data_dir)


@contextlib.contextmanager
def server_urls(settings: Settings) -> Iterator[tuple[str, str]]:
    """(database URL, Redis URL), starting embedded servers for whatever is not configured."""
    postgres = database_url(settings)
    if settings.redis_url:
        yield postgres, settings.redis_url
        return
    with embedded.redis_server(settings.data_dir) as redis_url:
        yield postgres, redis_url

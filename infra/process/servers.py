"""Where the Postgres and Redis servers come from: configured URLs, else embedded servers."""

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType

from infra.process import embedded
from infra.process.settings import Settings


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
    with exit_on_sigterm(), embedded.redis_server(settings.data_dir) as redis_url:
        yield postgres, redis_url


def _exit(signum: int, _: FrameType | None) -> None:
    raise SystemExit(128 + signum)


@contextlib.contextmanager
def exit_on_sigterm() -> Iterator[None]:
    """SIGTERM ends the process through Python, so the embedded servers are stopped.

    By default SIGTERM ends it at once, skipping every `finally` and exit handler, and the
    embedded servers would run on. Uvicorn handles SIGTERM itself while it serves, then
    raises it again once it has shut down, which lands here."""
    if threading.current_thread() is not threading.main_thread():  # signals go to main only
        yield
        return
    previous = signal.signal(signal.SIGTERM, _exit)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)

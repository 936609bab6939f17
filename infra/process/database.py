"""The one way this service opens Postgres: a pool with the settings every process shares.

Every connection is opened within `connect` seconds and every statement is bounded twice:
by Postgres (`statement_timeout`, so a slow statement is cancelled and its connection kept)
and by the client a second later (so a server that stops answering at all, frozen or cut
off, still gives up). A request therefore fails within a bounded time, never hangs: at
`statement` seconds on a slow server; on one that does not answer at all, within twice
`statement + 1`, since the pool then waits as long again to reset the abandoned connection
before it drops it.
"""

import logging
from dataclasses import dataclass
from typing import Any

import asyncpg

log = logging.getLogger(__name__)

DEFAULT_CONNECT_TIMEOUT = 5.0
DEFAULT_STATEMENT_TIMEOUT = 5.0
CLIENT_GRACE = 1.0
"""Seconds the client waits beyond `statement_timeout` before giving up on the server."""


async def _keep_session(connection: asyncpg.Connection) -> None:
    """Nothing to reset when a connection goes back to the pool: no code leaves session state
    behind (the relay takes and releases its advisory lock and its LISTEN explicitly), and
    asyncpg still ends an open transaction and drops listeners first. This saves asyncpg's
    default reset (advisory unlock, CLOSE ALL, UNLISTEN, RESET ALL) on every release."""


@dataclass(frozen=True, slots=True)
class Timeouts:
    """Seconds a connection may take to open and a statement to run (read from the
    environment by `infra.process.settings`)."""

    connect: float = DEFAULT_CONNECT_TIMEOUT
    statement: float = DEFAULT_STATEMENT_TIMEOUT


def _connection_settings(timeouts: Timeouts | None) -> dict[str, Any]:
    bounds = timeouts or Timeouts()
    return {
        "timeout": bounds.connect,
        "command_timeout": bounds.statement + CLIENT_GRACE,
        "server_settings": {"statement_timeout": str(int(bounds.statement * 1000))},
    }


class _Refusals:
    """Whether Postgres refuses this process's new connections for want of slots: said once
    in the log when it starts, once when it ends, not on every request or retry."""

    refusing = False

    @classmethod
    async def connect(cls, *args: Any, **kwargs: Any) -> asyncpg.Connection:
        try:
            connection = await asyncpg.connect(*args, **kwargs)
        except asyncpg.TooManyConnectionsError as error:
            if not cls.refusing:
                cls.refusing = True
                log.error(
                    "Postgres refuses new connections (%s): the processes on this database ask"
                    " for more than its max_connections; requests answer 503 unavailable until"
                    " a connection frees up (see 'Connection budget' in docs/operations.md)",
                    error,
                )
            raise
        if cls.refusing:
            cls.refusing = False
            log.warning("Postgres accepts new connections again")
        return connection


def open_pool(
    database_url: str,
    *,
    min_size: int = 2,
    max_size: int = 10,
    timeouts: Timeouts | None = None,
) -> asyncpg.Pool:
    """A connection pool for `database_url` of at most `max_size` connections (a process's
    share of the connection budget, `Settings.pool_sizes`); use as `async with
    open_pool(url) as pool` or `pool = await open_pool(url)`. `timeouts` default to
    `Timeouts()`; processes pass their settings' (`Settings.database_timeouts`)."""
    return asyncpg.create_pool(
        database_url,
        min_size=min(min_size, max_size),
        max_size=max_size,
        reset=_keep_session,
        connect=_Refusals.connect,
        **_connection_settings(timeouts),
    )


async def open_connection(
    database_url: str, timeouts: Timeouts | None = None
) -> asyncpg.Connection:
    """One connection outside any pool, bounded by the same timeouts as a pool's."""
    return await asyncpg.connect(database_url, **_connection_settings(timeouts))


TRANSIENT: tuple[type[Exception], ...] = (
    OSError,  # a connection refused or reset, and every client-side timeout
    asyncpg.PostgresConnectionError,
    asyncpg.exceptions.ConnectionDoesNotExistError,
    asyncpg.exceptions.OperatorInterventionError,  # statement_timeout, shutting down, starting
    asyncpg.exceptions.InsufficientResourcesError,  # too many connections
    asyncpg.exceptions.LockNotAvailableError,
    asyncpg.exceptions.TransactionRollbackError,  # a deadlock, a serialization failure
)
"""Failures of the moment: the same batch may apply once the cause has passed."""

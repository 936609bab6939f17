"""Telling the relay of new commits: `APPENDED`, notified after an append commits.

Postgres serializes every commit of a transaction that notifies on one lock held until the
commit is on disk, so an append that notified itself would queue each commit behind the
last one's flush: appends/s fell as writers were added. An append commits without it, and
its process tells the channel afterwards in a transaction of its own that does not wait for
the disk, one notification for every commit of the moment (the newest transaction id; a
listener wants to know that there is something to read, not what). A process that stops in
between leaves its last commits to the relay's idle read (`infra.reading.relay`).
"""

import asyncio
import logging

import asyncpg

log = logging.getLogger(__name__)

APPENDED = "cardroom_appended"
"""The channel told of appends, with the newest committed transaction id as the payload."""
_NOTIFY = (
    f"BEGIN; SET LOCAL synchronous_commit TO off; SELECT pg_notify('{APPENDED}', '%d'); COMMIT"
)


def notify_statement(tx_id: int) -> str:
    return _NOTIFY % tx_id


class AppendNotices:
    """The notifications of one store's appends: at most one being sent at a time, then one
    more for every commit made meanwhile."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool
        self._newest = 0
        self._sent = 0
        self._sending: asyncio.Task[None] | None = None

    def committed(self, tx_id: int) -> None:
        self._newest = max(self._newest, tx_id)
        if self._sending is None or self._sending.done():
            self._sending = asyncio.create_task(self._send())

    async def _send(self) -> None:
        while self._newest > self._sent:
            newest = self._newest
            try:
                await self._pool.execute(notify_statement(newest))
            except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, TimeoutError) as error:
                log.debug("appends not notified (the relay's idle read finds them): %s", error)
                return
            self._sent = newest

"""The table clock: an open table nobody starts expires once it has waited its idle time
(`CARDROOM_OPEN_TABLE_IDLE`) with nothing done at it, so the lobby lists only tables someone
may still play at. An expiry is the table command `expire_table`, decided like any other:
a table started or cancelled meanwhile refuses it and stays as it is."""

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from commands.core.envelope import Envelope
from commands.core.handler import CommandHandler
from commands.core.streams import utc_now
from domain import table
from domain.errors import DomainError

log = logging.getLogger(__name__)

IdleTables = Callable[[datetime], Awaitable[list[str]]]
"""The open tables with nothing done at them since a moment (a read model's query)."""
SWEEP_SECONDS = 5.0
"""How often the clock looks for tables whose wait is over."""


class TableClock:
    """Expires every open table idle for `idle_seconds`, through the one command handler;
    the command id is `expire-<game>`, so two clocks expire a table once."""

    def __init__(
        self,
        handler: CommandHandler,
        idle: IdleTables,
        idle_seconds: int,
        now: Callable[[], datetime] = utc_now,
    ) -> None:
        self._handler, self._idle, self._seconds, self._now = handler, idle, idle_seconds, now

    async def run(self, stopping: asyncio.Event) -> None:
        while not stopping.is_set():
            await self.sweep()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stopping.wait(), SWEEP_SECONDS)

    async def sweep(self) -> None:
        """Expire the tables whose wait is over, once."""
        since = self._now() - timedelta(seconds=self._seconds)
        for game_id in await self._idle(since):
            expire = table.ExpireTable(self._seconds)
            try:
                await self._handler.execute(Envelope(game_id, None, expire, f"expire-{game_id}"))
            except DomainError as refusal:  # started or cancelled since the read model saw it
                log.info("table %s stays as it is: %s", game_id, refusal)

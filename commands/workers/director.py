"""The tournament director: it moves every tournament on, through `Tournaments.advance`.

It reacts to time (a sweep every `SWEEP_SECONDS`: a tournament due to start, an arena whose
time is up, a notification lost) and to the bus: a game that finishes, or a tournament's
own news, wakes it at once. Each sweep advances every tournament not over (`active`, a read
model's query), each step appended with the expected version and each table opened under
keys derived from it, so two directors at once, or one started again after any stop,
record every step once: nothing lost, doubled or skipped.
"""

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from commands.core.bus import News
from commands.core.tournaments import Tournaments
from domain import table
from domain import tournaments as t
from domain.errors import DomainError

log = logging.getLogger(__name__)
SWEEP_SECONDS = 1.0
"""How often the director looks at every tournament not over, woken or not."""

Active = Callable[[], Awaitable[list[str]]]
"""The ids of the tournaments not over (upcoming or running)."""


class Director:
    def __init__(self, tournaments: Tournaments, active: Active) -> None:
        self._tournaments, self._active = tournaments, active
        self._woken = asyncio.Event()

    def notice(self, news: News) -> None:
        """Called with every news on the bus: a game finished, or a tournament moved."""
        finished = any(isinstance(event, table.GameFinished) for event in news.table_events)
        if finished or news.game_id.startswith(t.STREAM_PREFIX):
            self._woken.set()

    async def run(self, stopping: asyncio.Event) -> None:
        log.info("director: starting")
        while not stopping.is_set():
            self._woken.clear()
            await self.sweep()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(_first(stopping, self._woken), SWEEP_SECONDS)
        log.info("director: stopped")

    async def sweep(self) -> None:
        """Advance every tournament not over, once."""
        for tournament_id in await self._active():
            try:
                await self._tournaments.advance(tournament_id)
            except DomainError as refusal:
                log.warning("tournament %s stays as it is: %s", tournament_id, refusal)


async def _first(*events: asyncio.Event) -> None:
    """Return once any of `events` is set."""
    waits = [asyncio.ensure_future(event.wait()) for event in events]
    try:
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for wait in waits:
            wait.cancel()

"""The clock worker: it claims the timeout of every seat whose time has run out, through the
one command handler, so the table makes the seat's move for it (`domain.table`).

Each game with a clock gets a task, started for the open games' logs when the worker starts
(so a deadline that passed while the service was stopped is claimed at once) and for each
game that starts later. The task loads the game, finds the earliest deadline of a seat that
must act, and sleeps until then or until the game's next event, whichever comes first. A
claim's command id is `timeout-<seat>-<version>`, so two workers claiming the same timeout
append it once.
"""

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime

from commands.core.bus import News
from commands.core.envelope import Envelope
from commands.core.handler import CommandHandler
from commands.core.loaded import LoadedGame
from commands.core.streams import utc_now
from commands.log.store import WatchedGames
from commands.workers.watching import FALLBACK_SECONDS, GameWatch, Step
from domain import clocks, table
from domain.errors import DomainError

log = logging.getLogger(__name__)
LATE_SECONDS = 0.01
"""A claim is sent this long after its deadline, so the handler's clock has passed it too."""
REFUSED_SECONDS = 1.0
"""How long a task waits after a refused claim, unless its game changes meanwhile."""


def _starts(news: News) -> bool:
    return any(isinstance(event, table.GameStarted) for event in news.table_events)


class ClockWorker:
    def __init__(
        self,
        handler: CommandHandler,
        watched: WatchedGames,
        now: Callable[[], datetime] = utc_now,
    ) -> None:
        self._handler = handler
        self._watched = watched
        self._now = now
        self._watch = GameWatch(handler, self._new_step, _starts, "the clock")

    async def run(self, stopping: asyncio.Event) -> None:
        """Watch the clocks of unfinished games, and of new ones as they start, until stopped."""
        log.info("clocks: starting")
        await self._watch.run(stopping, self._watched.games_with_clocks)
        log.info("clocks: stopped")

    def notice(self, news: News) -> None:
        """Called for every event published: wake the game's task, or start one for a game
        that has just started (its task ends at once when the table has no clock)."""
        self._watch.notice(news)

    def _new_step(self) -> Step:
        """A game's step: claim its timeouts until it is over."""

        async def step(game: LoadedGame) -> float | None:
            if game.table.clock is None or table.is_over(game.table):
                return None
            return await self._claim_due(game)

        return step

    async def _claim_due(self, game: LoadedGame) -> float:
        """Claim the timeout of the seat whose deadline came first, if it has passed: 0 once
        one was claimed, else the seconds until the next deadline (at most the fallback)."""
        due = next_deadline(game)
        if due is None:
            return FALLBACK_SECONDS
        seat, deadline = due
        early = (deadline - self._now()).total_seconds() + LATE_SECONDS
        if early > 0:
            return min(early, FALLBACK_SECONDS)
        version = game.table.version
        claim = Envelope(game.game_id, None, clocks.ClaimTimeout(seat), f"timeout-{seat}-{version}")
        try:
            await self._handler.execute(claim)
        except DomainError as refusal:
            # the seat moved, or another worker claimed first: look at the game again
            log.info("timeout of seat %s at game %s refused: %s", seat, game.game_id, refusal)
            return REFUSED_SECONDS
        return 0.0


def next_deadline(game: LoadedGame) -> tuple[int, datetime] | None:
    """The seat that must act whose time runs out first, and when; None when no seat must."""
    state = game.table
    if state.clock is None or state.status != "playing" or not state.clock.since:
        return None
    acting = table.acting_seats(game.rules, state)
    deadlines = [(clocks.deadline(state.clock, seat), seat) for seat in acting]
    if not deadlines:
        return None
    deadline, seat = min(deadlines)
    return seat, deadline

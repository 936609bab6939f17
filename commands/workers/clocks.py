"""The clock worker: it warns every seat whose time has run out and, once the seat's grace is
over, claims its timeout, through the one command handler, so the table makes the seat's move
for it (`domain.table`, `domain.clocks`).

Each game with a clock gets a task, started for the open games' logs when the worker starts
(so a deadline that passed while the service was stopped is acted on at once) and for each
game that starts later. The task loads the game, finds the earliest due moment of a seat that
must act (its deadline, or the end of the grace it was warned of), and sleeps until then or
until the game's next event, whichever comes first. A warning's command id is
`warn-<seat>-<version>` and a claim's `timeout-<seat>-<version>`, so two workers append each
once. A table without a grace (recorded before it) has its timeouts claimed at the deadline.
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
        """Warn, or claim the timeout of, the seat due first, if its moment has come: 0 once
        one was sent, else the seconds until the next due moment (at most the fallback)."""
        due = next_due(game)
        if due is None:
            return FALLBACK_SECONDS
        seat, moment, command = due
        early = (moment - self._now()).total_seconds() + LATE_SECONDS
        if early > 0:
            return min(early, FALLBACK_SECONDS)
        name = "warn" if isinstance(command, clocks.WarnSeat) else "timeout"
        key = f"{name}-{seat}-{game.table.version}"
        try:
            await self._handler.execute(Envelope(game.game_id, None, command, key))
        except DomainError as refusal:
            # the seat moved, or another worker acted first: look at the game again
            log.info("%s of seat %s at game %s refused: %s", name, seat, game.game_id, refusal)
            return REFUSED_SECONDS
        return 0.0


ClockCommand = clocks.WarnSeat | clocks.ClaimTimeout


def next_due(game: LoadedGame) -> tuple[int, datetime, ClockCommand] | None:
    """The seat that must act due first, when, and what is then sent for it: its warning at
    its deadline, or its timeout at the end of its grace (at its deadline with no grace);
    None when no seat must act."""
    state = game.table
    if state.clock is None or state.status != "playing" or not state.clock.since:
        return None
    clock = state.clock
    dues = [_due(clock, seat) for seat in table.acting_seats(game.rules, state)]
    if not dues:
        return None
    moment, seat, command = min(dues, key=lambda due: (due[0], due[1]))
    return seat, moment, command


def _due(clock: clocks.Clock, seat: int) -> tuple[datetime, int, ClockCommand]:
    until = clocks.warned_until(clock, seat)
    if until is not None:
        return datetime.fromisoformat(until), seat, clocks.ClaimTimeout(seat)
    deadline = clocks.deadline(clock, seat)
    if clocks.grace(clock):
        return deadline, seat, clocks.WarnSeat(seat)
    return deadline, seat, clocks.ClaimTimeout(seat)

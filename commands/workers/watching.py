"""A worker's watch over games (the bots', the clock's): a task per game, started by the
events that make the game the worker's business, woken by each of the game's events. The
task looks at the game, acts, waits for the next event or a while, and again, until its
work for the game is over.

A failure (a store that did not answer, say) is logged and the loop looks again after
`FALLBACK_SECONDS`, so one bad moment never leaves a game without its bots or its clock; it
ends only when `step` says the work is over, or when the store holds no such game (an event
of another database's game, heard on a shared stream).
"""

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from commands.core.bus import News
from commands.core.handler import CommandHandler
from commands.core.loaded import LoadedGame
from domain.errors import DomainError

log = logging.getLogger(__name__)
FALLBACK_SECONDS = 5.0
"""The longest a loop waits for an event before it looks again, and its pause after a failure."""

Step = Callable[[LoadedGame], Awaitable[float | None]]
"""Acts on the game as loaded; answers how long to wait before looking again (0: at once),
or None once there is nothing more to do for this game."""


class GameWatch:
    """One task per game watched. `new_step` makes a game's step when its task starts (a
    step may keep state of its own for that game); `concerns` tells the events that start
    a watch over a game not watched yet."""

    def __init__(
        self,
        handler: CommandHandler,
        new_step: Callable[[], Step],
        concerns: Callable[[News], bool],
        what: str,
    ) -> None:
        self._handler = handler
        self._new_step = new_step
        self._concerns = concerns
        self._what = what
        self._wakes: dict[str, asyncio.Event] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._stopping: asyncio.Event | None = None

    async def run(
        self, stopping: asyncio.Event, unfinished: Callable[[], Awaitable[list[str]]]
    ) -> None:
        """Watch the `unfinished` games, and the games events concern from now on, until
        stopped."""
        self._stopping = stopping
        try:
            for game_id in await unfinished():
                self._follow(game_id)
            await stopping.wait()
        finally:
            for task in self._tasks:
                task.cancel()
            await asyncio.gather(*self._tasks, return_exceptions=True)

    def notice(self, news: News) -> None:
        """Called with every news on the event bus: wake the game's task, or start one."""
        wake = self._wakes.get(news.game_id)
        if wake is not None:
            wake.set()
        elif self._concerns(news):
            self._follow(news.game_id)

    def _follow(self, game_id: str) -> None:
        if self._stopping is None or self._stopping.is_set() or game_id in self._wakes:
            return
        self._wakes[game_id] = wake = asyncio.Event()
        task = asyncio.create_task(self._watch(game_id, wake))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _watch(self, game_id: str, wake: asyncio.Event) -> None:
        try:
            await watch(self._handler, game_id, wake, self._new_step(), self._what)
        finally:
            del self._wakes[game_id]


async def watch(
    handler: CommandHandler, game_id: str, wake: asyncio.Event, step: Step, what: str
) -> None:
    """Run `step` on the game each time `wake` is set or its wait runs out."""
    while True:
        wake.clear()
        try:
            wait = await step(await handler.games.latest(game_id))
        except DomainError as refused:
            if refused.code != "game_not_found":
                raise
            return
        except Exception:
            log.exception("%s of game %s failed; looking again", what, game_id)
            wait = FALLBACK_SECONDS
        if wait is None:
            return
        if wait > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), min(wait, FALLBACK_SECONDS))

"""The loop a worker runs per game (the bots', the clock's): look at the game, act, wait for
its next event or a while, again, until the work is over.

A failure (a store that did not answer, say) is logged and the loop looks again after
`FALLBACK_SECONDS`, so one bad moment never leaves a game without its bots or its clock; it
ends only when `step` says the work is over, or when the store holds no such game (an event
of another database's game, heard on a shared stream).
"""

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from commands.handler import CommandHandler, LoadedGame
from domain.errors import DomainError

log = logging.getLogger(__name__)
FALLBACK_SECONDS = 5.0
"""The longest a loop waits for an event before it looks again, and its pause after a failure."""

Step = Callable[[LoadedGame], Awaitable[float | None]]
"""Acts on the game as loaded; answers how long to wait before looking again (0: at once),
or None once there is nothing more to do for this game."""


async def watch(
    handler: CommandHandler, game_id: str, wake: asyncio.Event, step: Step, what: str
) -> None:
    """Run `step` on the game each time `wake` is set or its wait runs out."""
    while True:
        wake.clear()
        try:
            wait = await step(await handler.load(game_id))
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

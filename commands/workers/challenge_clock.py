"""The challenge clock: challenges nobody answered in time expire, and the tables of
challenges accepted by a process that stopped half-way are opened."""

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime

from commands.core.challenges import Challenges
from commands.core.streams import utc_now
from domain.errors import DomainError

log = logging.getLogger(__name__)


ChallengeQuery = Callable[[datetime], Awaitable[list[str]]]
"""Challenges in some state at a moment (a read model's query)."""
EXPIRY_SECONDS = 1.0
"""How often the clock looks for challenges whose time is up."""


class ChallengeClock:
    """Expires every challenge nobody answered in time, through `Challenges.expire`: an
    expiry is an event like any answer, and a challenge answered meanwhile stays answered.
    Finishes opening the tables of challenges accepted a while ago whose accepting process
    stopped half-way (`unopened`), through `Challenges.resume`."""

    def __init__(
        self,
        challenges: Challenges,
        due: ChallengeQuery,
        unopened: ChallengeQuery,
        now: Callable[[], datetime] = utc_now,
    ) -> None:
        self._challenges, self._due, self._unopened, self._now = challenges, due, unopened, now

    async def run(self, stopping: asyncio.Event) -> None:
        while not stopping.is_set():
            await self.sweep()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stopping.wait(), EXPIRY_SECONDS)

    async def sweep(self) -> None:
        """Expire what is due and finish what was left half open, once."""
        now = self._now()
        for challenge_id in await self._due(now):
            await self._challenges.expire(challenge_id)
        for challenge_id in await self._unopened(now):
            try:
                await self._challenges.resume(challenge_id)
            except DomainError as refusal:
                log.warning("the table of challenge %s stays as it is: %s", challenge_id, refusal)

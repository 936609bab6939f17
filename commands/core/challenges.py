"""Challenges as the application runs them: each a stream of its own, decided against its
folded events and appended with the expected version, so two answers to one challenge
cannot both be recorded; and the table an acceptance opens.

Accepting records the acceptance first, naming the game id it opens (derived from the
challenge's id), then opens the table through the command handler: the challenger takes
seat 0 and the acceptor seat 1, bots the seats left when the challenge asks for them, and
the game starts once every seat is taken. Each of these steps carries an idempotency key
derived from the challenge, so none of them is ever recorded twice, and the opening can be
taken up again from the start (`resume`) by any process: should the accepting one stop
half-way, the challenge clock (`commands.workers.challenge_clock`) finishes the table.
"""

import logging
import secrets
import uuid
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any, Literal

from commands.core.envelope import Envelope
from commands.core.handler import CommandHandler
from commands.core.streams import CHALLENGES, PLAYERS
from commands.log.registry import game_rules
from commands.log.store import ConcurrencyConflict
from domain import challenges, players, table
from domain.challenges import Challenge, ChallengeCommand, ChallengeEvent
from domain.errors import DomainError, Refusal, require
from domain.table import setup

log = logging.getLogger(__name__)
DEFAULT_EXPIRY = timedelta(minutes=10)
BOT = "random"
"""The strategy of the bots that fill a challenge's table when it asks for bots."""
_GAMES = uuid.UUID("0c6a11e7-9e5c-4b1d-8f7a-6368616c6c67")


def game_of(challenge_id: str) -> str:
    """The id of the table accepting a challenge opens (the same on every try)."""
    return str(uuid.uuid5(_GAMES, challenge_id))


class Challenges:
    def __init__(self, handler: CommandHandler) -> None:
        self._handler = handler
        self._streams = handler.streams

    async def issue(
        self,
        challenger: str,
        challenged: str | None,
        kind: str,
        options: dict[str, Any],
        seats: int,
        bots: bool,
        expires_in: timedelta = DEFAULT_EXPIRY,
    ) -> str:
        """Record a new challenge; returns its id. The options are checked as a table of the
        kind would check them, and the seats against the kind's range."""
        now = self._streams.now()
        created = checked_table(kind, options, seats, now)
        challenge_id = str(uuid.uuid4())
        command = challenges.IssueChallenge(
            challenger,
            challenged,
            kind,
            created.options,
            seats,
            bots,
            now + expires_in,
        )
        await self._record(challenge_id, command)
        return challenge_id

    async def accept(self, challenge_id: str, player: str) -> tuple[str, int]:
        """Accept a challenge as `player`: the table it opens, and the acceptor's seat."""
        game_id = game_of(challenge_id)
        accepted = await self._record(challenge_id, challenges.AcceptChallenge(player, game_id))
        await self._open_table(challenge_id, accepted)
        return game_id, 1

    async def resume(self, challenge_id: str) -> None:
        """Open the table of an accepted challenge as far as the acceptance opens it; the
        steps already recorded are not recorded again."""
        challenge = await self._load(challenge_id)
        if challenge.status == "accepted":
            await self._open_table(challenge_id, challenge)

    async def decline(
        self, challenge_id: str, player: str, reason: challenges.DeclineReason
    ) -> None:
        await self._record(challenge_id, challenges.DeclineChallenge(player, reason))

    async def cancel(self, challenge_id: str, player: str) -> None:
        await self._record(challenge_id, challenges.CancelChallenge(player))

    async def expire(self, challenge_id: str) -> None:
        """Record that the challenge's time is up (the clock worker's command); a challenge
        answered meanwhile is left as it is."""
        try:
            await self._record(challenge_id, challenges.ExpireChallenge())
        except ConcurrencyConflict:
            pass  # answered, or expired by another worker, at the same moment
        except DomainError as refusal:
            if not refusal.code.startswith("challenge_"):
                raise

    async def registered(self, handle: str) -> str:
        """A player's handle as registered (`Ada` for `ada`); refused when no player can have
        it (`invalid_handle`) or nobody has it."""
        registered = (await self._streams.load(PLAYERS, players.checked_handle(handle))).state
        if registered is None:
            raise DomainError("player_not_found", f"no player is registered as {handle!r}")
        return registered.handle

    async def challenge(self, challenge_id: str) -> Challenge:
        """A challenge as its events leave it; refused when there is none."""
        challenge = await self._load(challenge_id)
        if challenge.issued is None:
            raise DomainError("challenge_not_found", f"there is no challenge {challenge_id}")
        return challenge

    async def _load(self, challenge_id: str) -> Challenge:
        return (await self._streams.load(CHALLENGES, challenge_id)).state

    async def _record(self, challenge_id: str, command: ChallengeCommand) -> Challenge:
        """Decide `command` against the challenge and append its events with the expected
        version; a concurrent answer makes the store refuse the second one."""

        def decide(challenge: Challenge, now: datetime) -> Sequence[ChallengeEvent]:
            if challenge.status == "new" and not isinstance(command, challenges.IssueChallenge):
                raise DomainError("challenge_not_found", f"there is no challenge {challenge_id}")
            return challenges.decide(challenge, command, now)

        try:
            return await self._streams.decide(CHALLENGES, challenge_id, command, decide)
        except ConcurrencyConflict:
            if isinstance(command, challenges.ExpireChallenge):
                raise
            raise DomainError(
                "challenge_changed", "the challenge was answered meanwhile; look at it again"
            ) from None

    async def _open_table(self, challenge_id: str, accepted: Challenge) -> None:
        issued, game_id, acceptor = accepted.issued, accepted.game_id, accepted.acceptor
        assert issued and game_id and acceptor
        key = f"challenge {challenge_id}"
        options = {**issued.options, setup.SEATS: issued.seats}
        await self._handler.create(issued.kind, options, key, game_id)
        seated: list[tuple[str, str | None]] = [(issued.challenger, None), (acceptor, None)]
        if issued.bots:
            seated += [("", BOT)] * (issued.seats - 2)
        for seat, (name, bot) in enumerate(seated):
            if bot is None:
                command = table.TakeSeat(name, player=name)
            else:
                command = table.TakeSeat(name, bot=bot, by=table.HOST)
            await self._handler.take_seat(game_id, command, f"{key} seat {seat}")
        if len(seated) == issued.seats:
            start = Envelope(game_id, 0, table.StartGame(), f"{key} start")
            await self._handler.execute(start)


def checked_table(
    kind: str, options: dict[str, Any], seats: int, now: datetime
) -> table.TableCreated:
    """The table of `seats` seats a kind would open with `options`, or the kind's refusal
    of them (`unknown_kind`, `invalid_options`, `invalid_seats`: two seats at least)."""
    created = _checked_options(kind, options, now)
    low, high = game_rules(kind).seat_range(table.created_options(game_rules(kind), created)[0])
    require(
        max(low, 2) <= seats <= high,
        Refusal[Literal["invalid_seats"]](
            "invalid_seats",
            f"a table of {kind} with these options has {low} to {high} seats, two at least",
        ),
    )
    return created


def _checked_options(kind: str, options: dict[str, Any], now: datetime) -> table.TableCreated:
    """The table a kind would open with `options`, or the kind's refusal of them."""
    rules = game_rules(kind)
    blank = table.AnyTable()
    ctx = table.decision_context(blank, None, now, secrets.token_bytes(32))
    events, _ = table.decided(rules, blank, table.CreateTable(kind, options), ctx)
    created = events[0]
    assert isinstance(created, table.TableCreated)
    return created

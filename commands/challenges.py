"""Challenges as the application runs them: each a stream of its own, decided against its
folded events and appended with the expected version, so two answers to one challenge
cannot both be recorded; and the table an acceptance opens.

Accepting records the acceptance first, naming the game id it opens (derived from the
challenge's id), then opens the table through the command handler: the challenger takes
seat 0 and the acceptor seat 1, bots the seats left when the challenge asks for them, and
the game starts once every seat is taken. Each of these steps carries an idempotency key
derived from the challenge, so none of them is ever recorded twice, and the opening can be
taken up again from the start (`resume`) by any process: should the accepting one stop
half-way, the clock worker finishes the table.
"""

import asyncio
import contextlib
import logging
import secrets
import uuid
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

import msgspec

from commands.envelope import Envelope
from commands.handler import CommandHandler
from commands.records import new_records
from commands.registry import game_rules
from commands.store import ConcurrencyConflict, GameStreams, StoredEvent
from domain import challenges, players, table
from domain.challenges import Challenge, ChallengeCommand, ChallengeEvent
from domain.errors import DomainError, Refusal, require
from domain.table import setup

log = logging.getLogger(__name__)
DEFAULT_EXPIRY = timedelta(minutes=10)
BOT = "random"
"""The strategy of the bots that fill a challenge's table when it asks for bots."""
_GAMES = uuid.UUID("0c6a11e7-9e5c-4b1d-8f7a-6368616c6c67")
_decoder = msgspec.json.Decoder(ChallengeEvent)
_registered = msgspec.json.Decoder(players.PlayerRegistered)


def decode(stored: StoredEvent) -> ChallengeEvent:
    event: ChallengeEvent = _decoder.decode(stored.data)
    return event


def game_of(challenge_id: str) -> str:
    """The id of the table accepting a challenge opens (the same on every try)."""
    return str(uuid.uuid5(_GAMES, challenge_id))


def _utc_now() -> datetime:
    return datetime.now(UTC)


class Challenges:
    def __init__(
        self,
        store: GameStreams,
        handler: CommandHandler,
        now: Callable[[], datetime] = _utc_now,
    ) -> None:
        self._store = store
        self._handler = handler
        self._now = now

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
        created = _checked_options(kind, options, self._now())
        low, high = game_rules(kind).seat_range(table.created_options(game_rules(kind), created)[0])
        require(
            max(low, 2) <= seats <= high,
            Refusal[Literal["invalid_seats"]](
                "invalid_seats",
                f"a table of {kind} with these options has {low} to {high} seats, two at least",
            ),
        )
        challenge_id = str(uuid.uuid4())
        command = challenges.IssueChallenge(
            challenger, challenged, kind, created.options, seats, bots, self._now() + expires_in
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
        challenge, _ = await self._load(challenge_id)
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
        """A player's handle as registered (`Ada` for `ada`); refused when nobody has it."""
        stored = await self._store.read_stream(players.stream_id(handle), 0, 1)
        if not stored:
            raise DomainError("player_not_found", f"no player is registered as {handle!r}")
        registered: players.PlayerRegistered = _registered.decode(stored[0].data)
        return registered.handle

    async def challenge(self, challenge_id: str) -> Challenge:
        """A challenge as its events leave it; refused when there is none."""
        challenge, _ = await self._load(challenge_id)
        if challenge.issued is None:
            raise DomainError("challenge_not_found", f"there is no challenge {challenge_id}")
        return challenge

    async def _load(self, challenge_id: str) -> tuple[Challenge, str]:
        """The challenge folded, and the last link of its hash chain."""
        stored = await self._store.read_stream(challenges.stream_id(challenge_id))
        last_hash = msgspec.json.decode(stored[-1].metadata)["hash"] if stored else ""
        return challenges.fold([decode(each) for each in stored]), last_hash

    async def _record(self, challenge_id: str, command: ChallengeCommand) -> Challenge:
        """Decide `command` against the challenge and append its events with the expected
        version; a concurrent answer makes the store refuse the second one."""
        challenge, last_hash = await self._load(challenge_id)
        if challenge.status == "new" and not isinstance(command, challenges.IssueChallenge):
            raise DomainError("challenge_not_found", f"there is no challenge {challenge_id}")
        now = self._now()
        events = challenges.decide(challenge, command, now)
        stream = challenges.stream_id(challenge_id)
        envelope = Envelope(stream, None, command)
        records, _ = new_records(last_hash, envelope, str(uuid.uuid4()), now, events)
        try:
            await self._store.append(stream, challenge.version, records)
        except ConcurrencyConflict:
            if isinstance(command, challenges.ExpireChallenge):
                raise
            raise DomainError(
                "challenge_changed", "the challenge was answered meanwhile; look at it again"
            ) from None
        for event in events:
            challenge = challenges.evolve(challenge, event)
        return challenge

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


def _checked_options(kind: str, options: dict[str, Any], now: datetime) -> table.TableCreated:
    """The table a kind would open with `options`, or the kind's refusal of them."""
    rules = game_rules(kind)
    blank = table.AnyTable()
    ctx = table.decision_context(blank, None, now, secrets.token_bytes(32))
    events, _ = table.decided(rules, blank, table.CreateTable(kind, options), ctx)
    created = events[0]
    assert isinstance(created, table.TableCreated)
    return created


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
        now: Callable[[], datetime] = _utc_now,
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

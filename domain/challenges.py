"""Challenges: a player invites another (or, with an open challenge, anyone holding its link)
to a table of a kind, with its options and seats.

A challenge is a stream of its own (`challenge:<id>`), folded from its events like a game:
issued, then once and for good accepted, declined (with a reason from `DECLINE_REASONS`),
cancelled by its author, or expired once its time is up (the clock worker's command). Each
later event names the players it concerns, so a reader needs no earlier event to address it.
Opening the table an acceptance asks for is the application's work (`commands.core.challenges`);
the acceptance records its game id, chosen before.
"""

from datetime import datetime
from typing import Any, Literal

import msgspec

from domain.errors import Refusal, require

STREAM_PREFIX = "challenge:"
DECLINE_REASONS = ("generic", "later", "kind", "options", "clock", "bots")
"""Why a challenged player may decline, as a client shows it."""
DeclineReason = Literal["generic", "later", "kind", "options", "clock", "bots"]
Status = Literal["new", "open", "accepted", "declined", "cancelled", "expired"]
Answered = Literal[
    "challenge_accepted", "challenge_declined", "challenge_cancelled", "challenge_expired"
]
"""A challenge answered already (or whose time is up): none but its first answer counts."""
Code = (
    Answered
    | Literal["challenge_exists", "cannot_challenge_yourself", "challenge_not_due"]
    | Literal["challenge_not_found", "own_challenge", "not_challenged", "not_your_challenge"]
)
Refused = Refusal[Code]
ANSWERED: dict[Status, Answered] = {
    "accepted": "challenge_accepted",
    "declined": "challenge_declined",
    "cancelled": "challenge_cancelled",
    "expired": "challenge_expired",
}


class IssueChallenge(msgspec.Struct, frozen=True):
    challenger: str
    challenged: str | None
    kind: str
    options: dict[str, Any]
    seats: int
    bots: bool
    expires_at: datetime


class AcceptChallenge(msgspec.Struct, frozen=True):
    player: str
    game_id: str


class DeclineChallenge(msgspec.Struct, frozen=True):
    player: str
    reason: DeclineReason


class CancelChallenge(msgspec.Struct, frozen=True):
    player: str


class ExpireChallenge(msgspec.Struct, frozen=True):
    pass


ChallengeCommand = (
    IssueChallenge | AcceptChallenge | DeclineChallenge | CancelChallenge | ExpireChallenge
)


class ChallengeIssued(msgspec.Struct, frozen=True, tag="challenge.issued"):
    challenger: str
    challenged: str | None
    kind: str
    options: dict[str, Any]
    seats: int
    bots: bool
    expires_at: datetime


class ChallengeAccepted(msgspec.Struct, frozen=True, tag="challenge.accepted"):
    challenger: str
    player: str
    game_id: str


class ChallengeDeclined(msgspec.Struct, frozen=True, tag="challenge.declined"):
    challenger: str
    player: str
    reason: DeclineReason


class ChallengeCancelled(msgspec.Struct, frozen=True, tag="challenge.cancelled"):
    challenger: str
    challenged: str | None


class ChallengeExpired(msgspec.Struct, frozen=True, tag="challenge.expired"):
    challenger: str
    challenged: str | None


ChallengeEvent = (
    ChallengeIssued | ChallengeAccepted | ChallengeDeclined | ChallengeCancelled | ChallengeExpired
)
CHALLENGE_TAGS = frozenset(
    event.__struct_config__.tag
    for event in (
        ChallengeIssued,
        ChallengeAccepted,
        ChallengeDeclined,
        ChallengeCancelled,
        ChallengeExpired,
    )
)


class Challenge(msgspec.Struct, frozen=True):
    """A challenge as its events leave it; `game_id` is the table an acceptance opened, and
    `acceptor` the player who accepted it."""

    status: Status = "new"
    issued: ChallengeIssued | None = None
    game_id: str | None = None
    acceptor: str | None = None
    reason: DeclineReason | None = None
    version: int = 0


def decide(
    challenge: Challenge, command: ChallengeCommand, now: datetime
) -> tuple[ChallengeEvent, ...]:
    """The events a command records at `now`, or a refusal with a stable code."""
    if isinstance(command, IssueChallenge):
        require(
            challenge.status == "new",
            Refused("challenge_exists", "this challenge exists already"),
        )
        require(
            command.challenged is None or command.challenged != command.challenger,
            Refused("cannot_challenge_yourself", "a player cannot challenge themselves"),
        )
        return (ChallengeIssued(**msgspec.structs.asdict(command)),)
    issued = _open(challenge)
    due = now >= issued.expires_at
    if isinstance(command, ExpireChallenge):
        require(due, Refused("challenge_not_due", "the challenge has time left"))
        return (ChallengeExpired(issued.challenger, issued.challenged),)
    require(not due, Refused("challenge_expired", "this challenge has expired"))
    match command:
        case AcceptChallenge(player, game_id):
            _require_addressee(issued, player, "accept")
            return (ChallengeAccepted(issued.challenger, player, game_id),)
        case DeclineChallenge(player, reason):
            _require_addressee(issued, player, "decline")
            return (ChallengeDeclined(issued.challenger, player, reason),)
        case CancelChallenge(player):
            require(
                player == issued.challenger,
                Refused("not_your_challenge", "only the challenge's author may cancel it"),
            )
            return (ChallengeCancelled(issued.challenger, issued.challenged),)
    raise AssertionError(command)


def evolve(challenge: Challenge, event: ChallengeEvent) -> Challenge:
    version = challenge.version + 1
    match event:
        case ChallengeIssued():
            return Challenge("open", event, version=version)
        case ChallengeAccepted(player=player, game_id=game_id):
            return msgspec.structs.replace(
                challenge, status="accepted", game_id=game_id, acceptor=player, version=version
            )
        case ChallengeDeclined(reason=reason):
            return msgspec.structs.replace(
                challenge, status="declined", reason=reason, version=version
            )
        case ChallengeCancelled():
            return msgspec.structs.replace(challenge, status="cancelled", version=version)
        case ChallengeExpired():
            return msgspec.structs.replace(challenge, status="expired", version=version)


def fold(events: list[ChallengeEvent]) -> Challenge:
    challenge = Challenge()
    for event in events:
        challenge = evolve(challenge, event)
    return challenge


def stream_id(challenge_id: str) -> str:
    return STREAM_PREFIX + challenge_id


def _open(challenge: Challenge) -> ChallengeIssued:
    """The challenge as issued, refused unless it is still open."""
    if challenge.status == "new" or challenge.issued is None:
        raise Refused("challenge_not_found", "no such challenge").error()
    if challenge.status != "open":
        status = challenge.status
        raise Refused(ANSWERED[status], "this challenge is {} already", status).error()
    return challenge.issued


def _require_addressee(issued: ChallengeIssued, player: str, verb: str) -> None:
    require(
        player != issued.challenger,
        Refused("own_challenge", "the challenge's author cannot {} it", verb),
    )
    require(
        issued.challenged is None or issued.challenged == player,
        Refused(
            "not_challenged", "this challenge is for another player; only they may {} it", verb
        ),
    )

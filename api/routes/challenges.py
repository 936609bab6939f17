"""Challenges: a player invites another (or anyone with the link) to a table; the answer is
the challenged player's (accept, decline) or the author's (cancel), and the clock worker
expires what nobody answered in time."""

import uuid
from datetime import timedelta
from typing import Annotated, Any

import msgspec
from litestar import Controller, Response, get, post
from litestar.di import NamedDependency
from litestar.params import PathParameter

from api.http.auth import PLAYER_TOKEN, SIGNED_IN, SignedInPlayer
from api.http.bodies import (
    ChallengeAcceptedAnswer,
    ChallengeIssuedAnswer,
    ChallengeRequest,
    DeclineRequest,
    payload_of,
)
from api.http.core import ChallengesDependency
from api.http.described import (
    BODY,
    CONTRACT,
    EXAMPLE_CHALLENGE,
    EXAMPLE_ID,
    SIGNED,
    Described,
    challenge_row,
)
from api.http.errors import HttpRefusal
from api.http.params import UUID_PATTERN
from api.http.rate_limits import RATE_LIMIT
from commands.core.challenges import Challenges
from domain import challenges
from domain.errors import codes
from projections.player_news import ChallengeRow

ANSWER = ("challenge_not_found", *SIGNED, *codes(challenges.Answered), "challenge_changed")
"""The refusals of any answer to a challenge: one answered already (or whose time is up),
or answered meanwhile."""
ISSUE = Described(
    (
        *BODY,
        *SIGNED,
        "invalid_handle",
        "player_not_found",
        "cannot_challenge_yourself",
        "unknown_kind",
        "invalid_options",
        "invalid_seats",
    ),
    body="ChallengeRequest",
    body_note="The kind, options and seats, and who is challenged.",
    answers={"issued": {"value": {"challenge_id": EXAMPLE_CHALLENGE}}},
    asks={
        "player": {"summary": "a player", "value": {"kind": "mad", "challenged": "bo"}},
        "anyone": {
            "summary": "anyone with the link, bots filling two seats",
            "value": {"kind": "gnono", "seats": 4, "bots": True},
        },
    },
)


def _example(status: str, game_id: str | None = None, reason: str | None = None) -> Any:
    return {"value": challenge_row(status, game_id, reason)}


SHOW = Described(("challenge_not_found",), answers={"challenge": _example("accepted", EXAMPLE_ID)})
ACCEPT = Described(
    (*ANSWER, "own_challenge", "not_challenged", "busy"),
    answers={"accepted": {"value": {"game_id": EXAMPLE_ID, "seat": 1}}},
)
DECLINE = Described(
    (*BODY, *ANSWER, "own_challenge", "not_challenged"),
    body="DeclineRequest",
    body_note="Why (`generic` when left out).",
    answers={"declined": _example("declined", reason="later")},
    asks={"later": {"value": {"reason": "later"}}},
)
CANCEL = Described(
    (*ANSWER, "not_your_challenge"),
    answers={"cancelled": _example("cancelled")},
)
ChallengeId = Annotated[
    str, PathParameter(pattern=UUID_PATTERN, description="the challenge's id (a UUID)")
]


def _checked_id(challenge_id: str) -> str:
    try:
        return str(uuid.UUID(challenge_id))
    except ValueError:
        raise HttpRefusal("challenge_not_found", "there is no challenge at this path") from None


async def _shown(challenges: Challenges, challenge_id: str) -> ChallengeRow:
    """A challenge as its log has it now."""
    challenge_id = _checked_id(challenge_id)
    challenge = await challenges.challenge(challenge_id)
    assert challenge.issued is not None
    shown = {"status": challenge.status, "game_id": challenge.game_id}
    fields = msgspec.structs.asdict(challenge.issued) | shown
    return ChallengeRow(challenge_id, reason=challenge.reason, **fields)


class ChallengesController(Controller):
    path = "/challenges"
    tags = ["players"]  # noqa: RUF012 (Litestar reads it as a class attribute)

    @post(
        "/",
        opt={RATE_LIMIT: "games", CONTRACT: ISSUE},
        security=PLAYER_TOKEN,
        dependencies={**payload_of(ChallengeRequest), **SIGNED_IN},
        operation_id="issueChallenge",
    )
    async def issue(
        self,
        payload: NamedDependency[ChallengeRequest],
        player: SignedInPlayer,
        challenges: ChallengesDependency,
    ) -> Response[ChallengeIssuedAnswer]:
        """Challenge a player (by handle) or anyone (no handle) to a table of a kind, as a
        player (Bearer player token). Both players' streams hear it."""
        asked = payload.challenged
        challenged = None if asked is None else await challenges.registered(asked)
        options = msgspec.to_builtins(payload.options)
        challenge_id = await challenges.issue(
            player,
            challenged,
            payload.kind,
            options,
            payload.seats,
            payload.bots,
            timedelta(seconds=payload.expires_in),
        )
        return Response(
            ChallengeIssuedAnswer(challenge_id),
            status_code=201,
            headers={"Location": f"/challenges/{challenge_id}"},
        )

    @get("/{challenge_id:str}", opt={CONTRACT: SHOW}, operation_id="getChallenge")
    async def challenge(
        self, challenge_id: ChallengeId, challenges: ChallengesDependency
    ) -> ChallengeRow:
        """A challenge as its log has it."""
        return await _shown(challenges, challenge_id)

    @post(
        "/{challenge_id:str}/accept",
        status_code=201,
        opt={RATE_LIMIT: "seats", CONTRACT: ACCEPT},
        security=PLAYER_TOKEN,
        dependencies=SIGNED_IN,
        operation_id="acceptChallenge",
    )
    async def accept(
        self, challenge_id: ChallengeId, player: SignedInPlayer, challenges: ChallengesDependency
    ) -> Response[ChallengeAcceptedAnswer]:
        """Accept a challenge made to the caller (or an open one): its table opens with the
        author at seat 0 and the caller at seat 1, and starts once every seat is taken."""
        game_id, seat = await challenges.accept(_checked_id(challenge_id), player)
        return Response(
            ChallengeAcceptedAnswer(game_id, seat),
            status_code=201,
            headers={"Location": f"/games/{game_id}"},
        )

    @post(
        "/{challenge_id:str}/decline",
        status_code=200,
        opt={RATE_LIMIT: "seats", CONTRACT: DECLINE},
        security=PLAYER_TOKEN,
        dependencies={**payload_of(DeclineRequest, empty=b"{}"), **SIGNED_IN},
        operation_id="declineChallenge",
    )
    async def decline(
        self,
        challenge_id: ChallengeId,
        payload: NamedDependency[DeclineRequest],
        player: SignedInPlayer,
        challenges: ChallengesDependency,
    ) -> ChallengeRow:
        """Decline a challenge made to the caller, with a reason from a fixed list; answers
        the challenge as it now stands."""
        await challenges.decline(_checked_id(challenge_id), player, payload.reason)
        return await _shown(challenges, challenge_id)

    @post(
        "/{challenge_id:str}/cancel",
        status_code=200,
        opt={RATE_LIMIT: "seats", CONTRACT: CANCEL},
        security=PLAYER_TOKEN,
        dependencies=SIGNED_IN,
        operation_id="cancelChallenge",
    )
    async def cancel(
        self, challenge_id: ChallengeId, player: SignedInPlayer, challenges: ChallengesDependency
    ) -> ChallengeRow:
        """Cancel a challenge, as its author; answers the challenge as it now stands."""
        await challenges.cancel(_checked_id(challenge_id), player)
        return await _shown(challenges, challenge_id)

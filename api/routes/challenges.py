"""Challenges: a player invites another (or anyone with the link) to a table; the answer is
the challenged player's (accept, decline) or the author's (cancel), and the clock worker
expires what nobody answered in time."""

import uuid
from datetime import timedelta
from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.datastructures import State
from litestar.params import PathParameter

from api.http.auth import HandlerDependency, required_player
from api.http.bodies import (
    ChallengeAcceptedAnswer,
    ChallengeIssuedAnswer,
    ChallengeRequest,
    DeclineRequest,
    decode_body,
)
from api.http.rate_limits import RATE_LIMIT
from commands.challenges import Challenges
from domain.errors import DomainError
from projections.player_news import ChallengeRow

MAX_EXPIRY = 7 * 24 * 3600
ChallengeId = Annotated[
    str, PathParameter(max_length=64, description="the challenge's id (a UUID)")
]


def _challenges(state: State) -> Challenges:
    challenges: Challenges = state.challenges
    return challenges


def _checked_id(challenge_id: str) -> str:
    try:
        return str(uuid.UUID(challenge_id))
    except ValueError:
        raise DomainError("challenge_not_found", "there is no challenge at this path") from None


async def _shown(state: State, challenge_id: str) -> ChallengeRow:
    """A challenge as its log has it now."""
    challenge_id = _checked_id(challenge_id)
    challenge = await _challenges(state).challenge(challenge_id)
    assert challenge.issued is not None
    shown = {"status": challenge.status, "game_id": challenge.game_id}
    fields = msgspec.structs.asdict(challenge.issued) | shown
    return ChallengeRow(challenge_id, reason=challenge.reason, **fields)


class ChallengesController(Controller):
    path = "/challenges"
    tags = ["players"]  # noqa: RUF012 (Litestar reads it as a class attribute)

    @post("/", opt={RATE_LIMIT: "games"})
    async def issue(
        self, request: Request[Any, Any, Any], state: State, handler: HandlerDependency
    ) -> Response[ChallengeIssuedAnswer]:
        """Challenge a player (by handle) or anyone (no handle) to a table of a kind, as a
        player (Bearer player token). Both players' streams hear it."""
        challenger = await required_player(handler, request)
        data = decode_body(await request.body(), ChallengeRequest)
        if not 1 <= data.expires_in <= MAX_EXPIRY:
            raise DomainError("invalid_body", f"expires_in is 1 to {MAX_EXPIRY} seconds")
        challenges = _challenges(state)
        challenged = data.challenged and await challenges.registered(data.challenged)
        options = msgspec.to_builtins(data.options)
        challenge_id = await challenges.issue(
            challenger,
            challenged,
            data.kind,
            options,
            data.seats,
            data.bots,
            timedelta(seconds=data.expires_in),
        )
        return Response(
            ChallengeIssuedAnswer(challenge_id),
            status_code=201,
            headers={"Location": f"/challenges/{challenge_id}"},
        )

    @get("/{challenge_id:str}")
    async def challenge(self, challenge_id: ChallengeId, state: State) -> ChallengeRow:
        """A challenge as its log has it."""
        return await _shown(state, challenge_id)

    @post("/{challenge_id:str}/accept", status_code=201, opt={RATE_LIMIT: "seats"})
    async def accept(
        self,
        request: Request[Any, Any, Any],
        challenge_id: ChallengeId,
        state: State,
        handler: HandlerDependency,
    ) -> ChallengeAcceptedAnswer:
        """Accept a challenge made to the caller (or an open one): its table opens with the
        author at seat 0 and the caller at seat 1, and starts once every seat is taken."""
        player = await required_player(handler, request)
        game_id, seat = await _challenges(state).accept(_checked_id(challenge_id), player)
        return ChallengeAcceptedAnswer(game_id, seat)

    @post("/{challenge_id:str}/decline", status_code=200, opt={RATE_LIMIT: "seats"})
    async def decline(
        self,
        request: Request[Any, Any, Any],
        challenge_id: ChallengeId,
        state: State,
        handler: HandlerDependency,
    ) -> ChallengeRow:
        """Decline a challenge made to the caller, with a reason from a fixed list; answers
        the challenge as it now stands."""
        player = await required_player(handler, request)
        data = decode_body(await request.body() or b"{}", DeclineRequest)
        await _challenges(state).decline(_checked_id(challenge_id), player, data.reason)
        return await _shown(state, challenge_id)

    @post("/{challenge_id:str}/cancel", status_code=200, opt={RATE_LIMIT: "seats"})
    async def cancel(
        self,
        request: Request[Any, Any, Any],
        challenge_id: ChallengeId,
        state: State,
        handler: HandlerDependency,
    ) -> ChallengeRow:
        """Cancel a challenge, as its author; answers the challenge as it now stands."""
        player = await required_player(handler, request)
        await _challenges(state).cancel(_checked_id(challenge_id), player)
        return await _shown(state, challenge_id)

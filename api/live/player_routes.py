"""The live routes of a player's own: their stream of news, and the tickets that open it
from a browser."""

import json
from typing import Annotated, Any

from litestar import Request, get, post
from litestar.params import HeaderParameter, QueryParameter
from litestar.response import ServerSentEvent

from api.http.auth import (
    PLAYER_TOKEN,
    SIGNED_IN,
    SignedInPlayer,
    required_player,
)
from api.http.core import HandlerDependency, PoolDependency
from api.http.described import (
    CHALLENGE_ISSUED,
    CONTRACT,
    EXAMPLE_CHALLENGE,
    EXAMPLE_ID,
    SIGNED,
    Described,
    StreamMessage,
)
from api.live import players
from api.live.direct_streams import DirectStream
from api.live.hub import LiveHub, client_address, counted, refuse_while_closing
from api.live.tickets import PlayerTicket, PlayerTicketBook
from infra.reading import player_news

_PLAYED = {"game_id": EXAMPLE_ID, "kind": "mad", "seat": 1}
_NOTICES = (
    ("100-7-0", CHALLENGE_ISSUED),
    (
        "104-9-0",
        {"type": "challenge_accepted", "challenge_id": EXAMPLE_CHALLENGE}
        | {"challenger": "ada", "challenged": "bo", "game_id": EXAMPLE_ID},
    ),
    ("105-12-0", {"type": "game_started", **_PLAYED}),
    ("105-16-1", {"type": "your_turn", **_PLAYED, "version": 6}),
)
STREAM = {
    "stream": {
        "value": "".join(
            f"id: {id}\nevent: {notice['type']}\ndata: {json.dumps(notice)}\n\n"
            for id, notice in _NOTICES
        )
    }
}
LIVE = Described(
    (*SIGNED, "invalid_ticket", "invalid_last_event_id", "too_many_streams"),
    answers=STREAM,
    stream="each `data` is a `PlayerNotice` (the message's `event` is its `type`).",
    stream_name="PlayerLive",
    stream_messages=(
        StreamMessage("PlayerNotice", id="The notice's place in the log: resume with it."),
    ),
)
TICKET = {"ticket": "Hq2v8Xk1bN4m0Rz7sYc3LwT9", "handle": "ada", "expires_in": 60}
LastEventId = Annotated[
    str | None,
    HeaderParameter(
        name="Last-Event-ID",
        required=False,
        description="the id of the last notice received: `<tx_id>-<global_position>-<slot>` "
        "(anything else is `invalid_last_event_id`)",
    ),
]
PlayerTicketParameter = Annotated[
    str | None, QueryParameter(description="a stream ticket from POST /players/me/tickets")
]


@get(
    "/players/me/live",
    tags=["players"],
    opt={CONTRACT: LIVE},
    security=PLAYER_TOKEN,
    operation_id="followPlayerNews",
)
async def player_live(
    request: Request[Any, Any, Any],
    handler: HandlerDependency,
    pool: PoolDependency,
    last_event_id: LastEventId = None,
    ticket: PlayerTicketParameter = None,
) -> ServerSentEvent:
    """Server-Sent Events of the caller's news (player token, or a ticket): challenges
    issued to or by them and each answer, games started at which they sit, their turn,
    games finished with the standings, rematches offered. The id is the notice's position:
    reconnect with `Last-Event-ID` for exactly what was missed; without it the stream starts
    after the newest notice (`GET /players/me/games` and `GET /players/me/challenges`, read
    once it is open, tell what stands).

    Each message's `event` is the notice's `type`, its `data` the notice (a `PlayerNotice`)
    and its `id` the notice's position (`<tx_id>-<global_position>-<slot>`): reconnect with
    `Last-Event-ID` for exactly what was missed, on any node, after any restart (`0-0-0`:
    from the first). A ticket from `POST /players/me/tickets` (`?ticket=`) stands in for the
    token. The news is a read model: it trails the log by the projection lag. Streams are
    capped per player and per client address (429)."""
    state = request.app.state
    hub: LiveHub = state.live
    refuse_while_closing(hub)
    if ticket is not None:
        tickets: PlayerTicketBook = state.player_tickets
        handle = await tickets.player(ticket)
    else:
        handle = await required_player(handler, request)
    after = players.position(last_event_id)  # once the caller is known, as on every route
    streams: players.PlayerStreams = state.player_streams
    streams.admit(handle)
    if after is None:
        after = await player_news.latest_position(pool, handle)
    release = hub.counts.admit(None, client_address(request))
    updates = counted(lambda write: streams.updates(write, handle, after), release)
    return DirectStream(request, updates)


@post(
    "/players/me/tickets",
    tags=["players"],
    opt={CONTRACT: Described(SIGNED, answers={"issued": {"value": TICKET}})},
    security=PLAYER_TOKEN,
    dependencies=SIGNED_IN,
    operation_id="issuePlayerTicket",
)
async def issue_player_ticket(
    request: Request[Any, Any, Any], player: SignedInPlayer
) -> PlayerTicket:
    """A short-lived ticket for `GET /players/me/live?ticket=...`, as a player (Bearer
    player token)."""
    tickets: PlayerTicketBook = request.app.state.player_tickets
    return await tickets.issue(player)


PLAYER_LIVE_ROUTES = [player_live, issue_player_ticket]

"""The live routes: a game's Server-Sent Events, the lobby's, and the tickets that open a
game's stream from a browser."""

from typing import Annotated, Any, Literal

from litestar import Request, get, post
from litestar.datastructures import State
from litestar.params import HeaderParameter, QueryParameter
from litestar.response import ServerSentEvent

from api.http.auth import (
    HandlerDependency,
    acting_seat,
    bearer_token,
    game_and_viewer,
    required_player,
)
from api.http.params import MAX_VERSION, GameId, Kind, Limit, known_kind
from api.live import players
from api.live.direct_streams import DirectStream, Writer
from api.live.feeds import GameFeed
from api.live.hub import LiveHub, client_address, counted, refuse_while_closing
from api.live.lobby import lobby_updates
from api.live.subscribers import KEEP_ALIVE, Subscriber
from api.live.tickets import PlayerTicket, PlayerTicketBook, StreamTicket, TicketBook
from commands.handler import CommandHandler
from infra import player_news


async def follow(
    write: Writer, feed: GameFeed, subscriber: Subscriber, opening: bytes, hub: LiveHub
) -> None:
    """Write the opening messages, then the batches the feed offers (those waiting as one
    chunk) and a keep-alive at each heartbeat of the hub that found the stream quiet, until
    the game ends, the stream falls too far behind or the service stops."""
    try:
        if opening:
            await write(opening)
        subscriber.write_now = write.now
        while True:
            batches = subscriber.take()
            if batches:
                await write(
                    b"".join(b.encoded(subscriber.seat, subscriber.with_view) for b in batches)
                )
            if subscriber.ended:
                return
            if subscriber.keep_alive_due:
                subscriber.keep_alive_due = False
                await write(KEEP_ALIVE)
            await subscriber.wait()
    finally:
        hub.leave(feed, subscriber)


async def stream_seat(
    request: Request[Any, Any, Any], handler: CommandHandler, game_id: str, ticket: str | None
) -> int:
    """The seat a stream shows: the ticket's, else the bearer token's, else SPECTATOR."""
    game, seat = await game_and_viewer(handler, game_id, request)
    if ticket is None:
        return seat
    book: TicketBook = request.app.state.tickets
    return await book.seat(game.game_id, ticket)


Include = Annotated[
    Literal["view"] | None,
    QueryParameter(description="`view`: each batch of events is followed by a `view` message"),
]
Ticket = Annotated[
    str | None, QueryParameter(description="a stream ticket from POST /games/{id}/tickets")
]


@get("/games/{game_id:str}/live", tags=["games"])
async def live(
    request: Request[Any, Any, Any],
    game_id: GameId,
    handler: HandlerDependency,
    last_event_id: Annotated[
        int | None, HeaderParameter(name="Last-Event-ID", ge=0, le=MAX_VERSION)
    ] = None,
    after: Annotated[
        int, QueryParameter(ge=0, le=MAX_VERSION, description="last version already seen")
    ] = 0,
    ticket: Ticket = None,
    include: Include = None,
) -> ServerSentEvent:
    """Server-Sent Events of the game as the caller may see them; the id is the version."""
    hub: LiveHub = request.app.state.live
    refuse_while_closing(hub)
    seat = await stream_seat(request, handler, game_id, ticket)
    release = hub.counts.admit(game_id, client_address(request))
    try:
        feed = await hub.feed(handler.games, game_id)
        subscriber = Subscriber(seat, with_view=include == "view")
        start = last_event_id if last_event_id is not None else after
        feed.join(subscriber)
    except BaseException:
        release()
        raise
    try:
        opening = await feed.opening(start, seat, subscriber.with_view)
    except BaseException:
        hub.leave(feed, subscriber)
        release()
        raise
    return DirectStream(
        request, counted(lambda write: follow(write, feed, subscriber, opening, hub), release)
    )


@get("/lobby/live", tags=["read models"])
async def lobby_live(
    request: Request[object, object, State], kind: Kind = None, limit: Limit = 50
) -> ServerSentEvent:
    """Server-Sent Events of the lobby's first page (`event: lobby`, data as `GET /lobby`):
    sent at once, then whenever a table opens, fills or starts."""
    known_kind(kind)
    state = request.app.state
    refuse_while_closing(state.live)
    release = state.live.counts.admit(None, client_address(request))
    hub, feeds = state.live, state.lobby_feeds
    updates = counted(lambda write: lobby_updates(write, hub, feeds, kind, limit), release)
    return DirectStream(request, updates)


@post("/games/{game_id:str}/tickets", tags=["games"])
async def issue_ticket(
    request: Request[Any, Any, Any], game_id: GameId, handler: HandlerDependency
) -> StreamTicket:
    """A short-lived ticket for `GET /games/{id}/live?ticket=...`, as a seat (Bearer token)."""
    await handler.games.latest(game_id)
    seat = await acting_seat(handler, game_id, bearer_token(request))
    book: TicketBook = request.app.state.tickets
    return await book.issue(game_id, seat)


LastEventId = Annotated[
    str | None,
    HeaderParameter(
        name="Last-Event-ID",
        required=False,
        max_length=64,
        description="the id of the last notice received: `<tx_id>-<global_position>-<slot>`",
    ),
]
PlayerTicketParameter = Annotated[
    str | None, QueryParameter(description="a stream ticket from POST /players/me/tickets")
]


@get("/players/me/live", tags=["players"])
async def player_live(
    request: Request[Any, Any, Any],
    handler: HandlerDependency,
    last_event_id: LastEventId = None,
    ticket: PlayerTicketParameter = None,
) -> ServerSentEvent:
    """Server-Sent Events of the caller's news (player token, or a ticket): challenges
    issued to or by them and each answer, games started at which they sit, their turn,
    games finished with the standings, rematches offered. The id is the notice's position:
    reconnect with `Last-Event-ID` for exactly what was missed; without it the stream starts
    after the newest notice (`GET /players/me/games` tells what stands)."""
    state = request.app.state
    hub: LiveHub = state.live
    refuse_while_closing(hub)
    after = players.position(last_event_id)
    if ticket is not None:
        tickets: PlayerTicketBook = state.player_tickets
        handle = await tickets.player(ticket)
    else:
        handle = await required_player(handler, request)
    streams: players.PlayerStreams = state.player_streams
    streams.admit(handle)
    if after is None:
        after = await player_news.latest_position(state.pool, handle)
    release = hub.counts.admit(None, client_address(request))
    updates = counted(lambda write: streams.updates(write, handle, after), release)
    return DirectStream(request, updates)


@post("/players/me/tickets", tags=["players"])
async def issue_player_ticket(
    request: Request[Any, Any, Any], handler: HandlerDependency
) -> PlayerTicket:
    """A short-lived ticket for `GET /players/me/live?ticket=...`, as a player (Bearer
    player token)."""
    handle = await required_player(handler, request)
    tickets: PlayerTicketBook = request.app.state.player_tickets
    return await tickets.issue(handle)


PLAYER_LIVE_ROUTES = [player_live, issue_player_ticket]

"""The live routes: a game's Server-Sent Events, the lobby's, and the tickets that open a
game's stream from a browser."""

from typing import Annotated, Any, Literal

from litestar import Request, get, post
from litestar.datastructures import State
from litestar.params import QueryParameter
from litestar.response import ServerSentEvent

from api.http.auth import (
    SEAT,
    SEAT_TOKEN,
    TICKET_SCHEME,
    ActingSeat,
    game_and_viewer,
)
from api.http.core import HandlerDependency
from api.http.described import CONTRACT, QUERY, VIEWER, Described, Examples, StreamMessage
from api.http.examples import first_table, lobby_page, of_a_table, sse
from api.http.params import GameId, Kind, LastEventVersion, Limit, SeenVersion, known_kind
from api.live.direct_streams import DirectStream, Writer
from api.live.feeds import GameFeed
from api.live.hub import LiveHub, client_address, counted, refuse_while_closing
from api.live.lobby import lobby_updates
from api.live.subscribers import KEEP_ALIVE, Subscriber
from api.live.tickets import TICKETS_PER_SEAT, StreamTicket, TicketBook
from commands.core.handler import CommandHandler


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
Until = Annotated[
    Literal["end", "rematch"],
    QueryParameter(
        description="`rematch`: a finished game's stream stays open until its rematch is opened"
    ),
]
Ticket = Annotated[
    str | None, QueryParameter(description="a stream ticket from POST /games/{id}/tickets")
]


def _stream_examples() -> Examples:
    """The first messages of a table's stream, without and with `?include=view`."""
    example = first_table()
    events = example.events[:2]
    messages = [sse(e["event"]["type"], e["event"], e["version"]) for e in events]
    with_view = [*messages, sse("view", example.view, events[-1]["version"])]
    return {
        "stream": {"value": "".join(messages)},
        "with_view": {"summary": "?include=view", "value": "".join(with_view)},
    }


@get(
    "/games/{game_id:str}/live",
    tags=["games"],
    opt={
        CONTRACT: Described(
            (*QUERY, *VIEWER, "invalid_ticket", "too_many_streams"),
            stream="each `data` is an `AnyEvent`, followed by its `Narration` "
            "(`event: narration`), or with `?include=view` the caller's `TableView` "
            "(`event: view`).",
            stream_name="GameLive",
            stream_messages=(
                StreamMessage("AnyEvent", id="The event's version: resume with `Last-Event-ID`."),
                StreamMessage("Narration", "narration"),
                StreamMessage("TableView", "view", id="The version the view is of."),
            ),
            answers=_stream_examples,
        )
    },
    security=[*SEAT_TOKEN, {TICKET_SCHEME: []}, {}],
    operation_id="followGame",
)
async def live(
    request: Request[Any, Any, Any],
    game_id: GameId,
    handler: HandlerDependency,
    last_event_id: LastEventVersion = None,
    after: SeenVersion = 0,
    ticket: Ticket = None,
    include: Include = None,
    until: Until = "end",
) -> ServerSentEvent:
    """Server-Sent Events of the game as the caller may see them; the id is the version.

    Each message's `event` is the event's `type`, its `id` the version and its `data` the
    event as JSON (an `AnyEvent`). With `?include=view` each batch of events (the first too,
    even when empty) is followed by a message `event: view` whose `data` is the caller's
    `TableView` as of that batch. Reconnect with `Last-Event-ID` (or `?after=`) to get
    exactly what was missed; the stream ends with the game (with `?until=rematch`, a finished
    game's stream goes on until `table.rematch_opened`, so its seats hear of the rematch),
    and is also ended when the service stops or the client falls too far behind (reconnect
    then). Streams are capped
    per game and per client address: past a cap, 429 `too_many_streams`."""
    hub: LiveHub = request.app.state.live
    refuse_while_closing(hub)
    seat = await stream_seat(request, handler, game_id, ticket)
    release = hub.counts.admit(game_id, client_address(request))
    try:
        feed = await hub.feed(handler.games, game_id)
        subscriber = Subscriber(seat, include == "view", until_rematch=until == "rematch")
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


@get(
    "/lobby/live",
    tags=["read models"],
    opt={
        CONTRACT: Described(
            (*QUERY, "unknown_kind", "too_many_streams"),
            stream="each `data` is a `LobbyPage` (`event: lobby`).",
            stream_name="LobbyLive",
            stream_messages=(StreamMessage("LobbyPage", "lobby"),),
            answers=of_a_table(lambda example: sse("lobby", lobby_page(example)), "stream"),
        )
    },
    operation_id="followLobby",
)
async def lobby_live(
    request: Request[object, object, State], kind: Kind = None, limit: Limit = 50
) -> ServerSentEvent:
    """Server-Sent Events of the lobby's first page (`event: lobby`, data as `GET /lobby`):
    sent at once, then whenever a table opens, fills or starts.

    Each message is `event: lobby` with the page as `data` (a `LobbyPage`); the lobby trails
    the games by the projection lag. The stream ends only when the service stops. It counts
    in the cap of streams per client address (429 `too_many_streams`)."""
    known_kind(kind)
    state = request.app.state
    refuse_while_closing(state.live)
    release = state.live.counts.admit(None, client_address(request))
    hub, feeds = state.live, state.lobby_feeds
    updates = counted(lambda write: lobby_updates(write, hub, feeds, kind, limit), release)
    return DirectStream(request, updates)


@post(
    "/games/{game_id:str}/tickets",
    tags=["games"],
    opt={
        CONTRACT: Described(
            ("missing_token", *VIEWER),
            answers={
                "issued": {
                    "value": {"ticket": "0.Hq2v8Xk1bN4m0Rz7sYc3LwT9", "seat": 0, "expires_in": 60}
                }
            },
        )
    },
    security=SEAT_TOKEN,
    dependencies=SEAT,
    description=(
        "A short-lived ticket for `GET /games/{id}/live?ticket=...`, as a seat (Bearer "
        "token).\n\nA browser's `EventSource` cannot send `Authorization`: it opens "
        "`GET /games/{game_id}/live?ticket=...` with a ticket instead, and sees what the seat "
        "sees. The ticket opens (and reopens, on a reconnect) the seat's stream for "
        "`expires_in` seconds; then it is refused (`invalid_ticket`) and a fresh one is "
        "needed. A stream once open keeps its seat. A seat holds at most "
        f"{TICKETS_PER_SEAT} tickets: a new one pushes out the oldest."
    ),
    operation_id="issueTicket",
)
async def issue_ticket(
    request: Request[Any, Any, Any], game_id: GameId, seat: ActingSeat
) -> StreamTicket:
    """A short-lived ticket for `GET /games/{id}/live?ticket=...`, as a seat (Bearer token)."""
    book: TicketBook = request.app.state.tickets
    return await book.issue(game_id, seat)

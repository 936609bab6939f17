"""A tournament's live stream: `GET /tournaments/{id}/live` sends its log's events as
Server-Sent Events whose id is the version, each with the standings after it when it is a
game's result or the finish, so `Last-Event-ID` resumes with neither a gap nor a duplicate
on any node. A tournament's log is short: the stream reads it whole each time the hub says
its stream moved (the bus, which hears every process), or at the hub's poll, and ends once
the tournament is over."""

from typing import Any

import msgspec
from litestar import Request, get
from litestar.response import ServerSentEvent, ServerSentEventMessage

from api.http.core import HandlerDependency, TournamentsDependency
from api.http.described import CONTRACT, QUERY, Described, StreamMessage
from api.http.examples import sse
from api.http.params import LastEventVersion, SeenVersion
from api.http.tournament_bodies import TournamentId, TournamentNews, checked_tournament_id
from api.live.direct_streams import DirectStream, Writer
from api.live.hub import LiveHub, client_address, counted, refuse_while_closing
from api.live.subscribers import KEEP_ALIVE
from commands.core.handler import CommandHandler
from commands.log import codec
from domain import tournaments as t

WITH_STANDINGS = (t.GameRecorded, t.TournamentFinished)
_ENTERED = {"type": "tournament.entered", "entry": "ada", "name": "ada", "player": "ada"}
_STARTED = {"type": "tournament.started", "at": "2026-03-21T12:01:00Z", "ends_at": None}


def news(version: int, event: dict[str, Any]) -> dict[str, Any]:
    """An example message's data."""
    return {"type": event["type"], "version": version, "event": event}


LIVE = Described(
    (*QUERY, "tournament_not_found", "invalid_query", "too_many_streams"),
    answers={
        "stream": {
            "value": sse("tournament.entered", news(2, _ENTERED), 2)
            + sse("tournament.started", news(8, _STARTED), 8)
        }
    },
    stream="each `data` is a `TournamentNews`: the event, and after a game's result or the "
    "finish the standings then (the message's `event` is the event's `type`).",
    stream_name="TournamentLive",
    stream_messages=(
        StreamMessage("TournamentNews", id="The event's version: resume with `Last-Event-ID`."),
    ),
)


def messages(events: list[t.TournamentEvent], after: int) -> bytes:
    """The stream's messages for the events past version `after`."""
    chunks = []
    tournament = t.Tournament()
    for version, event in enumerate(events, start=1):
        tournament = t.evolve(tournament, event)
        if version <= after:
            continue
        standings = t.standings(tournament) if isinstance(event, WITH_STANDINGS) else None
        tag = codec.tag_of(event)
        news = TournamentNews(tag, version, event, standings)
        data = msgspec.json.encode(news).decode()
        chunks.append(ServerSentEventMessage(data=data, event=tag, id=str(version)).encode())
    return b"".join(chunks)


async def follow(
    write: Writer, hub: LiveHub, handler: CommandHandler, tournament_id: str, after: int
) -> None:
    """Write the events past `after`, then each new one, until the tournament is over or
    the service stops; a keep-alive when quiet across a beat."""
    stream_id = t.stream_id(tournament_id)
    written_at = hub.beats
    while not hub.closing.is_set():
        stored = await handler.games.stored_events(stream_id, 0)
        events = codec.decode_events(codec.TOURNAMENT, stored)
        if len(events) > after:
            await write(messages(events, after))
            after, written_at = len(events), hub.beats
        elif hub.beats >= written_at + 2:
            await write(KEEP_ALIVE)
            written_at = hub.beats - 1
        if t.fold(events).status in ("finished", "cancelled"):
            return
        await hub.wait(stream_id, min(hub.poll_seconds(), hub.heartbeat))


@get(
    "/tournaments/{tournament_id:str}/live",
    tags=["tournaments"],
    opt={CONTRACT: LIVE},
    operation_id="followTournament",
)
async def tournament_live(
    request: Request[Any, Any, Any],
    tournament_id: TournamentId,
    handler: HandlerDependency,
    tournaments: TournamentsDependency,
    last_event_id: LastEventVersion = None,
    after: SeenVersion = 0,
) -> ServerSentEvent:
    """Server-Sent Events of a tournament: entries, withdrawals, the start, each round's
    tables (each entry's game and seat), each game's result with the standings then, each
    round's end, the finish with the final standings. The id is the version: reconnect
    with `Last-Event-ID` (or `?after=`) for exactly what was missed. The stream ends with
    the tournament, and is capped per client address (429 `too_many_streams`)."""
    hub: LiveHub = request.app.state.live
    refuse_while_closing(hub)
    known = checked_tournament_id(tournament_id)
    await tournaments.tournament(known)
    start = last_event_id if last_event_id is not None else after
    release = hub.counts.admit(None, client_address(request))
    return DirectStream(
        request, counted(lambda write: follow(write, hub, handler, known, start), release)
    )


TOURNAMENT_LIVE_ROUTES = [tournament_live]

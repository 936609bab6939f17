"""Tournaments: an organiser creates one (Swiss or arena) with their player token, players
enter with theirs, the organiser adds bots and starts it (or it starts by itself); the
director plays it out. A tournament is read from its log at any version, its list and
standings from the read models, and its audit from its games' own logs."""

from datetime import timedelta
from typing import Annotated, Any

import msgspec
from litestar import Controller, Response, delete, get, post
from litestar.di import NamedDependency
from litestar.params import KwargDefinition, QueryParameter

from api.http.auth import PLAYER_TOKEN, SIGNED_IN, SignedInPlayer
from api.http.bodies import payload_of
from api.http.core import HandlerDependency, PoolDependency, TournamentsDependency
from api.http.described import BODY, CONTRACT, QUERY, SIGNED, Described, page_example
from api.http.errors import HttpRefusal
from api.http.params import Limit, Offset, Page
from api.http.rate_limits import RATE_LIMIT
from api.http.tournament_bodies import (
    EntryRequest,
    TournamentCreatedAnswer,
    TournamentId,
    TournamentRequest,
    TournamentView,
    checked_tournament_id,
    view_of,
)
from api.http.tournament_examples import EXAMPLE_TOURNAMENT, ROW, STANDING, VIEW
from commands.audit.tournament import TournamentAudit, audit_tournament
from commands.core.tournaments import Tournaments
from commands.workers.strategies import strategy
from domain import clocks
from domain import tournaments as t
from infra.reading import tournaments as reading
from projections.tournaments import StandingsRow, TournamentRow

LISTED: tuple[str, ...] = ("upcoming", "running", "finished", "cancelled")
UNKNOWN = ("tournament_not_found",)
CHANGED = ("tournament_changed",)
TAGS = ["tournaments"]
CLOSED = ("tournament_started", "tournament_over")
ENTRY = ("tournament_full", "already_entered", "not_organiser", "unknown_bot")
TournamentPage = Annotated[
    Page[TournamentRow], KwargDefinition(schema_component_key="TournamentPage")
]
StandingsPage = Annotated[Page[StandingsRow], KwargDefinition(schema_component_key="StandingsPage")]
At = Annotated[
    int | None,
    QueryParameter(ge=1, le=1_000_000, description="the version to read it at (none: the latest)"),
]
Status = Annotated[str, QueryParameter(description="upcoming, running, finished or cancelled")]
CREATE = Described(
    (*BODY, *SIGNED, "unknown_kind", "invalid_options", "invalid_seats", "invalid_tournament"),
    body="TournamentRequest",
    body_note="The kind, format (`rounds` for a Swiss, `minutes` for an arena), seats and "
    "options of its tables, their clock, and when it starts by itself.",
    answers={"created": {"value": {"tournament_id": EXAMPLE_TOURNAMENT}}},
    asks={
        "swiss": {"value": {"kind": "mad", "format": "swiss", "rounds": 3, "starts_in": 600}},
        "arena": {
            "summary": "an arena of 30 minutes, tables of three",
            "value": {"kind": "gnono", "format": "arena", "minutes": 30, "seats": 3},
        },
    },
)
ENTER = Described(
    (*BODY, *SIGNED, *UNKNOWN, *CHANGED, *CLOSED, *ENTRY),
    body="EntryRequest",
    body_note="`{}` for the caller's own entry; `bot` for a bot the organiser adds.",
    answers={"entered": {"value": VIEW["entries"][1]}},
    asks={"yourself": {"value": {}}, "a bot": {"value": {"bot": "heuristic"}}},
)
WITHDRAW = Described(
    (*SIGNED, *UNKNOWN, *CHANGED, "tournament_over", "not_entered"),
    answers={"withdrawn": {"value": VIEW}},
)
START = Described(
    (*SIGNED, *UNKNOWN, *CHANGED, *CLOSED, "not_organiser", "too_few_entries"),
    answers={"started": {"value": VIEW}},
)
SHOW = Described((*QUERY, *UNKNOWN), answers={"tournament": {"value": VIEW}})
LIST = Described((*QUERY, "unknown_status"), answers=page_example(ROW))
STANDINGS = Described(
    (*QUERY, *UNKNOWN), answers=page_example({"tournament_id": EXAMPLE_TOURNAMENT, **STANDING})
)
AUDIT = Described(
    UNKNOWN,
    answers={
        "audit": {
            "value": {
                "ok": True,
                "checks": [{"name": "standings", "ok": True, "detail": "the standings follow"}],
            }
        }
    },
)


async def shown(
    tournaments: Tournaments, tournament_id: str, at: int | None = None
) -> TournamentView:
    return view_of(await tournaments.tournament(checked_tournament_id(tournament_id), at))


class TournamentsController(Controller):
    path = "/tournaments"

    @post(
        "/",
        tags=TAGS,
        opt={RATE_LIMIT: "games", CONTRACT: CREATE},
        security=PLAYER_TOKEN,
        dependencies={**payload_of(TournamentRequest), **SIGNED_IN},
        operation_id="createTournament",
    )
    async def create(
        self,
        payload: NamedDependency[TournamentRequest],
        player: SignedInPlayer,
        tournaments: TournamentsDependency,
    ) -> Response[TournamentCreatedAnswer]:
        """Create a tournament as its organiser (Bearer player token): a Swiss of `rounds`
        rounds or an arena of `minutes`, at tables of `seats` seats of a kind with its
        options and a clock. It starts by itself `starts_in` seconds from now."""
        options: dict[str, Any] = msgspec.to_builtins(payload.options)
        if payload.clock is not None:
            options[clocks.CLOCK] = msgspec.to_builtins(payload.clock)
        tournament_id = await tournaments.create(
            player,
            payload.kind,
            payload.format,
            payload.seats,
            options,
            timedelta(seconds=payload.starts_in),
            rounds=payload.rounds or 0,
            minutes=payload.minutes or 0.0,
            max_entries=payload.max_entries,
        )
        return Response(
            TournamentCreatedAnswer(tournament_id),
            status_code=201,
            headers={"Location": f"/tournaments/{tournament_id}"},
        )

    @get("/", tags=["read models"], opt={CONTRACT: LIST}, operation_id="listTournaments")
    async def listed(
        self,
        pool: PoolDependency,
        status: Status = "upcoming",
        limit: Limit = 50,
        offset: Offset = 0,
    ) -> TournamentPage:
        """Tournaments of a status (upcoming the soonest first, the others the latest first),
        from the read model: it trails the log by the projection lag."""
        if status not in LISTED:
            raise HttpRefusal("unknown_status", f"a status is one of {', '.join(LISTED)}")
        return Page(*await reading.listed(pool, status, limit, offset))  # type: ignore[arg-type]

    @get("/{tournament_id:str}", opt={CONTRACT: SHOW}, operation_id="getTournament", tags=TAGS)
    async def tournament(
        self, tournament_id: TournamentId, tournaments: TournamentsDependency, at: At = None
    ) -> TournamentView:
        """A tournament as its log has it (at version `at`, when given): entries, standings
        with points and tie-breaks, every round's tables with their results."""
        return await shown(tournaments, tournament_id, at)

    @get(
        "/{tournament_id:str}/standings",
        tags=["read models"],
        opt={CONTRACT: STANDINGS},
        operation_id="getTournamentStandings",
    )
    async def standings(
        self,
        tournament_id: TournamentId,
        pool: PoolDependency,
        limit: Limit = 50,
        offset: Offset = 0,
    ) -> StandingsPage:
        """A tournament's standings, best first, from the read model (empty for none)."""
        return Page(
            *await reading.standings(pool, checked_tournament_id(tournament_id), limit, offset)
        )

    @post(
        "/{tournament_id:str}/entries",
        tags=TAGS,
        status_code=201,
        opt={RATE_LIMIT: "seats", CONTRACT: ENTER},
        security=PLAYER_TOKEN,
        dependencies={**payload_of(EntryRequest), **SIGNED_IN},
        operation_id="enterTournament",
    )
    async def enter(
        self,
        tournament_id: TournamentId,
        payload: NamedDependency[EntryRequest],
        player: SignedInPlayer,
        tournaments: TournamentsDependency,
    ) -> t.Entry:
        """Enter the caller (Bearer player token; body `{}`), or with `bot` add a bot of
        that strategy (the organiser only), before the start."""
        known = checked_tournament_id(tournament_id)
        if payload.bot is None:
            return await tournaments.enter(known, player)
        created = (await tournaments.tournament(known)).created
        assert created is not None
        strategy(created.kind, payload.bot)
        return await tournaments.add_bot(known, player, payload.bot)

    @delete(
        "/{tournament_id:str}/entries/me",
        tags=TAGS,
        status_code=200,
        opt={RATE_LIMIT: "seats", CONTRACT: WITHDRAW},
        security=PLAYER_TOKEN,
        dependencies=SIGNED_IN,
        operation_id="withdrawFromTournament",
    )
    async def withdraw(
        self,
        tournament_id: TournamentId,
        player: SignedInPlayer,
        tournaments: TournamentsDependency,
    ) -> TournamentView:
        """Withdraw the caller's entry: from the next round on it is seated no more (a game
        it plays meanwhile is played out, its seat losing on the clock); answers the
        tournament as it now stands."""
        known = checked_tournament_id(tournament_id)
        await tournaments.withdraw(known, player)
        return view_of(await tournaments.tournament(known))

    @post(
        "/{tournament_id:str}/start",
        tags=TAGS,
        status_code=200,
        opt={RATE_LIMIT: "seats", CONTRACT: START},
        security=PLAYER_TOKEN,
        dependencies=SIGNED_IN,
        operation_id="startTournament",
    )
    async def start(
        self,
        tournament_id: TournamentId,
        player: SignedInPlayer,
        tournaments: TournamentsDependency,
    ) -> TournamentView:
        """Start now, as the organiser: the first tables open at once."""
        return view_of(await tournaments.start(checked_tournament_id(tournament_id), player))

    @get(
        "/{tournament_id:str}/audit",
        tags=["replay"],
        opt={CONTRACT: AUDIT},
        operation_id="getTournamentAudit",
    )
    async def audit(
        self, tournament_id: TournamentId, handler: HandlerDependency
    ) -> TournamentAudit:
        """The checks of a tournament's log against its games' own logs: its hash chain,
        its rounds, the seats and results of its games, its standings recomputed."""
        return await audit_tournament(
            lambda stream_id: handler.games.stored_events(stream_id, 0),
            checked_tournament_id(tournament_id),
        )

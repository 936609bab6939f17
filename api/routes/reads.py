"""The read models: lobby, table summaries, scoreboards and players, paginated.

They are built by the projections, so they trail the games by the projection lag.
"""

from typing import Annotated, get_args

from litestar import get
from litestar.params import FromPath, KwargDefinition, QueryParameter

from api.http.core import PoolDependency
from api.http.described import (
    CONTRACT,
    EXAMPLE_ID,
    GAME,
    QUERY,
    Described,
    page_example,
    page_of,
)
from api.http.errors import HttpRefusal
from api.http.examples import lobby_page, of_a_table, summary
from api.http.params import GameId, Kind, Limit, Offset, Page, known_kind
from commands.log.registry import GAMES
from domain import table
from infra.reading import read_models
from projections.lobby import LobbyTable
from projections.ratings import RatingRow
from projections.scoreboards import ScoreboardRow
from projections.summaries import SummaryStatus, TableSummary

STATUSES: tuple[str, ...] = get_args(SummaryStatus)
"""The statuses a table summary can have."""

# Each page under its own name in the published document (rather than `Page_..._`).
LobbyPage = Annotated[Page[LobbyTable], KwargDefinition(schema_component_key="LobbyPage")]
TablePage = Annotated[Page[TableSummary], KwargDefinition(schema_component_key="TablePage")]
ScoreboardPage = Annotated[
    Page[ScoreboardRow], KwargDefinition(schema_component_key="ScoreboardPage")
]
RatingPage = Annotated[Page[RatingRow], KwargDefinition(schema_component_key="RatingPage")]


KINDS_REFUSED = (*QUERY, "unknown_kind")


SCOREBOARD = page_example({"player": "ada", "played": 3, "won": 2, "points": 41})
RATING = {"mu": 27.6, "sigma": 7.2, "ordinal": 6.0}
RATINGS = page_example({"player": "ada", **RATING, "played": 3})
KIND = next(iter(GAMES))
FINISHED = {"game_id": EXAMPLE_ID, "kind": KIND, "finished_at": "2026-03-21T12:30:00+00:00"}
RECORD = {
    "name": "ada",
    "kinds": [{"kind": KIND, "played": 3, "won": 2, "points": 41}],
    "recent_games": [{**FINISHED, "seat": 0, "score": 17, "place": 1}],
    "ratings": [{"kind": KIND, **RATING, "played": 3}],
    "rating_changes": [{**FINISHED, **RATING, "change": 2.4}],
}


@get(
    "/lobby",
    tags=["read models"],
    opt={CONTRACT: Described(KINDS_REFUSED, answers=of_a_table(lobby_page, "page"))},
    operation_id="getLobby",
)
async def lobby(
    pool: PoolDependency, kind: Kind = None, limit: Limit = 50, offset: Offset = 0
) -> LobbyPage:
    """Tables waiting for players, newest first: kind, options, seats taken and free."""
    known_kind(kind)
    return Page(*await read_models.lobby(pool, kind, limit, offset))


@get(
    "/tables",
    tags=["read models"],
    opt={
        CONTRACT: Described(
            (*QUERY, "unknown_kind", "unknown_status"),
            answers=of_a_table(lambda example: page_of(summary(example), next_offset=50), "page"),
        )
    },
    operation_id="listTables",
)
async def tables(
    pool: PoolDependency,
    kind: Kind = None,
    status: Annotated[
        str | None, QueryParameter(description="open, playing, finished or cancelled")
    ] = None,
    limit: Limit = 50,
    offset: Offset = 0,
) -> TablePage:
    """Summaries of games, most recently active first: status, whose turn, public view."""
    known_kind(kind)
    if status is not None and status not in STATUSES:
        known = ", ".join(STATUSES)
        raise HttpRefusal("unknown_status", f"no table status {status!r}; known: {known}")
    return Page(*await read_models.table_summaries(pool, kind, status, limit, offset))


@get(
    "/tables/{game_id:str}",
    tags=["read models"],
    opt={CONTRACT: Described(GAME, answers=of_a_table(summary, "summary"))},
    operation_id="getTable",
)
async def table_summary(pool: PoolDependency, game_id: GameId) -> TableSummary:
    """One game's summary."""
    summary = await read_models.table_summary(pool, game_id)
    if summary is None:
        raise HttpRefusal("game_not_found", f"no summary of game {game_id} (yet)")
    return summary


@get(
    "/scoreboards/{kind:str}",
    tags=["read models"],
    opt={CONTRACT: Described(KINDS_REFUSED, answers=SCOREBOARD)},
    operation_id="getScoreboard",
)
async def scoreboard(
    pool: PoolDependency, kind: FromPath[str], limit: Limit = 50, offset: Offset = 0
) -> ScoreboardPage:
    """Players of a kind by games won, then points: games played, won and points. Players
    are registered handles and the bots (`bot:random`, `bot:heuristic`, `bot:search`); seats
    taken with a free name count for nobody."""
    known_kind(kind)
    return Page(*await read_models.scoreboard(pool, kind, limit, offset))


@get(
    "/players/{name:str}",
    tags=["read models"],
    opt={CONTRACT: Described((*QUERY, "not_found"), answers={"player": {"value": RECORD}})},
    operation_id="getPlayer",
)
async def player(
    pool: PoolDependency, name: FromPath[str], recent: Limit = 20
) -> read_models.PlayerRecord:
    """A player's record across all kinds, their most recent games, their rating in each
    kind and the changes their recent games made to it (`name` is the player's handle)."""
    known = table.printable(name) and await read_models.player_known(pool, name)
    if not known:
        raise HttpRefusal("not_found", f"no player {name!r}")
    return await read_models.player_record(pool, name, recent)


@get(
    "/ratings/{kind:str}",
    tags=["read models"],
    opt={CONTRACT: Described(KINDS_REFUSED, answers=RATINGS)},
    operation_id="getRatings",
)
async def ratings(
    pool: PoolDependency, kind: FromPath[str], limit: Limit = 50, offset: Offset = 0
) -> RatingPage:
    """Players of a kind by rating: OpenSkill's mu and sigma, and the `ordinal` (mu - 3
    sigma) they are ranked by, and games rated.

    Ratings are OpenSkill's Plackett-Luce model, per kind; a game rates its registered
    players and bots (seats with a free name are left out)."""
    known_kind(kind)
    return Page(*await read_models.ratings_page(pool, kind, limit, offset))


READ_MODEL_ROUTES = [lobby, tables, table_summary, scoreboard, player, ratings]

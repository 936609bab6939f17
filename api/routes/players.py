"""Players: register a handle and get its token (shown once); sign in with the token; the
tables a player sits at and the challenges still open to or by them."""

from typing import Annotated
from urllib.parse import quote

from litestar import Response, get, post
from litestar.di import NamedDependency
from litestar.params import KwargDefinition

from api.http.auth import PLAYER_TOKEN, SIGNED_IN, SignedInPlayer
from api.http.bodies import PlayerCreated, PlayerSignedIn, payload_of
from api.http.core import HandlerDependency, PoolDependency
from api.http.described import (
    BODY,
    CONTRACT,
    EXAMPLE_ID,
    QUERY,
    SIGNED,
    Described,
    challenge_row,
    page_example,
)
from api.http.params import Limit, Offset, Page
from api.http.rate_limits import RATE_LIMIT
from commands.core import players
from domain.players import RegisterPlayer
from infra.reading import player_news
from projections.player_news import ChallengeRow, PlayerTable


@post(
    "/players",
    tags=["players"],
    opt={
        RATE_LIMIT: "players",
        CONTRACT: Described(
            (*BODY, "invalid_handle", "handle_taken"),
            body="RegisterPlayer",
            body_note="The handle to register.",
            answers={"registered": {"value": {"handle": "ada", "token": "p9Fz2kQw7LmX0rTb4sHd"}}},
            asks={"player": {"value": {"handle": "ada"}}},
        ),
    },
    dependencies=payload_of(RegisterPlayer),
    operation_id="registerPlayer",
)
async def register_player(
    payload: NamedDependency[RegisterPlayer], handler: HandlerDependency
) -> Response[PlayerCreated]:
    """Register a player under a unique handle; the player token is shown only this once.
    Seats taken with it (`Authorization: Bearer <player token>`) count for the player in
    the scoreboards and ratings.

    Handles have 1 to 40 printable characters, no `/`, and do not start with `bot:` (the
    bots' handles: `bot:random`, `bot:heuristic`, `bot:search`). A handle is taken whatever its
    case or compatibility form (NFKC): after `Ada`, `ada` is taken too."""
    handle, token = await players.register(handler.streams, payload)
    location = f"/players/{quote(handle, safe='')}"
    return Response(PlayerCreated(handle, token), status_code=201, headers={"Location": location})


PlayerTablePage = Annotated[
    Page[PlayerTable], KwargDefinition(schema_component_key="PlayerTablePage")
]
ChallengePage = Annotated[Page[ChallengeRow], KwargDefinition(schema_component_key="ChallengePage")]


GAME_ROW = {"game_id": EXAMPLE_ID, "kind": "mad", "seat": 1, "status": "playing", "version": 6}


MY_GAMES = Described(
    (*QUERY, *SIGNED), answers=page_example(GAME_ROW | {"to_act": [0, 1], "your_turn": True})
)


@get(
    "/players/me/games",
    tags=["players"],
    opt={CONTRACT: MY_GAMES},
    security=PLAYER_TOKEN,
    dependencies=SIGNED_IN,
    operation_id="listMyGames",
)
async def my_games(
    pool: PoolDependency, player: SignedInPlayer, limit: Limit = 50, offset: Offset = 0
) -> PlayerTablePage:
    """The tables the caller (Bearer player token) sits at and whose game has not finished
    (nor was cancelled), those where it is their turn first: each with the seats to act and
    the version, what a client needs after a reconnect. A read model: it trails the log by
    the projection lag."""
    return Page(*await player_news.player_tables(pool, player, limit, offset))


MY_CHALLENGES = Described((*QUERY, *SIGNED), answers=page_example(challenge_row("open")))


@get(
    "/players/me/challenges",
    tags=["players"],
    opt={CONTRACT: MY_CHALLENGES},
    security=PLAYER_TOKEN,
    dependencies=SIGNED_IN,
    operation_id="listMyChallenges",
)
async def my_challenges(
    pool: PoolDependency, player: SignedInPlayer, limit: Limit = 50, offset: Offset = 0
) -> ChallengePage:
    """The challenges still open that the caller (Bearer player token) made or was made, the
    soonest to expire first: with `GET /players/me/games`, what stands when a client opens
    the player's stream, which tells only what comes after. A read model: it trails the log
    by the projection lag."""
    return Page(*await player_news.open_challenges(pool, player, limit, offset))


@get(
    "/player",
    tags=["players"],
    opt={CONTRACT: Described(SIGNED, answers={"signed in": {"value": {"handle": "ada"}}})},
    security=PLAYER_TOKEN,
    dependencies=SIGNED_IN,
    operation_id="getSignedInPlayer",
)
async def signed_in_player(player: SignedInPlayer) -> PlayerSignedIn:
    """The player whose token the request carries (`Authorization: Bearer <player token>`):
    how a client signs in with a token kept from another browser."""
    return PlayerSignedIn(player)


PLAYER_ROUTES = [register_player, signed_in_player, my_games, my_challenges]

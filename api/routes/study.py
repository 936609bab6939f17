"""Study: a finished game forked at any step into a sandbox, the sandboxes of a game and of a
player, and hints, the search bot's ranking of a seat's moves (docs/study.md)."""

from datetime import UTC, datetime
from typing import Annotated, Any

from litestar import Request, Response, get, post
from litestar.datastructures import State
from litestar.di import NamedDependency
from litestar.params import KwargDefinition, QueryParameter

from api.http.auth import (
    PLAYER_TOKEN,
    PLAYER_TOKEN_OR_NONE,
    SIGNED_IN,
    SignedInPlayer,
    calling_player,
)
from api.http.bodies import ForkRequest, SandboxOpened, payload_of
from api.http.core import HandlerDependency, PoolDependency
from api.http.described import (
    BODY,
    CONTRACT,
    EXAMPLE_ID,
    GAME,
    KEYED,
    QUERY,
    SIGNED,
    Described,
    page_example,
)
from api.http.params import MAX_VERSION, GameId, IdempotencyKey, Limit, Offset, Page
from api.http.rate_limits import RATE_LIMIT
from commands.core.sandboxes import require_active
from commands.workers import hints as hinting
from commands.workers.thinking import LazyThinkers
from domain.table.sandbox import IDLE
from infra.reading import read_models
from projections.sandboxes import SandboxRow

OPENED = {"id": EXAMPLE_ID, "kind": "mad", "version": 1, "token": "q7Xn3vRk0cYt2LmA9sWd"}
OPENED |= {"source": EXAMPLE_ID, "at": 10}
SandboxPage = Annotated[Page[SandboxRow], KwargDefinition(schema_component_key="SandboxPage")]
FORKED_AT = "2026-03-21T12:30:00+00:00"
SANDBOX = {"game_id": EXAMPLE_ID, "kind": "mad", "source": EXAMPLE_ID, "at": 10}
SANDBOX |= {"forked_by": "ada", "created_at": FORKED_AT, "finished": False}
SANDBOX |= {"last_activity": FORKED_AT}


FORK = Described(
    (*BODY, *GAME, "wrong_token", "not_finished", "beyond_end", "not_in_play", *KEYED, "busy"),
    body="ForkRequest",
    answers={"opened": {"value": OPENED}},
    asks={"step": {"value": {"at": 10}}},
)


@post(
    "/games/{game_id:str}/forks",
    tags=["study"],
    opt={RATE_LIMIT: "games", CONTRACT: FORK},
    security=PLAYER_TOKEN_OR_NONE,
    dependencies=payload_of(ForkRequest),
    operation_id="forkGame",
)
async def fork(
    game_id: GameId,
    payload: NamedDependency[ForkRequest],
    request: Request[Any, Any, Any],
    handler: HandlerDependency,
    idempotency_key: IdempotencyKey = None,
) -> Response[SandboxOpened]:
    """Open a sandbox at version `at` of a finished game: its state then (every hand as it
    was), chance going on from a fresh committed seed, and one token (`every_seat`) that
    plays any seat: post a seat's legal move with it and the move is made for that seat.
    Anyone may fork a finished game; a game still played cannot be forked (`not_finished`).
    With a player's token the sandbox is listed on the player's own page. A sandbox counts
    in no scoreboard, rating, lobby or dataset, and expires when idle for a week."""
    by = await calling_player(handler, request)
    applied, token = await handler.fork(game_id, payload.at, by, idempotency_key)
    assert applied.game is not None or applied.replayed
    kind = (await handler.games.rules_of(applied.game_id)).kind
    body = SandboxOpened(applied.game_id, kind, applied.last_version, token, game_id, payload.at)
    status = 200 if applied.replayed else 201
    return Response(body, status_code=status, headers={"Location": f"/games/{applied.game_id}"})


@get(
    "/games/{game_id:str}/forks",
    tags=["study"],
    opt={CONTRACT: Described((*QUERY, *GAME), answers=page_example(SANDBOX))},
    operation_id="listForks",
)
async def forks(
    game_id: GameId, pool: PoolDependency, limit: Limit = 50, offset: Offset = 0
) -> SandboxPage:
    """The sandboxes forked from this game, newest first, but those expired. A read model:
    it trails the log by the projection lag."""
    since = datetime.now(UTC) - IDLE
    return Page(*await read_models.sandboxes(pool, game_id, None, since, limit, offset))


@get(
    "/players/me/sandboxes",
    tags=["study"],
    opt={CONTRACT: Described((*QUERY, *SIGNED), answers=page_example(SANDBOX))},
    security=PLAYER_TOKEN,
    dependencies=SIGNED_IN,
    operation_id="listMySandboxes",
)
async def my_sandboxes(
    pool: PoolDependency, player: SignedInPlayer, limit: Limit = 50, offset: Offset = 0
) -> SandboxPage:
    """The sandboxes the caller (Bearer player token) forked, newest first, but those
    expired. A read model: it trails the log by the projection lag."""
    since = datetime.now(UTC) - IDLE
    return Page(*await read_models.sandboxes(pool, None, player, since, limit, offset))


LOW, HIGH = hinting.MILLISECONDS
HINTS = Described(
    (*QUERY, *GAME, "not_a_sandbox", "beyond_end", "no_such_seat", "sandbox_expired"),
    answers={
        "ranked": {
            "value": {
                "seat": 0,
                "version": 10,
                "milliseconds": 500,
                "moves": [
                    {"move": {"type": "draw_card"}, "estimate": 0.61, "samples": 40},
                    {"move": {"type": "keep"}, "estimate": 0.42, "samples": 40},
                ],
            }
        }
    },
)


@get(
    "/games/{game_id:str}/hints",
    tags=["study"],
    opt={CONTRACT: HINTS},
    operation_id="getHints",
)
async def hints(
    game_id: GameId,
    handler: HandlerDependency,
    state: State,
    seat: Annotated[int, QueryParameter(ge=0, le=63, description="the seat to rank moves for")],
    at: Annotated[
        int | None, QueryParameter(ge=1, le=MAX_VERSION, description="a finished game's version")
    ] = None,
    milliseconds: Annotated[
        int, QueryParameter(ge=LOW, le=HIGH, description=f"thinking time, {LOW} to {HIGH} ms")
    ] = hinting.DEFAULT_MILLISECONDS,
) -> hinting.Hints:
    """The seat's legal moves ranked by the search bot's estimate of its result (0: last,
    1: first), each with the number of sampled states behind it: at a sandbox, or at version
    `at` of a finished game (its replay). Never at a game still played that is no sandbox
    (`not_a_sandbox`). The search thinks in a process of its own for at most `milliseconds`."""
    game = await handler.games.latest(game_id)
    await require_active(handler.games, game, handler.streams.now())
    thinkers: LazyThinkers = state.hint_thinkers
    return await hinting.hints(handler.games, thinkers.pool(), game, seat, at, milliseconds)


STUDY_ROUTES = [fork, forks, my_sandboxes, hints]

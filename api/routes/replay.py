"""Replay and audit: a game as of any version, the full log once it is over, its audit."""

import asyncio
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Annotated, Any

from litestar import Request, Response, get
from litestar.datastructures import State
from litestar.params import QueryParameter

from api.http.auth import SEAT_TOKEN_OR_NONE, game_and_viewer
from api.http.core import HandlerDependency
from api.http.described import CONTRACT, EXAMPLE_ID, GAME, QUERY, VIEWER, Described
from api.http.examples import CREATED_AT, VIEWS, KindExample, of_a_table
from api.http.pages import DEFAULT_LIMIT, After, Limit, conditional, page
from api.http.params import MAX_VERSION, GameId
from commands.audit.kept import Audits
from commands.audit.report import AuditReport
from commands.log import codec, published, replay
from commands.log.store import LogRow
from domain import table
from domain.errors import require


class AuditThread:
    """Audits made on a thread of their own, one at a time, with the reports kept.

    An audit is pure computation (most of a second for a long game): on the event loop it
    would hold every other request of the process for as long. On this thread the loop
    still takes its turns, since the interpreter hands its lock to the loop's thread every
    few milliseconds. One thread, not a pool, because only one thread computes at a time
    anyway: further audits wait in its queue instead of taking more turns from the loop.
    """

    def __init__(self) -> None:
        self._audits = Audits()
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="audit")

    async def report(
        self, game_id: str, rows: Sequence[LogRow], source_id: str, source: Sequence[LogRow]
    ) -> AuditReport:
        loop = asyncio.get_running_loop()
        audit = self._audits.report
        return await loop.run_in_executor(self._thread, audit, game_id, rows, source_id, source)

    def close(self) -> None:
        self._thread.shutdown(wait=False, cancel_futures=True)


def _log(example: KindExample) -> dict[str, Any]:
    """The log of the example table, its first record shown."""
    options, commitment = example.view["options"], example.view["commitment"]
    created = {"type": "table.created", "kind": example.kind, "options": options}
    created |= {"commitment": commitment, "algorithm": "hmac-sha256-v1"}
    record = {"game_id": EXAMPLE_ID, "version": 1, "type": "table.created", "data": created}
    record |= {"metadata": {"seat": None, "hash": "9c1f..."}, "recorded_at": CREATED_AT}
    record |= {"event_id": "5a0c9d6e-0d8b-4a1e-8f55-3b7c2f1e9a40"}
    return {"game_id": EXAMPLE_ID, "kind": example.kind, "seed": "ab12...", "events": [record]}


@get(
    "/games/{game_id:str}/replay",
    tags=["replay"],
    opt={CONTRACT: Described((*QUERY, *VIEWER, "version_not_found"), answers=VIEWS)},
    security=SEAT_TOKEN_OR_NONE,
    operation_id="getReplay",
)
async def replay_view(
    request: Request[Any, Any, Any],
    game_id: GameId,
    handler: HandlerDependency,
    at: Annotated[
        int, QueryParameter(ge=1, le=MAX_VERSION, description="the version to see the game at")
    ],
) -> table.TableView:
    """The caller's view as of version `at`: redacted while live, every hand once over."""
    game, seat = await game_and_viewer(handler, game_id, request)
    stored = await handler.games.stored_events(game_id, 0)
    known = [row for row in stored if row.version <= min(at, game.table.version)]
    events = codec.decode_events(game.rules.kind, known)
    over = game.table.status == "finished"
    between = not known or known[-1].ends_command
    return replay.view_at(game.rules, events, at, seat, over, between)


@get(
    "/games/{game_id:str}/log",
    tags=["replay"],
    opt={
        CONTRACT: Described(
            (*QUERY, *GAME, "game_not_over", "malformed_log"), answers=of_a_table(_log, "log")
        )
    },
    operation_id="getLog",
)
async def game_log(
    request: Request[Any, Any, Any],
    game_id: GameId,
    handler: HandlerDependency,
    after: After = 0,
    limit: Limit = DEFAULT_LIMIT,
) -> Response[published.GameLog]:
    """The full, unredacted event log with metadata and the revealed seed, once over."""
    game = await handler.games.latest(game_id)
    require(bool(game.table.seed), published.NOT_OVER)
    rows, headers = page(
        request, await handler.games.stored_events(game_id, after, limit + 1), limit
    )
    records = [published.record(row) for row in rows]
    body = published.GameLog(game_id, game.rules.kind, game.table.seed, records)
    return conditional(request, f"log.{game.table.version}.{after}.{limit}", body, headers)


@get(
    "/games/{game_id:str}/audit",
    tags=["replay"],
    opt={
        CONTRACT: Described(
            (*GAME, "game_not_over", "malformed_log"),
            answers={
                "audit": {
                    "value": {
                        "ok": True,
                        "checks": [{"name": "hash_chain", "ok": True, "detail": "42 links"}],
                        "first_failure": None,
                    }
                }
            },
        )
    },
    operation_id="getAudit",
)
async def game_audit(game_id: GameId, handler: HandlerDependency, state: State) -> AuditReport:
    """The five checks of a finished game's log; `first_failure` names what fails first.
    A sandbox's has a sixth, `source_link`: its opening's link is its source's chain."""
    logged = await handler.games.logged_events(game_id)
    forked = published.forked_from(logged)
    source_id = "" if forked is None else forked.source
    source = await handler.games.logged_events(source_id) if source_id else []
    audits: AuditThread = state.audits
    return await audits.report(game_id, logged, source_id, source)


REPLAY_ROUTES = [replay_view, game_log, game_audit]

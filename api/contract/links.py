"""The links between operations the document declares (OpenAPI's `links`): how the answer of
one operation gives the parameters of the next, so that a client generator, a reader or a
schema-driven tester can follow a whole game from its creation. A table opened gives its id
to every operation on a game; a seat taken gives its game and token to the commands and the
seat's own view; a challenge issued gives its id; a player registered, their handle; a
sandbox forked gives its id and its token of every seat to its commands, view and hints.

A token travels in the `Authorization` header, which OpenAPI describes as a security scheme
rather than a parameter; the links name it as `header.Authorization`, the expression
`Bearer ` followed by the token of the answer."""

from typing import Any

GAME = {"game_id": "$response.body#/id"}
SAME_GAME = {"game_id": "$request.path.game_id"}
TOKEN = "Bearer {$response.body#/token}"
SEAT = {**SAME_GAME, "header.Authorization": TOKEN}
ON_A_GAME = (
    "getGame",
    "takeSeat",
    "listEvents",
    "getTable",
    "getReplay",
    "getLog",
    "getAudit",
    "forkGame",
    "listForks",
    "getHints",
)
LINKS: dict[str, dict[str, dict[str, str]]] = {
    "createGame": {operation: GAME for operation in ON_A_GAME},
    "takeSeat": {
        "postCommand": SEAT,
        "getGame": SEAT,
        "issueTicket": SEAT,
        "openRematch": SEAT,
        "listEvents": SEAT,
    },
    "quickPlay": {
        operation: {"game_id": "$response.body#/game_id", "header.Authorization": TOKEN}
        for operation in ("postCommand", "getGame")
    },
    "issueChallenge": {
        operation: {"challenge_id": "$response.body#/challenge_id"}
        for operation in ("getChallenge", "acceptChallenge", "declineChallenge", "cancelChallenge")
    },
    "registerPlayer": {"getPlayer": {"name": "$response.body#/handle"}},
    "forkGame": {
        operation: {"game_id": "$response.body#/id", "header.Authorization": TOKEN}
        for operation in ("postCommand", "getGame", "getHints")
    },
}
"""By operation: the operations its success links to, with the parameters each takes."""


def link(operations: dict[str, dict[str, Any]]) -> None:
    """Write `LINKS` into the success answers of the operations (by operation id)."""
    for source, targets in LINKS.items():
        responses = operations[source]["responses"]
        for status in [status for status in responses if status.startswith("2")]:
            responses[status]["links"] = {
                target: {"operationId": target, "parameters": parameters}
                for target, parameters in targets.items()
            }

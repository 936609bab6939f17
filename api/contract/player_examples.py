"""Examples of the players' own operations: their stream, their tables, their challenges."""

import json
from typing import Any

EXAMPLE_CHALLENGE = "7d0c5b8e-2f4a-4c1e-9b3d-6a2e8f1c4d70"
EXAMPLE_GAME = "2f8a3c1e-5b7d-4e9f-8a6c-1d3e5f7a9b20"
_ISSUED = {
    "type": "challenge_issued",
    "challenge_id": EXAMPLE_CHALLENGE,
    "challenger": "ada",
    "challenged": "bo",
    "kind": "mad",
    "options": {},
    "seats": 2,
    "bots": False,
    "expires_at": "2026-03-21T12:10:00+00:00",
}
_NOTICES = (
    ("100-7-0", _ISSUED),
    (
        "104-9-0",
        {"type": "challenge_accepted", "challenge_id": EXAMPLE_CHALLENGE}
        | {"challenger": "ada", "challenged": "bo", "game_id": EXAMPLE_GAME},
    ),
    ("105-12-0", {"type": "game_started", "game_id": EXAMPLE_GAME, "kind": "mad", "seat": 1}),
    (
        "105-16-1",
        {"type": "your_turn", "game_id": EXAMPLE_GAME, "kind": "mad", "seat": 1} | {"version": 6},
    ),
)


def response(method: str, path: str) -> dict[str, Any] | None:
    """Examples of an operation's success body, by name; None for an operation of others."""
    match method, path:
        case "get", "/players/me/live":
            messages = [
                f"id: {id}\nevent: {notice['type']}\ndata: {json.dumps(notice)}\n\n"
                for id, notice in _NOTICES
            ]
            return {"stream": {"value": "".join(messages)}}
        case "post", "/players/me/tickets":
            ticket = {"ticket": "Hq2v8Xk1bN4m0Rz7sYc3LwT9", "handle": "ada", "expires_in": 60}
            return {"issued": {"value": ticket}}
        case "get", "/players/me/games":
            row = {"game_id": EXAMPLE_GAME, "kind": "mad", "seat": 1, "status": "playing"}
            row |= {"version": 6, "to_act": [0, 1], "your_turn": True}
            return {"page": {"value": {"items": [row], "next_offset": None}}}
        case "post", "/challenges":
            return {"issued": {"value": {"challenge_id": EXAMPLE_CHALLENGE}}}
        case "get", "/challenges/{challenge_id}":
            return {"challenge": {"value": _challenge("accepted", EXAMPLE_GAME, None)}}
        case "post", "/challenges/{challenge_id}/decline":
            return {"declined": {"value": _challenge("declined", None, "later")}}
        case "post", "/challenges/{challenge_id}/cancel":
            return {"cancelled": {"value": _challenge("cancelled", None, None)}}
        case "post", "/challenges/{challenge_id}/accept":
            return {"accepted": {"value": {"game_id": EXAMPLE_GAME, "seat": 1}}}
    return None


def _challenge(status: str, game_id: str | None, reason: str | None) -> dict[str, Any]:
    shown = {key: value for key, value in _ISSUED.items() if key != "type"}
    return shown | {"status": status, "game_id": game_id, "reason": reason}


def request(method: str, path: str) -> dict[str, Any] | None:
    match method, path:
        case "post", "/challenges":
            player = {"summary": "a player", "value": {"kind": "mad", "challenged": "bo"}}
            anyone = {"summary": "anyone with the link, bots filling two seats"}
            anyone["value"] = {"kind": "gnono", "seats": 4, "bots": True}  # type: ignore[assignment]
            return {"player": player, "anyone": anyone}
        case "post", "/challenges/{challenge_id}/decline":
            return {"later": {"value": {"reason": "later"}}}
    return None

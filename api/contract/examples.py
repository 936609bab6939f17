"""Examples of every operation's bodies, taken from a real table of each kind."""

import functools
import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import msgspec

from api.contract import player_examples
from api.http import bodies
from commands.redaction import VersionedEvent
from commands.registry import GAMES
from domain import table
from domain.decider import SPECTATOR, AnyRules

EXAMPLE_TIME = datetime(2026, 3, 21, 12, 0, tzinfo=UTC)
EXAMPLE_SECRET = b"an example table's secret seed"
EXAMPLE_ID = "0f8e2c51-6a1d-4c1e-9a57-2b4a3e5d7c90"


@dataclass(frozen=True, slots=True)
class KindExample:
    """A real table of one kind, just started with two seats (or the fewest it takes)."""

    view: Any
    """The table as seat 0 sees it."""
    public: Any
    """The table as a spectator sees it."""
    command: Any
    """Seat 0's first legal move, or any seat's."""
    events: list[Any]
    """The versioned events of the start, as seat 0 sees them."""


@functools.cache
def kind_example(kind: str) -> KindExample:
    rules = GAMES[kind]
    low, _ = rules.seat_range(rules.Options())
    seats = max(low, 2)
    state = table.AnyTable()
    state = _apply(rules, state, None, table.CreateTable(kind))
    for seat in range(seats):
        state = _apply(rules, state, None, table.TakeSeat(f"player {seat}", f"dice {seat}"))
    before = state.version
    started = _decide(rules, state, 0, table.StartGame())
    state = table.fold(rules, started, state)
    moves = [move for seat in range(seats) for move in table.legal_moves(rules, state, seat)]
    shown = ((table.redact(rules, event, 0), before + n) for n, event in enumerate(started, 1))
    voice = table.voice(state.seats, 0)
    events = [
        VersionedEvent(version, event, table.narrate(rules, event, voice))
        for event, version in shown
        if event
    ]
    return KindExample(
        view=_json(table.view(rules, state, 0)),
        public=_json(table.view(rules, state, SPECTATOR)),
        command=_json(moves[0]) if moves else {"type": "start_game"},
        events=_json(events),
    )


def _json(value: Any) -> Any:
    """A value as the service sends it, decoded as JSON (tuples become lists)."""
    return msgspec.json.decode(msgspec.json.encode(value))


def _decide(rules: AnyRules, state: table.AnyTable, seat: int | None, command: Any) -> Any:
    ctx = table.decision_context(state, seat, EXAMPLE_TIME, EXAMPLE_SECRET)
    return table.decide(rules, state, command, ctx)


def _apply(
    rules: AnyRules, state: table.AnyTable, seat: int | None, command: Any
) -> table.AnyTable:
    return table.fold(rules, _decide(rules, state, seat, command), state)


def _per_kind(value: Any) -> dict[str, Any]:
    return {kind: {"summary": GAMES[kind].title, "value": value(kind)} for kind in GAMES}


def response_examples(method: str, path: str) -> dict[str, Any]:
    """Examples of an operation's success body, by name."""
    if (players_own := player_examples.response(method, path)) is not None:
        return players_own
    first = next(iter(GAMES))
    view = kind_example(first).view
    match method, path:
        case "get", "/games/{game_id}" | "/games/{game_id}/replay":
            return _per_kind(lambda kind: kind_example(kind).view)
        case "get", "/games/{game_id}/events":
            return _per_kind(lambda kind: kind_example(kind).events)
        case "post", "/games/{game_id}/commands":
            return _per_kind(
                lambda kind: {
                    "version": kind_example(kind).events[-1]["version"],
                    "events": kind_example(kind).events,
                }
            )
        case "get", "/games/kinds":
            kinds = [_json(bodies.kind_info(rules)) for rules in GAMES.values()]
            return {"kinds": {"value": kinds}}
        case "post", "/games":
            return {"created": {"value": {"id": EXAMPLE_ID, "kind": first, "version": 1}}}
        case "post", "/games/{game_id}/seats":
            seat = {"seat": 0, "token": "q7Xn3vRk0cYt2LmA9sWd", "version": 2}
            return {"seated": {"value": seat}}
        case "post", "/quickplay" | "/games/{game_id}/rematch":
            seat = {"game_id": EXAMPLE_ID, "seat": 1, "token": "q7Xn3vRk0cYt2LmA9sWd"}
            return {"seated": {"value": seat}}
        case "post", "/players":
            return {"registered": {"value": {"handle": "ada", "token": "p9Fz2kQw7LmX0rTb4sHd"}}}
        case "get", "/player":
            return {"signed in": {"value": {"handle": "ada"}}}
        case "post", "/games/{game_id}/tickets":
            ticket = {"ticket": "0.Hq2v8Xk1bN4m0Rz7sYc3LwT9", "seat": 0, "expires_in": 60}
            return {"issued": {"value": ticket}}
        case "get", "/games/{game_id}/live":
            events = kind_example(first).events[:2]
            messages = [_sse(e["event"]["type"], e["event"], e["version"]) for e in events]
            version = events[-1]["version"]
            with_view = [*messages, _sse("view", view, version)]
            return {
                "stream": {"value": "".join(messages)},
                "with_view": {"summary": "?include=view", "value": "".join(with_view)},
            }
        case "get", "/lobby/live":
            return {"stream": {"value": _sse("lobby", _lobby_page(view["kind"], view))}}
        case "get", "/health":
            ok = {"status": "ok", "postgres": "ok", "redis": "ok"}
            degraded = {"status": "degraded", "postgres": "ok", "redis": "down"}
            return {"ok": {"value": ok}, "degraded": {"value": degraded}}
        case "get", "/health/live" | "/health/ready":
            return {"ok": {"value": {"status": "ok"}}}
        case "get", "/metrics":
            return {"metrics": {"value": "# HELP cardroom_commands_total ...\n"}}
    return _read_example(method, path, view)


def _read_example(method: str, path: str, view: Any) -> dict[str, Any]:
    kind = view["kind"]
    match method, path:
        case "get", "/games/{game_id}/log":
            record = {
                "game_id": EXAMPLE_ID,
                "version": 1,
                "type": "table.created",
                "data": {"type": "table.created", "kind": kind, "options": view["options"]}
                | {"commitment": view["commitment"], "algorithm": "hmac-sha256-v1"},
                "metadata": {"seat": None, "hash": "9c1f..."},
                "event_id": "5a0c9d6e-0d8b-4a1e-8f55-3b7c2f1e9a40",
                "recorded_at": "2026-03-21T12:00:00+00:00",
            }
            log_body = {"game_id": EXAMPLE_ID, "kind": kind, "seed": "ab12...", "events": [record]}
            return {"log": {"value": log_body}}
        case "get", "/games/{game_id}/audit":
            checks = [{"name": "hash_chain", "ok": True, "detail": "42 links"}]
            return {"audit": {"value": {"ok": True, "checks": checks, "first_failure": None}}}
        case "get", "/players/{name}":
            kinds = [{"kind": kind, "played": 3, "won": 2, "points": 41}]
            recent = {"game_id": EXAMPLE_ID, "kind": kind, "seat": 0, "score": 17, "place": 1}
            games_played = [recent | {"finished_at": "2026-03-21T12:30:00+00:00"}]
            rating: dict[str, Any] = {"mu": 27.6, "sigma": 7.2, "ordinal": 6.0}
            moved = {"game_id": EXAMPLE_ID, "kind": kind, **rating, "change": 2.4}
            moved["finished_at"] = "2026-03-21T12:30:00+00:00"
            rated = {"kind": kind, **rating, "played": 3}
            record = {"name": "ada", "kinds": kinds, "recent_games": games_played}
            record |= {"ratings": [rated], "rating_changes": [moved]}
            return {"player": {"value": record}}
        case "get", "/ratings/{kind}":
            rating = {"player": "ada", "mu": 27.6, "sigma": 7.2, "ordinal": 6.0, "played": 3}
            return {"page": {"value": {"items": [rating], "next_offset": None}}}
        case "get", "/tables/{game_id}":
            return {"summary": {"value": _summary(kind)}}
        case "get", "/tables":
            return {"page": {"value": {"items": [_summary(kind)], "next_offset": 50}}}
        case "get", "/lobby":
            return {"page": {"value": _lobby_page(kind, view)}}
    entry = {"player": "ada", "played": 3, "won": 2, "points": 41}
    return {"page": {"value": {"items": [entry], "next_offset": None}}}


def _lobby_page(kind: str, view: Any) -> dict[str, Any]:
    entry = {
        "game_id": EXAMPLE_ID,
        "kind": kind,
        "options": view["options"],
        "seats": ["ada"],
        "min_seats": GAMES[kind].min_seats,
        "max_seats": GAMES[kind].max_seats,
        "free_seats": GAMES[kind].max_seats - 1,
        "created_at": "2026-03-21T12:00:00+00:00",
    }
    return {"items": [entry], "next_offset": None}


def _sse(event: str, data: Any, version: int | None = None) -> str:
    """One Server-Sent Events message as a stream sends it."""
    id_line = "" if version is None else f"id: {version}\n"
    return f"{id_line}event: {event}\ndata: {json.dumps(data)}\n\n"


def _summary(kind: str) -> dict[str, Any]:
    public = kind_example(kind).public
    return {
        "game_id": EXAMPLE_ID,
        "kind": kind,
        "status": public["status"],
        "version": public["version"],
        "seats": [seat["name"] for seat in public["seats"]],
        "to_act": [0],
        "public_view": public,
        "last_activity": "2026-03-21T12:00:00+00:00",
    }


def request_examples(method: str, path: str) -> dict[str, Any] | None:
    if (players_own := player_examples.request(method, path)) is not None:
        return players_own
    match method, path:
        case "post", "/games":
            return _per_kind(lambda kind: {"kind": kind, "options": _json(GAMES[kind].Options())})
        case "post", "/games/{game_id}/seats":
            person = {"name": "ada", "entropy": "my lucky dice"}
            player = {"summary": "with a player token", "value": {"entropy": "my lucky dice"}}
            bot = {
                "summary": "a bot, seated by the host with its seat token",
                "value": {"bot": "heuristic"},
            }
            return {"person": {"value": person}, "player": player, "bot": bot}
        case "post", "/players":
            return {"player": {"value": {"handle": "ada"}}}
        case "post", "/quickplay":
            casual = {"summary": "a casual seat", "value": {"kind": "gnono", "name": "ada"}}
            player = {"summary": "with a player token", "value": {"kind": "mad", "seats": 4}}
            return {"player": player, "casual": casual}
        case "post", "/games/{game_id}/commands":
            return _per_kind(lambda kind: kind_example(kind).command)
    return None

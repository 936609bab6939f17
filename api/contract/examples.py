"""Examples of the bodies of the operations about a game of some kind, taken from a real table
of each kind; the other routes give theirs (`Described.answers`, `Described.asks`)."""

import functools
import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from api.http.described import EXAMPLE_ID, json_value
from commands.redaction import VersionedEvent
from commands.registry import GAMES
from domain import table
from domain.decider import SPECTATOR, AnyRules

EXAMPLE_TIME = datetime(2026, 3, 21, 12, 0, tzinfo=UTC)
EXAMPLE_SECRET = b"an example table's secret seed"


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
        view=json_value(table.view(rules, state, 0)),
        public=json_value(table.view(rules, state, SPECTATOR)),
        command=json_value(moves[0]) if moves else {"type": "start_game"},
        events=json_value(events),
    )


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
        case "get", "/tables/{game_id}":
            return {"summary": {"value": _summary(kind)}}
        case "get", "/tables":
            return {"page": {"value": {"items": [_summary(kind)], "next_offset": 50}}}
        case "get", "/lobby":
            return {"page": {"value": _lobby_page(kind, view)}}
    raise AssertionError(f"{method.upper()} {path} has no example: give its route `answers`")


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
    match method, path:
        case "post", "/games":
            return _per_kind(
                lambda kind: {"kind": kind, "options": json_value(GAMES[kind].Options())}
            )
        case "post", "/games/{game_id}/commands":
            return _per_kind(lambda kind: kind_example(kind).command)
    return None

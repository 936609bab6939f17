"""Examples of the bodies about a game of some kind, taken from a real table of each kind
(built when the published document asks for them): routes give them as their `Described`
examples, as they give their others."""

import functools
import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, NamedTuple

from api.http.described import EXAMPLE_ID, Examples, json_value, page_of
from commands.core.redaction import VersionedEvent
from commands.log.registry import GAMES
from domain import table
from domain.decider import SPECTATOR
from projections.lobby import LobbyTable
from projections.summaries import summarise

EXAMPLE_TIME = datetime(2026, 3, 21, 12, 0, tzinfo=UTC)
EXAMPLE_SECRET = b"an example table's secret seed"
CREATED_AT = EXAMPLE_TIME.isoformat()


class KindExample(NamedTuple):
    """A real table of one kind, just started with two seats (or the fewest it takes): as
    seat 0 and a spectator see it, seat 0's first legal move (or any seat's) and the
    versioned events of the start as seat 0 sees them."""

    kind: str
    options: Any
    """The kind's options, as the table was opened with (its defaults)."""
    view: Any
    public: Any
    command: Any
    events: list[Any]
    summary: Any
    """The table's summary, as its read model keeps it."""

    @property
    def version(self) -> int:
        """The table's version once started."""
        return int(self.events[-1]["version"])


@functools.cache
def kind_example(kind: str) -> KindExample:
    rules = GAMES[kind]
    seats = max(rules.seat_range(rules.Options())[0], 2)
    commands: list[tuple[int | None, Any]] = [(None, table.CreateTable(kind))]
    commands += [(None, table.TakeSeat(f"player {n}", f"dice {n}")) for n in range(seats)]
    state = table.AnyTable()
    for seat, command in [*commands, (0, table.StartGame())]:
        before = state.version
        context = table.decision_context(state, seat, EXAMPLE_TIME, EXAMPLE_SECRET)
        started = table.decide(rules, state, command, context)
        state = table.fold(rules, started, state)
    moves = [move for seat in range(seats) for move in table.legal_moves(rules, state, seat)]
    voice = table.voice(state.seats, 0)
    shown = ((table.redact(rules, event, 0), before + n) for n, event in enumerate(started, 1))
    events = [
        VersionedEvent(version, event, table.narrate(rules, event, voice))
        for event, version in shown
        if event
    ]
    return KindExample(
        kind=kind,
        options=json_value(rules.Options()),
        view=json_value(table.view(rules, state, 0)),
        public=json_value(table.view(rules, state, SPECTATOR)),
        command=json_value(moves[0]) if moves else {"type": "start_game"},
        events=json_value(events),
        summary=json_value(summarise(EXAMPLE_ID, kind, state, EXAMPLE_TIME)),
    )


def per_kind(value: Callable[[KindExample], Any]) -> Callable[[], Examples]:
    """Examples by kind, each taken from that kind's real table."""
    return lambda: {
        kind: {"summary": GAMES[kind].title, "value": value(kind_example(kind))} for kind in GAMES
    }


VIEWS = per_kind(lambda example: example.view)
"""The table as seat 0 sees it (`GET /games/{game_id}`)."""
EVENTS = per_kind(lambda example: example.events)
"""The events of the start (`GET /games/{game_id}/events`)."""


def first_table() -> KindExample:
    """The real table of the first kind hosted."""
    return kind_example(next(iter(GAMES)))


def of_a_table(value: Callable[[KindExample], Any], name: str) -> Callable[[], Examples]:
    """One example, taken from the real table of the first kind hosted."""
    return lambda: {name: {"value": value(first_table())}}


def sse(event: str, data: Any, version: int | None = None) -> str:
    """One Server-Sent Events message as a stream sends it."""
    id_line = "" if version is None else f"id: {version}\n"
    return f"{id_line}event: {event}\ndata: {json.dumps(data)}\n\n"


def summary(example: KindExample) -> Any:
    """The table's summary (`GET /tables/{game_id}`)."""
    return example.summary


def lobby_page(example: KindExample) -> dict[str, Any]:
    """The lobby's page of the table, before its start, one seat taken (`GET /lobby`)."""
    rules, options = GAMES[example.kind], example.view["options"]
    low, high = rules.min_seats, rules.max_seats
    row = LobbyTable(EXAMPLE_ID, example.kind, options, ["ada"], low, high, high - 1, EXAMPLE_TIME)
    return page_of(json_value(row))

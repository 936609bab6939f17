"""Read model: one public summary per game (status, whose turn, the spectator's view).

The state of a game is its folded table, from which the summary is taken.
"""

from typing import Any

import msgspec

from commands.registry import GAMES
from commands.store import StoredEvent
from domain import table
from domain.decider import SPECTATOR
from projections.model import Changes, Upsert


class TableSummaries:
    name: str = "table_summaries"
    tables: tuple[str, ...] = ("table_summaries",)
    keeps_state: bool = True
    table_events_only: bool = False

    def evolve(
        self, state: table.AnyTable | None, stored: StoredEvent, event: Any
    ) -> table.AnyTable | None:
        assert stored.kind is not None
        return table.evolve(GAMES[stored.kind], table.AnyTable() if state is None else state, event)

    def changes(self, state: table.AnyTable | None, stored: StoredEvent, event: Any) -> Changes:
        if state is None or not stored.ends_command:
            return ()
        assert stored.kind is not None
        row = {"kind": stored.kind, **_summary(stored.kind, state)}
        row["last_activity"] = stored.recorded_at
        return (Upsert("table_summaries", {"game_id": stored.stream_id}, row),)


def _summary(kind: str, state: table.AnyTable) -> dict[str, Any]:
    rules = GAMES[kind]
    seats = range(len(state.seats))
    to_act = [
        seat
        for seat in seats
        if state.status == "playing" and table.legal_moves(rules, state, seat)
    ]
    return {
        "status": state.status,
        "version": state.version,
        "seats": [seat.name for seat in state.seats],
        "to_act": to_act,
        "public_view": msgspec.json.encode(table.view(rules, state, SPECTATOR)).decode(),
    }

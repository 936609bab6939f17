"""Read model: one public summary per game (status, whose turn, the spectator's view).

The state of a game is its folded table, from which the summary is taken.
"""

from datetime import datetime
from typing import Any, Literal

import msgspec

from commands.log.registry import GAMES
from commands.log.store import StoredEvent
from domain import table
from domain.decider import SPECTATOR
from projections.model import Changes, upsert

SummaryStatus = Literal["open", "playing", "finished", "cancelled", "expired"]
"""A summarised table's status: a table is summarised once created, so never `new`."""


class TableSummary(msgspec.Struct, frozen=True):
    """A game's summary: `to_act` are the seats that may move, `public_view` the spectator's
    view."""

    game_id: str
    kind: str
    status: SummaryStatus
    version: int
    seats: list[str]
    to_act: list[int]
    public_view: dict[str, Any]
    last_activity: datetime


def folded_table(state: table.AnyTable | None, stored: StoredEvent, event: Any) -> table.AnyTable:
    """A game's table with one more of its events folded in (a new table for its first)."""
    assert stored.kind is not None
    return table.evolve(GAMES[stored.kind], table.AnyTable() if state is None else state, event)


class TableSummaries:
    name: str = "table_summaries"
    tables: tuple[str, ...] = ("table_summaries",)
    keeps_state: bool = True
    table_events_only: bool = False

    def evolve(
        self, state: table.AnyTable | None, stored: StoredEvent, event: Any
    ) -> table.AnyTable | None:
        return folded_table(state, stored, event)

    def changes(self, state: table.AnyTable | None, stored: StoredEvent, event: Any) -> Changes:
        if state is None or not stored.ends_command or state.sandbox is not None:
            return ()  # a sandbox is listed by `projections.sandboxes` alone
        return (upsert("table_summaries", summary(stored, state), ("game_id",)),)


def summary(stored: StoredEvent, state: table.AnyTable) -> TableSummary:
    """The summary of a game as it stands after `stored`, the end of a command."""
    assert stored.kind is not None
    return summarise(stored.stream_id, stored.kind, state, stored.recorded_at)


def summarise(game_id: str, kind: str, state: table.AnyTable, at: datetime) -> TableSummary:
    """The summary of game `game_id`, of `kind`, as `state` last changed, at `at`."""
    assert state.status != "new"
    rules = GAMES[kind]
    playing = state.status == "playing"
    to_act = [
        seat
        for seat in range(len(state.seats))
        if playing and table.legal_moves(rules, state, seat)
    ]
    return TableSummary(
        game_id=game_id,
        kind=kind,
        status=state.status,
        version=state.version,
        seats=[seat.name for seat in state.seats],
        to_act=to_act,
        public_view=msgspec.to_builtins(table.view(rules, state, SPECTATOR)),
        last_activity=at,
    )

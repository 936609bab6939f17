"""Read model: the lobby, every table still waiting for players (a fold keeping no state).

A table is waiting from its creation to its start, its cancelling or its expiry (the table
clock's, `commands.workers.table_clock`); a full table waits for its start, listed with no
free seat.
`max_seats` is the table's size.
"""

from datetime import datetime
from typing import Any

import msgspec

from commands.log.registry import game_rules
from commands.log.store import StoredEvent
from domain import table
from projections.model import Append, Changes, Delete, upsert


class LobbyTable(msgspec.Struct, frozen=True):
    """A table waiting for players."""

    game_id: str
    kind: str
    options: dict[str, Any]
    """The table's options, as the kind's own options."""
    seats: list[str]
    min_seats: int
    max_seats: int
    free_seats: int
    """Counted by the query from `max_seats` and `seats` (not a column)."""
    created_at: datetime


class Lobby:
    name: str = "lobby"
    tables: tuple[str, ...] = ("lobby",)
    keeps_state: bool = False
    table_events_only: bool = True

    def evolve(self, state: None, stored: StoredEvent, event: Any) -> None:
        return None

    def changes(self, state: None, stored: StoredEvent, event: Any) -> Changes:
        key = {"game_id": stored.stream_id}
        match event:
            case table.TableCreated():
                rules = game_rules(event.kind)
                low, high = table.created_seats(rules, event)
                game, kind, at = stored.stream_id, event.kind, stored.recorded_at
                row = LobbyTable(game, kind, event.options, [], low, high, high, at)
                return (upsert("lobby", row, ("game_id",), leave_out=("free_seats",)),)
            case table.SeatTaken():
                return (Append("lobby", key, "seats", event.name),)
            case table.GameStarted() | table.TableCancelled() | table.TableExpired():
                return (Delete("lobby", key),)
        return ()

"""Read model: the lobby, every table still waiting for players (a fold keeping no state)."""

from typing import Any

import msgspec

from commands.registry import game_rules
from commands.store import StoredEvent
from domain import table
from projections.model import Append, Changes, Delete, Upsert


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
                low, high = rules.seat_range(table.created_options(rules, event)[0])
                row = {
                    "kind": event.kind,
                    "options": msgspec.json.encode(event.options).decode(),
                    "seats": [],
                    "min_seats": low,
                    "max_seats": high,
                    "created_at": stored.recorded_at,
                }
                return (Upsert("lobby", key, row),)
            case table.SeatTaken():
                return (Append("lobby", key, "seats", event.name),)
            case table.GameStarted():
                return (Delete("lobby", key),)
        return ()

"""Read model: the lobby, every table still waiting for players."""

from collections.abc import Sequence
from typing import Any

import asyncpg
import msgspec

from commands.registry import game_rules
from commands.store import StoredEvent
from domain import table
from projections.events import decoded

Statement = tuple[str, tuple[Any, ...]]


def statements(stored: StoredEvent, event: Any) -> list[Statement]:
    """What one event changes in the lobby (a pure function of the event)."""
    game_id = stored.stream_id
    match event:
        case table.TableCreated():
            rules = game_rules(event.kind)
            low, high = rules.seat_range(msgspec.convert(event.options, rules.Options))
            options = msgspec.json.encode(event.options).decode()
            sql = "INSERT INTO lobby VALUES ($1, $2, $3::jsonb, '{}', $4, $5, $6)"
            return [(sql, (game_id, event.kind, options, low, high, stored.recorded_at))]
        case table.SeatTaken():
            sql = "UPDATE lobby SET seats = array_append(seats, $2) WHERE game_id = $1"
            return [(sql, (game_id, event.name))]
        case table.GameStarted():
            return [("DELETE FROM lobby WHERE game_id = $1", (game_id,))]
    return []


class Lobby:
    name: str = "lobby"
    tables: tuple[str, ...] = ("lobby",)

    async def apply(self, connection: asyncpg.Connection, events: Sequence[StoredEvent]) -> None:
        for stored, event in decoded(events):
            for sql, args in statements(stored, event):
                await connection.execute(sql, *args)

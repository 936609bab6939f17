"""Read model: games played, won and points per player and kind, and each player's games."""

from collections.abc import Sequence
from typing import Any

import asyncpg

from commands.store import StoredEvent
from domain import table
from projections.events import decoded

RECORD_RESULT = (
    "INSERT INTO scoreboard AS s VALUES ($1, $2, 1, $3, $4)"
    " ON CONFLICT (kind, player) DO UPDATE"
    " SET played = s.played + 1, won = s.won + $3, points = s.points + $4"
)
RECORD_GAME = "INSERT INTO player_games VALUES ($1, $2, $3, $4, $5, $6, $7)"


class Scoreboards:
    name: str = "scoreboards"
    tables: tuple[str, ...] = ("seat_names", "scoreboard", "player_games")

    async def apply(self, connection: asyncpg.Connection, events: Sequence[StoredEvent]) -> None:
        for stored, event in decoded(events):
            match event:
                case table.SeatTaken():
                    await connection.execute(
                        "INSERT INTO seat_names VALUES ($1, $2, $3)",
                        stored.stream_id,
                        event.seat,
                        event.name,
                    )
                case table.GameFinished():
                    await _record(connection, stored, event)


async def _record(connection: asyncpg.Connection, stored: StoredEvent, event: Any) -> None:
    rows = await connection.fetch(
        "SELECT seat, name FROM seat_names WHERE game_id = $1", stored.stream_id
    )
    names = {row["seat"]: row["name"] for row in rows}
    for standing in event.standings:
        name = names[standing.seat]
        won = int(standing.place == 1)
        await connection.execute(RECORD_RESULT, stored.kind, name, won, standing.score)
        game = (name, stored.stream_id, stored.kind, standing.seat, standing.score, standing.place)
        await connection.execute(RECORD_GAME, *game, stored.recorded_at)

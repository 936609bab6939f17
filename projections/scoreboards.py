"""Read model: games played, won and points per player and kind, and each player's games.

The state of a game is its players' names by seat, which its standings need at the end.
"""

from collections.abc import Mapping
from typing import Any

from commands.store import StoredEvent
from domain import table
from projections.model import Change, Changes, Increment, Upsert

Names = Mapping[int, str]


class Scoreboards:
    name: str = "scoreboards"
    tables: tuple[str, ...] = ("seat_names", "scoreboard", "player_games")
    keeps_state: bool = True

    def evolve(self, state: Names | None, stored: StoredEvent, event: Any) -> Names | None:
        if isinstance(event, table.SeatTaken):
            return {**(state or {}), event.seat: event.name}
        return state

    def changes(self, state: Names | None, stored: StoredEvent, event: Any) -> Changes:
        game_id = stored.stream_id
        match event:
            case table.SeatTaken():
                key = {"game_id": game_id, "seat": event.seat}
                return (Upsert("seat_names", key, {"name": event.name}),)
            case table.GameFinished():
                names = state or {}
                changes: list[Change] = []
                for standing in event.standings:
                    name = names[standing.seat]
                    result = {
                        "played": 1,
                        "won": int(standing.place == 1),
                        "points": standing.score,
                    }
                    game = {
                        "player": name,
                        "kind": stored.kind,
                        "score": standing.score,
                        "place": standing.place,
                        "finished_at": stored.recorded_at,
                    }
                    changes += [
                        Increment("scoreboard", {"kind": stored.kind, "player": name}, result),
                        Upsert("player_games", {"game_id": game_id, "seat": standing.seat}, game),
                    ]
                return tuple(changes)
        return ()

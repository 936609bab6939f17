"""Read model: games played, won and points per player and kind, and each player's games.

A player is a registered handle whose token took the seat, or a bot (`bot:<strategy>`); a
seat taken with a free name counts for nobody. The state of a game is its players' handles
by seat, which its standings need at the end.
"""

from collections.abc import Mapping
from typing import Any

from commands.store import StoredEvent
from domain import players, table
from projections.model import Change, Changes, Increment, Upsert

Names = Mapping[int, str]
"""The handle of the player each counted seat is for."""


class Scoreboards:
    name: str = "scoreboards"
    tables: tuple[str, ...] = ("seat_names", "scoreboard", "player_games")
    keeps_state: bool = True
    table_events_only: bool = True

    def evolve(self, state: Names | None, stored: StoredEvent, event: Any) -> Names | None:
        if isinstance(event, table.SeatTaken):
            player = players.seat_player(event.player, event.bot)
            return {**(state or {}), **({} if player is None else {event.seat: player})}
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
                    name = names.get(standing.seat)
                    if name is None:
                        continue
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

"""Read model: games played, won and points per player and kind, and each player's games.

A player is a registered handle whose token took the seat, or a bot (`bot:<strategy>`); a
seat taken with a free name counts for nobody. The state of a game is its players' handles
by seat, which its standings need at the end.
"""

from collections.abc import Mapping
from datetime import datetime
from typing import Any

import msgspec

from commands.log.store import StoredEvent
from domain import players, table
from projections.model import Change, Changes, Increment, Upsert, upsert

Names = Mapping[int, str]
"""The handle of the player each counted seat is for."""


class ScoreboardRow(msgspec.Struct, frozen=True):
    """A player's record at one kind."""

    player: str
    played: int
    won: int
    points: int


class PlayerKind(msgspec.Struct, frozen=True):
    """A player's record at one kind."""

    kind: str
    played: int
    won: int
    points: int


class PlayerGame(msgspec.Struct, frozen=True):
    """A finished game of the player's."""

    game_id: str
    kind: str
    seat: int
    score: int
    place: int
    finished_at: datetime


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
            case table.GameFinished() if event.sandbox is not True:
                assert stored.kind is not None
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
                    game = PlayerGame(
                        game_id,
                        stored.kind,
                        standing.seat,
                        standing.score,
                        standing.place,
                        stored.recorded_at,
                    )
                    changes += [
                        Increment("scoreboard", {"kind": stored.kind, "player": name}, result),
                        upsert("player_games", game, ("game_id", "seat"), player=name),
                    ]
                return tuple(changes)
        return ()

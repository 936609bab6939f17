"""Read model: the unfinished games a worker watches from its start, those that seated a bot
(the bot worker's) and those whose table took a clock (the clock worker's); a fold keeping no
state."""

from typing import Any

from commands.log.store import StoredEvent
from domain import table
from projections.model import Changes, Delete, Upsert


class WatchedGames:
    name: str = "watched_games"
    tables: tuple[str, ...] = ("watched_games",)
    keeps_state: bool = False
    table_events_only: bool = True

    def evolve(self, state: None, stored: StoredEvent, event: Any) -> None:
        return None

    def changes(self, state: None, stored: StoredEvent, event: Any) -> Changes:
        key = {"game_id": stored.stream_id}
        match event:
            case table.TableCreated() if "clock" in event.options:
                return (Upsert("watched_games", key, {"clock": True}),)
            case table.SeatTaken() if event.bot:
                return (Upsert("watched_games", key, {"bots": True}),)
            case table.SeatsHanded() if any(event.bots):
                return (Upsert("watched_games", key, {"bots": True}),)
            case table.GameFinished() | table.TableCancelled() | table.TableExpired():
                return (Delete("watched_games", key),)
        return ()

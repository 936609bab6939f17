"""Read model: which games finished when, by kind and calendar month (UTC), for the datasets
(`docs/datasets.md`); a fold keeping no state.

A game's finish is the time its `table.game_finished` was recorded; the month is that time's
in UTC, so a game finished at 23:59:59.999 on the last day belongs to that month and one
finished at 00:00 on the first to the next.
"""

from datetime import datetime
from typing import Any

import msgspec

from commands.log.dataset import month_of
from commands.log.store import StoredEvent
from domain import table
from projections.model import Changes, upsert


class FinishedGame(msgspec.Struct, frozen=True):
    """A finished game: its kind, the month it finished in (`YYYY-MM`, UTC) and when."""

    game_id: str
    kind: str
    month: str
    finished_at: datetime


class FinishedGames:
    name: str = "finished_games"
    tables: tuple[str, ...] = ("finished_games",)
    keeps_state: bool = False
    table_events_only: bool = True

    def evolve(self, state: None, stored: StoredEvent, event: Any) -> None:
        return None

    def changes(self, state: None, stored: StoredEvent, event: Any) -> Changes:
        if not isinstance(event, table.GameFinished) or event.sandbox is True:
            return ()  # a sandbox's game is no game of the datasets
        assert stored.kind is not None
        at = stored.recorded_at
        row = FinishedGame(stored.stream_id, stored.kind, month_of(at), at)
        return (upsert("finished_games", row, ("game_id",)),)

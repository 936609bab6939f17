"""Read model: the sandboxes (`domain.table.sandbox`), by the game each was forked from and
by the player who forked it; a fold keeping no state.

A sandbox is counted nowhere else: no scoreboard, rating, lobby, table summary or dataset
holds it. Whether it finished and how long it sat idle are read from the log when it is
listed (`infra.reading.read_models.sandboxes`), so its moves are never folded here.
"""

from datetime import datetime
from typing import Any

import msgspec

from commands.log.store import StoredEvent
from domain import table
from projections.model import Changes, upsert


class SandboxRow(msgspec.Struct, frozen=True):
    """A sandbox: forked at version `at` of game `source` (by the player `forked_by`, when
    signed in), `finished` once its game is over; `last_activity` is its latest event's time
    (both read from the log as it is listed)."""

    game_id: str
    kind: str
    source: str
    at: int
    forked_by: str | None
    created_at: datetime
    finished: bool
    last_activity: datetime


class Sandboxes:
    name: str = "sandboxes"
    tables: tuple[str, ...] = ("sandboxes",)
    keeps_state: bool = False
    table_events_only: bool = True

    def evolve(self, state: None, stored: StoredEvent, event: Any) -> None:
        return None

    def changes(self, state: None, stored: StoredEvent, event: Any) -> Changes:
        match event:
            case table.TableForked(kind=kind, sandbox=forked):
                at = stored.recorded_at
                row = SandboxRow(
                    stored.stream_id, kind, forked.source, forked.at, forked.by, at, False, at
                )
                computed = ("finished", "last_activity")
                return (upsert("sandboxes", row, ("game_id",), leave_out=computed),)
        return ()

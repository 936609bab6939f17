"""Plain events for the read models, and their row changes applied in memory."""

import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from commands.log.records import new_records
from commands.log.registry import GAMES
from commands.log.store import StoredEvent
from projections.model import (
    Append,
    Change,
    Delete,
    GameState,
    Increment,
    Projection,
    Rate,
    Upsert,
    fold,
)
from projections.ratings import Rating, rating_rows
from tests.domain.playout import Playout

NOW = datetime(2026, 3, 21, tzinfo=UTC)
Tables = dict[str, dict[tuple[Any, ...], dict[str, Any]]]


def stored_game(
    kind: str,
    seed: int,
    seats: int = 2,
    handles: Sequence[str | None] = (),
    options: dict[str, Any] | None = None,
) -> tuple[str, list[StoredEvent]]:
    """A whole random game as the rows the handler stores, command by command; `handles`
    are the players taking the first seats (the others are casual seats)."""
    playout = Playout(GAMES[kind], seats, seed, options, handles=handles)
    while playout.step():
        pass
    game_id, rows = f"summary-{uuid.uuid4()}", []
    for decision in playout.decisions:
        records, _ = new_records("", 0, None, "command", NOW, decision)
        for record in records:
            version = len(rows) + 1
            rows.append(
                StoredEvent(
                    version, version, game_id, version, record.event_id, record.type, 1,
                    record.data, record.metadata, NOW, kind,
                )
            )  # fmt: skip
    return game_id, rows


def written(changes: Sequence[Change], tables: Tables | None = None) -> Tables:
    """The rows the changes leave, as Postgres would keep them: table -> key -> columns."""
    tables = {} if tables is None else tables
    for change in changes:
        rows = tables.setdefault(change.table, {})
        key = tuple(change.key.values())
        match change:
            case Upsert(_, k, values):
                rows[key] = {**rows.get(key, dict(k)), **values}
            case Increment(_, k, amounts):
                row = rows.setdefault(key, {**k, **{column: 0 for column in amounts}})
                for column, amount in amounts.items():
                    row[column] += amount
            case Append(_, _, column, value):
                if key in rows:
                    rows[key][column] = [*rows[key][column], value]
            case Delete():
                rows.pop(key, None)
            case Rate():
                written(rating_rows(change, _ratings(tables, change.kind)), tables)
    return tables


def _ratings(tables: Tables, kind: str) -> dict[str, Rating]:
    """The ratings of a kind as the rows hold them."""
    rows = tables.get("ratings", {})
    return {
        player: Rating(row["mu"], row["sigma"], row["played"])
        for (rated_kind, player), row in rows.items()
        if rated_kind == kind
    }


def in_batches(
    projection: Projection[Any], events: Sequence[StoredEvent], size: int
) -> tuple[dict[str, GameState[Any]], Tables]:
    """Fold the events `size` at a time, carrying the states between batches."""
    states: dict[str, GameState[Any]] = {}
    tables: Tables = {}
    for start in range(0, len(events), size):
        states, changes = fold(projection, states, events[start : start + size])
        written(changes, tables)
    return states, tables

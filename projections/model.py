"""What every read model is: a pure fold of each game's events into typed row changes.

A projection evolves a state per game (or keeps none) and says, for each event, which rows to
write: upserts, increments, array appends and deletes, each keyed on its table's primary key,
and ratings, which follow from the rows they replace. It does no I/O;
`infra.reading.read_models` applies the changes to Postgres together with the projection's
checkpoint, and keeps the games' states between batches."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol, TypeVar

import msgspec

from commands.log.store import StoredEvent
from projections.events import decoded


@dataclass(frozen=True)
class Upsert:
    """Insert the row keyed `key` with `values`, or overwrite those columns of it."""

    table: str
    key: Mapping[str, Any]
    values: Mapping[str, Any]
    """The columns written; a mapping (a JSON object) goes to a jsonb column."""


@dataclass(frozen=True)
class Increment:
    """Add `amounts` to the row keyed `key`, inserting it with these amounts when absent."""

    table: str
    key: Mapping[str, Any]
    amounts: Mapping[str, int]


@dataclass(frozen=True)
class Append:
    """Append `value` to the array column `column` of the row keyed `key`, if there is one."""

    table: str
    key: Mapping[str, Any]
    column: str
    value: Any


@dataclass(frozen=True)
class Delete:
    """Delete the row keyed `key`, if there is one."""

    table: str
    key: Mapping[str, Any]


@dataclass(frozen=True)
class Rate:
    """Rate the players of a finished game (`projections.ratings`): the one change made from
    rows as they stand, since a rating follows from the rating before it. `teams` are the
    sides' players, `places` each side's place (1 = first; ties share a place)."""

    table: str
    key: Mapping[str, Any]
    kind: str
    teams: tuple[tuple[str, ...], ...]
    places: tuple[int, ...]
    finished_at: datetime


def upsert(
    table: str,
    row: msgspec.Struct,
    key: tuple[str, ...],
    leave_out: tuple[str, ...] = (),
    **columns: Any,
) -> Upsert:
    """The upsert writing a read model's row: each field of `row` a column (but those the query
    computes, `leave_out`), with `columns` besides, keyed on the columns named in `key`."""
    values = {name: getattr(row, name) for name in row.__struct_fields__ if name not in leave_out}
    values |= columns
    return Upsert(table, {name: values.pop(name) for name in key}, values)


RowChange = Upsert | Increment | Append | Delete
"""A change written as it stands."""
Change = RowChange | Rate
Changes = tuple[Change, ...]

S = TypeVar("S")


class Projection(Protocol[S]):
    """A read model as a pure fold. `tables` are the tables it writes (a rebuild builds
    them anew beside the live ones); `keeps_state` says whether `evolve` keeps a state per
    game (else it is None)."""

    name: str
    tables: tuple[str, ...]
    keeps_state: bool
    table_events_only: bool
    """Whether the fold reads the table's own events alone (seats, start, finish, ...): the
    games' events, most of the log, are then never decoded for it."""

    def evolve(self, state: S | None, stored: StoredEvent, event: Any) -> S | None:
        """The game's state after `event`, from its state before (None before the first)."""
        ...

    def changes(self, state: S | None, stored: StoredEvent, event: Any) -> Changes:
        """The rows `event` changes, given the game's state right after it."""
        ...


GameState = tuple[int, S | None]
"""A game's version and the projection's state of the game after it."""


def fold(
    projection: Projection[S], states: Mapping[str, GameState[S]], events: Sequence[StoredEvent]
) -> tuple[dict[str, GameState[S]], Changes]:
    """Apply a batch. `states` holds each game's state before its first event in the batch
    (a game missing from it starts from nothing); returns every game's state after its last
    event, and the rows to write, an upsert made useless by a later one left out."""
    after = dict(states)
    changes: list[Change] = []
    for stored, event in decoded(events, table_events_only=projection.table_events_only):
        _, state = after.get(stored.stream_id, (0, None))
        if event is not None:
            state = projection.evolve(state, stored, event)
            changes += projection.changes(state, stored, event)
        after[stored.stream_id] = (stored.version, state)
    return after, compact(changes)


def replay(projection: Projection[S], events: Sequence[StoredEvent]) -> S | None:
    """A game's state after `events` (its events from the first), writing nothing."""
    state: S | None = None
    for stored, event in decoded(events):
        state = projection.evolve(state, stored, event)
    return state


def compact(changes: Sequence[Change]) -> Changes:
    """The same changes without the upserts whose every column a later upsert of the same row
    overwrites, with no other change to that row in between: the rows written are the same."""
    kept: list[Change] = []
    overwritten: dict[tuple[str, tuple[tuple[str, Any], ...]], set[str]] = {}
    for change in reversed(changes):
        row = (change.table, tuple(sorted(change.key.items())))
        if isinstance(change, Upsert):
            later = overwritten.setdefault(row, set())
            if later and later.issuperset(change.values):
                continue
            later.update(change.values)
        else:
            overwritten.pop(row, None)
        kept.append(change)
    return tuple(reversed(kept))

"""Read model: one public summary per game (status, whose turn, the spectator's view).

The summary needs the game's state, so this projection folds each game's events, keeping
recent games in memory and rebuilding any other from the event store.
"""

from collections import OrderedDict
from collections.abc import Sequence
from datetime import datetime

import asyncpg
import msgspec

from commands import codec
from commands.registry import GAMES
from commands.store import StoredEvent
from domain import table
from domain.decider import SPECTATOR
from infra.postgres_store import PostgresEventStore

UPSERT = (
    "INSERT INTO table_summaries VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)"
    " ON CONFLICT (game_id) DO UPDATE SET status = $3, version = $4, seats = $5, to_act = $6,"
    " public_view = $7::jsonb, last_activity = $8"
)


class TableSummaries:
    name: str = "table_summaries"
    tables: tuple[str, ...] = ("table_summaries",)

    def __init__(self, store: PostgresEventStore, cache_size: int = 5_000) -> None:
        self._store = store
        self._cache_size = cache_size
        self._tables: OrderedDict[str, table.Table] = OrderedDict()

    async def apply(self, connection: asyncpg.Connection, events: Sequence[StoredEvent]) -> None:
        touched: dict[str, tuple[str, table.Table, datetime]] = {}
        for stored in events:
            if stored.kind not in GAMES:
                continue
            state = await self._table_at(stored)
            if _ends_command(stored):
                touched[stored.stream_id] = (stored.kind, state, stored.recorded_at)
        for game_id, (kind, state, at) in touched.items():
            await connection.execute(UPSERT, game_id, kind, *_summary(kind, state), at)

    async def _table_at(self, stored: StoredEvent) -> table.Table:
        """The table right after `stored`, from the cache or rebuilt from the store."""
        assert stored.kind is not None
        rules = GAMES[stored.kind]
        decoder = codec.event_decoder(stored.kind)
        state = self._tables.pop(stored.stream_id, None)
        if state is None or state.version != stored.version - 1:
            earlier = await self._store.read_stream(stored.stream_id)
            older = (decoder.decode(row.data) for row in earlier if row.version < stored.version)
            state = table.fold(rules, older)
        state = table.evolve(rules, state, decoder.decode(stored.data))
        self._tables[stored.stream_id] = state
        while len(self._tables) > self._cache_size:
            self._tables.popitem(last=False)
        return state


def _ends_command(stored: StoredEvent) -> bool:
    """Whether the game is between two commands after this event (a summary is taken only
    then: some games' moves are undefined half way through a command)."""
    ends: bool = msgspec.json.decode(stored.metadata).get("ends_command", True)
    return ends


def _summary(kind: str, state: table.Table) -> tuple[object, ...]:
    rules = GAMES[kind]
    seats = range(len(state.seats))
    to_act = [
        seat
        for seat in seats
        if state.status == "playing" and table.legal_moves(rules, state, seat)
    ]
    public = msgspec.json.encode(table.view(rules, state, SPECTATOR)).decode()
    names = [seat.name for seat in state.seats]
    return state.status, state.version, names, to_act, public

"""Takes each game's snapshot off the write path: a read model of the projection runner,
so it follows the log in commit order with a checkpoint, catches up after a stop, and never
slows a command.

When a game has moved `EVERY` versions past its newest snapshot (of this code's schema),
the taker loads the game (from that snapshot and the events after it) and keeps a new
snapshot, in the transaction that saves its checkpoint. The games a batch makes due are
loaded `LOADS_AT_ONCE` at a time and saved in one statement each time: games that started
together cross their thresholds together, and loading them one after another held every
read model of the batch back by the sum of their reads.
"""

import asyncio
from collections import OrderedDict
from collections.abc import Sequence

import asyncpg

from commands.core.games import GameRepository
from commands.log import snapshots
from commands.log.store import EventStore, StoredEvent
from infra.store.postgres_store import save_snapshots

EVERY = 250
"""Versions a game moves between two snapshots: a cold load folds fewer than this many."""
LOADS_AT_ONCE = 8
"""Games loaded at once for their snapshots: each takes a connection of the process's pool
while it reads, and a catch-up may make hundreds due in one batch."""
KNOWN = 20_000
"""Games whose snapshot version the taker keeps in mind (others are asked of Postgres)."""


class SnapshotTaker:
    name = "snapshots"
    tables: tuple[str, ...] = ("snapshots",)

    def __init__(self, store: EventStore) -> None:
        self._games = GameRepository(store, cache_size=100)
        self._taken: OrderedDict[str, int] = OrderedDict()
        """The version of each game's newest snapshot of this code's schema (0: none)."""

    async def apply(self, connection: asyncpg.Connection, events: Sequence[StoredEvent]) -> None:
        latest: dict[str, int] = {}
        for event in events:
            if event.kind is not None:  # a game's: other streams (a tournament's) have none
                latest[event.stream_id] = event.version
        await self._recall(connection, [game for game in latest if game not in self._taken])
        due = [g for g, version in latest.items() if version - self._taken.get(g, 0) >= EVERY]
        for start in range(0, len(due), LOADS_AT_ONCE):
            games = due[start : start + LOADS_AT_ONCE]
            taken = await asyncio.gather(*(self._games.snapshot(game_id) for game_id in games))
            await save_snapshots(connection, list(zip(games, taken, strict=True)))
            for game_id, snapshot in zip(games, taken, strict=True):
                self._remember(game_id, snapshot.version)

    async def _recall(self, connection: asyncpg.Connection, game_ids: list[str]) -> None:
        """Learn the snapshot versions of games the taker has not seen lately."""
        if not game_ids:
            return
        rows = await connection.fetch(
            "SELECT game_id, version, schema FROM snapshots WHERE game_id = ANY($1)", game_ids
        )
        kinds = {row["game_id"]: row for row in rows}
        for game_id in game_ids:
            row = kinds.get(game_id)
            usable = row is not None and _schema_is_current(row["schema"])
            self._remember(game_id, row["version"] if usable and row else 0)

    def _remember(self, game_id: str, version: int) -> None:
        self._taken[game_id] = version
        self._taken.move_to_end(game_id)
        while len(self._taken) > KNOWN:
            self._taken.popitem(last=False)


def _schema_is_current(schema: str) -> bool:
    return schema in snapshots.current_schemas()

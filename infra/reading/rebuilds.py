"""Rebuilding a read model without a gap: built beside the live one, then swapped in at once.

A rebuild folds the whole log into shadow tables made `LIKE` the live ones (columns,
defaults, constraints, indexes) in a schema of their own, `rebuild_<name>`, beside a shadow
`checkpoints`. Each batch is one short transaction with that schema first on its
`search_path`, so the read model's statements, unchanged, write the shadow (and a fold that
reads its own rows, as the ratings do, reads the shadow's) while the live read model goes on
being served and kept up to date. The transactions are kept short on purpose: a long one
holds back the horizon that the relay, every projection and the horizon tests read up to.

Once the shadow has caught up, one short transaction swaps it in: it takes the projection's
lock (the live runner pauses between two batches), applies to the shadow the few events
committed since, takes the live tables' locks, drops the live tables, moves the shadow's in
their place under the same names (indexes renamed as the live ones were) and sets the live
checkpoint to the shadow's.
A reader sees the old read model or the new one, whole: a query arriving during the swap
waits for the table's lock, then reads the new table. The swap waits at most
`SWAP_LOCK_TIMEOUT` for a lock (a long reader holding a table), then gives way to the readers
and tries again, up to `SWAP_TRIES` times; the live read model is untouched until a swap
commits. A second rebuild of the same read model while one runs is refused.
"""

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any

import asyncpg

from commands.log.store import EventStore, Position, StoredEvent
from infra.reading import checkpoints
from infra.reading.catalog import ReadModel

log = logging.getLogger(__name__)
BATCH = 500
"""Events folded into the shadow per transaction."""
SWAP_LOCK_TIMEOUT = 0.5
"""Seconds the swap waits for a lock (Postgres's `lock_timeout`) before it gives way."""
SWAP_TRIES = 20
SWAP_PAUSE = 0.2
"""Seconds between two tries of the swap."""
PROJECTION_LOCK = "SELECT pg_advisory_xact_lock(hashtext('projection:' || $1))"
"""A projection's lock for the transaction: its runners apply batches one at a time under it,
and a swap holds it."""
_REBUILD_LOCK = "hashtext('rebuild:' || $1)"
_INDEXES = r"""
SELECT c.relname AS name,
       regexp_replace(pg_get_indexdef(i.indexrelid), ' INDEX \S+ ON \S+ ', ' INDEX ON ') AS shape
FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
WHERE i.indrelid = format('%I.%I', $1::text, $2::text)::regclass
"""
"""A table's indexes by name and shape (their definition without their own and their table's
name)."""


class RebuildRefused(Exception):
    """Another rebuild of the read model is running."""


async def rebuild(
    pool: asyncpg.Pool,
    store: EventStore,
    projection: ReadModel,
    progress: Callable[[int], Any] | None = None,
) -> Position:
    """Build the read model again from the whole log beside the live one and swap it in;
    returns the position it was built up to."""
    name = projection.name
    async with pool.acquire() as guard:  # a session lock, held outside any transaction
        if not await guard.fetchval(f"SELECT pg_try_advisory_lock({_REBUILD_LOCK})", name):
            raise RebuildRefused(f"a rebuild of {name} is running already")
        try:
            shadow = Shadow(pool, store, projection)
            try:
                await shadow.create()
                await shadow.fill(progress)
                return await shadow.swap()
            finally:
                await shadow.drop()
        finally:
            await guard.execute(f"SELECT pg_advisory_unlock({_REBUILD_LOCK})", name)


class Shadow:
    """A read model's shadow tables and checkpoint, in the schema `rebuild_<name>`."""

    def __init__(self, pool: asyncpg.Pool, store: EventStore, projection: ReadModel) -> None:
        self._pool = pool
        self._store = store
        self._projection = projection
        self.schema = f"rebuild_{projection.name}"
        self.position = Position()
        self._live = "public"

    async def create(self) -> None:
        """Empty shadow tables like the live ones (what a crashed rebuild left is dropped)."""
        async with self._pool.acquire() as connection, connection.transaction():
            self._live = await connection.fetchval("SELECT current_schema()")
            await connection.execute(f"DROP SCHEMA IF EXISTS {self.schema} CASCADE")
            await connection.execute(f"CREATE SCHEMA {self.schema}")
            for table in (*self._projection.tables, "checkpoints"):
                await connection.execute(
                    f"CREATE TABLE {self.schema}.{table} (LIKE {self._live}.{table} INCLUDING ALL)"
                )

    async def fill(self, progress: Callable[[int], Any] | None = None) -> None:
        """Fold every committed event into the shadow, a batch per transaction."""
        while events := await self._store.read_all(self.position, BATCH):
            async with self._pool.acquire() as connection, connection.transaction():
                await self._apply(connection, events)
            self.position = events[-1].position
            if progress:
                progress(len(events))

    async def swap(self) -> Position:
        """Swap the shadow in, trying again while a lock is not granted in time."""
        for _ in range(SWAP_TRIES - 1):
            try:
                return await self._swapped()
            except asyncpg.LockNotAvailableError as error:
                log.warning("rebuild %s: the swap gave way (%s); trying again", self.schema, error)
                await asyncio.sleep(SWAP_PAUSE)
        return await self._swapped()

    async def drop(self) -> None:
        await self._pool.execute(f"DROP SCHEMA IF EXISTS {self.schema} CASCADE")

    async def _swapped(self) -> Position:
        async with self._pool.acquire() as connection, connection.transaction():
            position = await self._swap(connection)
        self.position = position
        return position

    async def _swap(self, connection: asyncpg.Connection) -> Position:
        """Catch the shadow up under the projection's lock, then lock the live tables and
        move the shadow in. The live tables are locked last: a fold may read them on other
        connections (the snapshots' game loads do); and a transaction that has written
        nothing yet, as when no event came since the shadow was filled, waits for them
        without an id, holding back no horizon (else for `lock_timeout` at most)."""
        await connection.execute(f"SET LOCAL lock_timeout = {round(SWAP_LOCK_TIMEOUT * 1000)}")
        await connection.execute(PROJECTION_LOCK, self._projection.name)
        position = self.position
        while events := await self._store.read_all(position, BATCH):
            await self._apply(connection, events)
            position = events[-1].position
        await connection.execute(f"SET LOCAL search_path TO {self._live}")
        live = ", ".join(f"{self._live}.{table}" for table in self._projection.tables)
        await connection.execute(f"LOCK TABLE {live} IN ACCESS EXCLUSIVE MODE")
        for table in self._projection.tables:
            await self._move(connection, table)
        await checkpoints.save(connection, self._projection.name, position)
        return position

    async def _apply(self, connection: asyncpg.Connection, events: Sequence[StoredEvent]) -> None:
        """Apply a batch to the shadow with its checkpoint, in the caller's transaction."""
        await connection.execute(f"SET LOCAL search_path TO {self.schema}, {self._live}")
        await self._projection.apply(connection, events)
        await checkpoints.save(connection, self._projection.name, events[-1].position)

    async def _move(self, connection: asyncpg.Connection, table: str) -> None:
        """Put the shadow table in the live one's place, its indexes named as the live's."""
        live_names = await _indexes(connection, self._live, table)
        await connection.execute(f"DROP TABLE {self._live}.{table}")
        await connection.execute(f"ALTER TABLE {self.schema}.{table} SET SCHEMA {self._live}")
        for shape, name in (await _indexes(connection, self._live, table)).items():
            if (wanted := live_names.get(shape)) and wanted != name:
                await connection.execute(f"ALTER INDEX {self._live}.{name} RENAME TO {wanted}")


async def _indexes(connection: asyncpg.Connection, schema: str, table: str) -> dict[str, str]:
    """A table's index names by their shape."""
    rows = await connection.fetch(_INDEXES, schema, table)
    return {row["shape"]: row["name"] for row in rows}

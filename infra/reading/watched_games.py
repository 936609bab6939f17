"""The games the bot and clock workers watch from their start (`commands.log.store.WatchedGames`),
read from the `watched_games` read model and the log after its checkpoint.

The read model trails the log by the projection's lag, so a game whose events came after its
checkpoint is watched too: the worker then finds at its first look whether the game is its
business (a worker's look at a game that is not ends at once). Every game a worker must
watch is listed, whatever the lag; events after the worker starts reach it on the event bus.
"""

import asyncpg

from infra.reading import checkpoints
from projections.watched import WatchedGames

_WATCHED = """
SELECT game_id FROM watched_games WHERE {column}
UNION
SELECT DISTINCT events.stream_id FROM events JOIN games ON games.game_id = events.stream_id
WHERE (events.tx_id, events.global_position) > ($1::text::xid8, $2::bigint)
"""


class PostgresWatchedGames:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    async def games_with_bots(self) -> list[str]:
        """Every unfinished game that seated a bot, and the games the read model has yet to
        fold."""
        return await self._watched("bots")

    async def games_with_clocks(self) -> list[str]:
        """Every unfinished game whose table took a clock, and the games the read model has
        yet to fold."""
        return await self._watched("clock")

    async def _watched(self, column: str) -> list[str]:
        async with self._pool.acquire() as connection, connection.transaction():
            folded = await checkpoints.load(connection, WatchedGames.name)
            rows = await connection.fetch(
                _WATCHED.format(column=column), str(folded.tx_id), folded.global_position
            )
        return sorted(row[0] for row in rows)

"""The one catalog of the read models a process keeps, by name: the pure projections'
(`projections.catalog`) in Postgres, the games' snapshots (taken the same way, off the write
path), the players' news and the tournaments. The runners, `cardroom rebuild`, the docs'
list and the tests all read it."""

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import asyncpg

from commands.log.store import EventStore, StoredEvent
from infra.reading.player_news import PlayerNewsReadModel
from infra.reading.read_models import PostgresReadModel
from infra.reading.snapshot_taker import SnapshotTaker
from infra.reading.tournaments import TournamentsReadModel
from projections.catalog import read_models
from projections.model import Projection
from projections.player_news import PlayerNews


class ReadModel(Protocol):
    """What a runner runs: `apply` writes a batch on the connection of the transaction
    that saves the checkpoint, naming its `tables` unqualified (a rebuild writes shadow
    tables of the same names, `infra.reading.rebuilds`)."""

    name: str
    tables: tuple[str, ...]

    async def apply(
        self, connection: asyncpg.Connection, events: Sequence[StoredEvent]
    ) -> None: ...


Build = Callable[[EventStore], ReadModel]


def _in_postgres(projection: type[Projection[Any]]) -> Build:
    return lambda store: PostgresReadModel(projection(), store)


READ_MODELS: dict[str, Build] = {
    **{model.name: _in_postgres(type(model)) for model in read_models()},
    SnapshotTaker.name: SnapshotTaker,
    PlayerNews.name: PlayerNewsReadModel,
    TournamentsReadModel.name: TournamentsReadModel,
}
"""Every read model, by name, with how it is built over a store."""
NAMES = tuple(READ_MODELS)


def build_all(store: EventStore) -> dict[str, ReadModel]:
    """Every read model, by name, built over `store`."""
    return {name: build(store) for name, build in READ_MODELS.items()}

"""The read models the service maintains, by name."""

from infra.postgres_store import PostgresEventStore
from projections.lobby import Lobby
from projections.runner import Projection
from projections.scoreboards import Scoreboards
from projections.summaries import TableSummaries


def all_projections(store: PostgresEventStore) -> dict[str, Projection]:
    projections: list[Projection] = [Lobby(), TableSummaries(store), Scoreboards()]
    return {projection.name: projection for projection in projections}

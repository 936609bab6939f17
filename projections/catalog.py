"""The read models the service maintains."""

from typing import Any

from projections.finished import FinishedGames
from projections.lobby import Lobby
from projections.model import Projection
from projections.ratings import Ratings
from projections.sandboxes import Sandboxes
from projections.scoreboards import Scoreboards
from projections.summaries import TableSummaries
from projections.watched import WatchedGames


def read_models() -> tuple[Projection[Any], ...]:
    return (
        Lobby(),
        TableSummaries(),
        Scoreboards(),
        Ratings(),
        WatchedGames(),
        FinishedGames(),
        Sandboxes(),
    )

"""What a projection process tells about each read model it runs, served by its port (or by
`serve` when it runs the projections): how far behind it is now, how long each event took
to reach it, and the events it gave up on."""

import contextlib
from collections.abc import Iterator, Sequence
from datetime import datetime

from prometheus_client import Counter, Gauge, Histogram

from commands.log.store import StoredEvent
from infra.process.metrics import seconds_since

PROJECTION_LAG_SECONDS = Gauge(
    "cardroom_projection_lag_seconds",
    "Age of the oldest event the projection is applying now; 0 while it waits for news.",
    ["projection"],
)
DELAY_BUCKETS_MS = (
    *(1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100, 125, 150),
    *(200, 250, 300, 400, 500, 750, 1000, 1500, 2000, 3000, 5000),
)
PROJECTION_DELAY_SECONDS = Histogram(
    "cardroom_projection_delay_seconds",
    "Time from each event's commit (its recorded_at) to the commit of the read model applying it.",
    ["projection"],
    buckets=tuple(ms / 1000 for ms in DELAY_BUCKETS_MS),
)
DEAD_LETTERS = Counter(
    "cardroom_dead_letters",
    "Events a projection gave up on and put in its dead-letter stream.",
    ["projection"],
)


class Lag:
    """One read model's lag, read at each scrape: a batch that keeps failing (a lock held,
    Postgres away) shows as a lag that grows, not as the last value that was set. Its
    dead letters are shown from the start, at 0."""

    def __init__(self, projection: str) -> None:
        self._projection = projection
        self._since: datetime | None = None
        PROJECTION_LAG_SECONDS.labels(projection).set_function(self.seconds)
        DEAD_LETTERS.labels(projection)

    def seconds(self) -> float:
        return 0.0 if self._since is None else seconds_since(self._since)

    @contextlib.contextmanager
    def behind(self, events: Sequence[StoredEvent]) -> Iterator[None]:
        """The read model is behind by `events` until the block ends, applied or not."""
        self._since = events[0].recorded_at if events else None
        try:
            yield
        finally:
            self._since = None

    def applied(self, events: Sequence[StoredEvent], committed: datetime) -> None:
        """Observe each event's delay to the commit, at `committed`, that applied it."""
        observe = PROJECTION_DELAY_SECONDS.labels(self._projection).observe
        for event in events:
            observe(seconds_since(event.recorded_at, committed))

"""In-process metrics in the Prometheus text format, without a client library.

One module-level registry, `METRICS`, holds every series the service reports.
"""

from bisect import bisect_left
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime


@dataclass
class Counter:
    name: str
    help: str
    label: str = ""
    values: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))

    def inc(self, amount: float = 1.0, label_value: str = "") -> None:
        self.values[label_value] += amount

    def lines(self) -> list[str]:
        rows = self.values.items() or [("", 0.0)]
        return [f"{self.name}{_labels(self.label, value)} {count:g}" for value, count in rows]


@dataclass
class Gauge(Counter):
    def set(self, amount: float, label_value: str = "") -> None:
        self.values[label_value] = amount


@dataclass
class Histogram:
    name: str
    help: str
    buckets: tuple[float, ...]
    counts: list[int] = field(default_factory=list)
    total: float = 0.0
    count: int = 0

    def observe(self, amount: float) -> None:
        if not self.counts:
            self.counts = [0] * len(self.buckets)
        index = bisect_left(self.buckets, amount)
        if index < len(self.counts):
            self.counts[index] += 1
        self.total += amount
        self.count += 1

    def lines(self) -> list[str]:
        counts = self.counts or [0] * len(self.buckets)
        cumulative, lines = 0, []
        for bound, bucket in zip(self.buckets, counts, strict=True):
            cumulative += bucket
            lines.append(f'{self.name}_bucket{{le="{bound:g}"}} {cumulative}')
        lines.append(f'{self.name}_bucket{{le="+Inf"}} {self.count}')
        return [*lines, f"{self.name}_sum {self.total:g}", f"{self.name}_count {self.count}"]


def seconds_since(moment: datetime) -> float:
    """How long ago `moment` was (never negative, whatever the clocks say)."""
    return max((datetime.now(UTC) - moment).total_seconds(), 0.0)


def _labels(label: str, value: str) -> str:
    return f'{{{label}="{value}"}}' if label and value else ""


@dataclass
class Metrics:
    commands_accepted: Counter = field(
        default_factory=lambda: Counter("cardroom_commands_accepted_total", "Commands appended.")
    )
    commands_refused: Counter = field(
        default_factory=lambda: Counter(
            "cardroom_commands_refused_total", "Requests refused, by problem code.", "code"
        )
    )
    bot_commands: Counter = field(
        default_factory=lambda: Counter("cardroom_bot_commands_total", "Commands sent by bots.")
    )
    bot_refusals: Counter = field(
        default_factory=lambda: Counter(
            "cardroom_bot_refusals_total", "Bot commands refused, by problem code.", "code"
        )
    )
    append_seconds: Histogram = field(
        default_factory=lambda: Histogram(
            "cardroom_append_seconds",
            "Time to append a command's events to Postgres.",
            (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0),
        )
    )
    relayed_events: Counter = field(
        default_factory=lambda: Counter("cardroom_relayed_events_total", "Events published.")
    )
    relay_lag_seconds: Gauge = field(
        default_factory=lambda: Gauge(
            "cardroom_relay_lag_seconds", "Age of the last event published to Redis."
        )
    )
    projection_lag_seconds: Gauge = field(
        default_factory=lambda: Gauge(
            "cardroom_projection_lag_seconds",
            "Age of the last event applied, per projection.",
            "projection",
        )
    )
    live_connections: Gauge = field(
        default_factory=lambda: Gauge("cardroom_live_connections", "Open live (SSE) streams.")
    )

    def render(self) -> str:
        lines = []
        for metric in vars(self).values():
            kind = type(metric).__name__.lower()
            lines += [f"# HELP {metric.name} {metric.help}", f"# TYPE {metric.name} {kind}"]
            lines += metric.lines()
        return "\n".join(lines) + "\n"


METRICS = Metrics()

"""What the metrics share. Each metric is defined with prometheus-client in the module that
records it, in the default registry that `/metrics` exposes."""

from datetime import UTC, datetime


def seconds_since(moment: datetime) -> float:
    """How long ago `moment` was (never negative, whatever the clocks say)."""
    return max((datetime.now(UTC) - moment).total_seconds(), 0.0)

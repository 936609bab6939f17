"""Answers about the latest state, kept while callers keep asking about that same state.

A real-time table is asked the same questions many times per change: the legal moves of
every seat, the view for every watcher. States are immutable values, so the answers for
the most recent state object can be kept (by identity) until a new state comes along.
"""

from collections.abc import Callable, Hashable
from typing import TypeVar

S = TypeVar("S")
K = TypeVar("K", bound=Hashable)
R = TypeVar("R")


def latest_state(compute: Callable[[S, K], R]) -> Callable[[S, K], R]:
    """`compute(state, key)`, remembered for the last state it was asked about."""
    kept: list[tuple[object, dict[K, R]]] = [(None, {})]

    def remembered(state: S, key: K) -> R:
        kept_state, answers = kept[0]
        if kept_state is not state:
            answers = {}
            kept[0] = (state, answers)
        if key not in answers:
            answers[key] = compute(state, key)
        return answers[key]

    return remembered

"""Where the search bot thinks: in a pool of processes, off the event loop.

A thinking bot holds a core for its whole budget; in the bot worker's event loop that would
delay every other game's bot and clock, and in an API process every answer. So the worker
sends the game's state to `think` in a process of its pool (`Thinkers`) and awaits the move.
Only the state, the seat's moves, the chance and the budget cross over, all plain values, and
the child finds the game's rules by kind in its own registry. Hints (every legal move ranked
by the search's estimate, `domain.search.rank`) are thought about the same way, in a pool an
API process starts on the first hint asked for (`LazyThinkers`).
"""

import asyncio
import multiprocessing
import os
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from prometheus_client import Histogram

from commands.log.registry import game_rules
from domain.chance import Chance
from domain.search import Budget, Estimate, rank, search

THINK_SECONDS = Histogram(
    "cardroom_bot_think_seconds",
    "Seconds a search bot thought about a move, in its process.",
    buckets=(0.05, 0.1, 0.2, 0.24, 0.3, 0.5, 1.0, 2.0, 5.0, 10.0),
)


NICENESS = 10
"""Thinking is background work: on a busy core, answers to people come first."""


def thinkers(processes: int) -> ProcessPoolExecutor:
    """A pool of `processes` fresh processes (spawned: nothing of the parent's event loop
    or connections is copied into them), each at a lower priority than the service."""
    spawn = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(processes, spawn, initializer=os.nice, initargs=(NICENESS,))
    for _ in range(processes):
        pool.submit(_ready)
    return pool


@dataclass(frozen=True, slots=True)
class Position:
    """What a search bot thinks about: one seat's moves at one version of one game."""

    kind: str
    state: Any
    seats: int
    seat: int
    moves: tuple[Any, ...]
    chance: Chance
    budget: Budget


def think(position: Position) -> tuple[Any, float]:
    """The search bot's move, within its budget by this process's clock, and the seconds
    it took."""
    at, started = position, time.monotonic()
    rules = game_rules(at.kind)
    move = search(
        rules, at.state, at.seats, at.seat, at.moves, at.chance, at.budget, time.monotonic
    )
    return move, time.monotonic() - started


def ranked(position: Position) -> tuple[tuple[Estimate, ...], float]:
    """Every one of the seat's moves with the search's estimate, best first, within the
    budget by this process's clock, and the seconds it took."""
    at, started = position, time.monotonic()
    rules = game_rules(at.kind)
    estimates = rank(
        rules, at.state, at.seats, at.seat, at.moves, at.chance, at.budget, time.monotonic
    )
    return estimates, time.monotonic() - started


async def rank_apart(pool: Executor | None, position: Position) -> tuple[Estimate, ...]:
    """`ranked` in a process of `pool` (None: a thread of the loop's, as tests do)."""
    loop = asyncio.get_running_loop()
    estimates, _ = await loop.run_in_executor(pool, ranked, position)
    return estimates


class LazyThinkers:
    """A pool of thinking processes started when first needed (most API processes are
    never asked for a hint), and shut down with the process."""

    def __init__(self, processes: int) -> None:
        self._processes = processes
        self._pool: ProcessPoolExecutor | None = None

    def pool(self) -> Executor:
        if self._pool is None:
            self._pool = thinkers(self._processes)
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


def _ready() -> None:
    """Nothing: a first task, so that each process has started (and imported every game)
    before a bot waits on it."""


async def think_apart(pool: Executor | None, position: Position) -> Any:
    """`think` in a process of `pool` (None: a thread of the loop's, as tests do); the
    thinking time is observed, the wait for a free process is not."""
    move, seconds = await asyncio.get_running_loop().run_in_executor(pool, think, position)
    THINK_SECONDS.observe(seconds)
    return move

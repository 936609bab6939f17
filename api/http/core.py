"""The parts of the process a route needs, as typed dependencies injected by name: the
command handler (`handler`), challenges (`challenges`), tournaments (`tournaments`), quick
play (`quickplay`), the Postgres pool the read models are queried through (`pool`) and the
datasets' files (`datasets`), all from the process's `infra.roles.parts.Parts`, which the
composition root keeps in the app's state."""

from typing import Any

import asyncpg
from litestar.datastructures import State
from litestar.di import NamedDependency, Provide

from commands.core.challenges import Challenges
from commands.core.handler import CommandHandler
from commands.core.tournaments import Tournaments
from infra.reading.dataset_files import Datasets
from infra.roles.parts import Parts
from infra.store.quickplay import QuickPlay

HandlerDependency = NamedDependency[CommandHandler]
ChallengesDependency = NamedDependency[Challenges]
TournamentsDependency = NamedDependency[Tournaments]
QuickPlayDependency = NamedDependency[QuickPlay]
PoolDependency = NamedDependency[asyncpg.Pool]
DatasetsDependency = NamedDependency[Datasets]


def parts_of(state: State) -> Parts:
    parts: Parts = state.parts
    return parts


def _handler(state: State) -> CommandHandler:
    return parts_of(state).core.handler


def _challenges(state: State) -> Challenges:
    return parts_of(state).core.challenges


def _tournaments(state: State) -> Tournaments:
    return parts_of(state).core.tournaments


def _quickplay(state: State) -> QuickPlay:
    return parts_of(state).quickplay


def _pool(state: State) -> Any:
    return parts_of(state).pool


def _datasets(state: State) -> Datasets:
    return parts_of(state).datasets


CORE = {
    "handler": Provide(_handler, sync_to_thread=False),
    "challenges": Provide(_challenges, sync_to_thread=False),
    "tournaments": Provide(_tournaments, sync_to_thread=False),
    "quickplay": Provide(_quickplay, sync_to_thread=False),
    "pool": Provide(_pool, sync_to_thread=False),
    "datasets": Provide(_datasets, sync_to_thread=False),
}
"""The app's dependencies: every route may name any of them."""

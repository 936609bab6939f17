"""A whole game played by strategies, in the domain alone: no service, no clock, no I/O.

Used to measure strategies against each other. Every choice is seeded: the game's secret
comes from `seed`, each bot draws from `bot_chance`, and when several seats may act at once
(a real-time game) the seat that acts next is drawn at random among them, so every seat
gets the same speed. Matches stand above the table they play at, as the table itself takes
the `random` bot (`domain.bots`) for a seat out of time.
"""

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from domain import table as tables
from domain.bots import bot_chance
from domain.chance import Chance
from domain.decider import AnyRules, Standing, Strategy
from domain.search import Searcher

START = datetime(2026, 3, 21, 12, 0, tzinfo=UTC)
MAX_COMMANDS = 100_000


Player = Strategy[Any, Any] | Searcher
"""A seat's bot: a strategy, which sees the seat's view, or the search bot."""


def play_match(
    rules: AnyRules,
    strategies: Sequence[Player],
    seed: int,
    options: dict[str, Any] | None = None,
) -> tuple[Standing, ...]:
    """The standings once `strategies[seat]` has played every seat to the end."""
    secret = seed.to_bytes(8, "big")
    table = tables.AnyTable()
    table = _apply(rules, table, None, tables.CreateTable(rules.kind, options or {}), secret)
    for seat in range(len(strategies)):
        command = tables.TakeSeat(f"bot {seat}", entropy=f"{seed}-{seat}")
        table = _apply(rules, table, None, command, secret)
    table = _apply(rules, table, 0, tables.StartGame(), secret)
    scheduler = Chance(secret, "scheduler")
    for _ in range(MAX_COMMANDS):
        movers = [seat for seat in range(len(strategies)) if _moves(rules, table, seat)]
        if not movers:
            return table.standings
        seat = scheduler.choice(movers)
        chance = bot_chance(str(seed), seat, table.version)
        move = _choose(rules, table, strategies[seat], seat, chance)
        table = _apply(rules, table, seat, move, secret)
    raise RuntimeError(f"{rules.kind} seed {seed}: no end after {MAX_COMMANDS} commands")


def _choose(
    rules: AnyRules, table: tables.AnyTable, player: Player, seat: int, chance: Chance
) -> Any:
    moves = _moves(rules, table, seat)
    if isinstance(player, Searcher):
        return player.choose(rules, table.game, len(table.seats), seat, moves, chance)
    return player(rules.view(table.game, seat), moves, chance)


def _moves(rules: AnyRules, table: tables.AnyTable, seat: int) -> tuple[Any, ...]:
    return tables.legal_moves(rules, table, seat) if table.status == "playing" else ()


def _apply(
    rules: AnyRules, table: tables.AnyTable, seat: int | None, command: Any, secret: bytes
) -> tables.AnyTable:
    ctx = tables.decision_context(table, seat, START, secret)
    events = tables.decide(rules, table, command, ctx)
    return tables.fold(rules, events, table)

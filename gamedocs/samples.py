"""Real examples for the game documentation: seeded games played in the domain alone.

A sample game is played by random players through `domain.table`, exactly as the service
would decide and fold it, so every example it yields is a move the game really offered, a
view a seat really saw and an event the game really recorded. Everything is seeded, so the
same code gives the same samples.
"""

from collections.abc import Iterator, Set
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

import msgspec

from commands.log.codec import tag_of
from domain import table as tables
from domain.bots import bot_chance, random_move
from domain.chance import Chance
from domain.decider import SPECTATOR, AnyRules

START = datetime(2026, 3, 21, 12, 0, tzinfo=UTC)
MAX_COMMANDS = 20_000
SEEDS = range(1, 9)
"""Games are played with these seeds, one after another, until every command and event
was met."""

Reach = Literal["full", "removed", "changed", "replaced"]


@dataclass(frozen=True, slots=True)
class Redaction:
    """What one viewer received of one event: in full, nothing, the event with fields
    changed, or another Struct in its place."""

    reach: Reach
    changed: tuple[str, ...] = ()
    replacement: type[msgspec.Struct] | None = None


@dataclass(slots=True)
class Samples:
    """What the seeded games of one kind showed."""

    seats: int
    moves: dict[str, msgspec.Struct] = field(default_factory=dict)
    """The first legal move met of each command tag."""
    events: dict[str, list[msgspec.Struct]] = field(default_factory=dict)
    """Every game event recorded, by tag."""
    viewer: int = 0
    view: msgspec.Struct | None = None
    """The game's view of `viewer`, the seat to move halfway through the first game."""


def sample_seats(rules: AnyRules) -> int:
    """How many seats the sample games take: three where the defaults allow it."""
    low, high = rules.seat_range(rules.Options())
    return max(low, min(high, 3))


def play_samples(rules: AnyRules, commands: Set[str], events: Set[str]) -> Samples:
    """Play seeded games until a legal move of every command tag and an event of every
    event tag was met, or the seeds run out."""
    samples = Samples(sample_seats(rules))
    for seed in SEEDS:
        steps = list(_play(rules, samples, seed))
        if samples.view is None and steps:
            samples.viewer, middle = steps[len(steps) // 2]
            samples.view = rules.view(middle.game, samples.viewer)
        if commands <= samples.moves.keys() and events <= samples.events.keys():
            break
    return samples


def redactions(rules: AnyRules, event: msgspec.Struct, seats: int) -> dict[int, Redaction]:
    """What each seat and the spectator receive of one event while the game is live."""
    return {viewer: _redaction(rules, event, viewer) for viewer in (*range(seats), SPECTATOR)}


def _redaction(rules: AnyRules, event: msgspec.Struct, viewer: int) -> Redaction:
    shown = rules.redact(event, viewer)
    if shown is None:
        return Redaction("removed")
    if shown == event:
        return Redaction("full")
    if type(shown) is not type(event):
        return Redaction("replaced", replacement=type(shown))
    before, after = msgspec.to_builtins(event), msgspec.to_builtins(shown)
    changed = tuple(name for name in before if before[name] != after.get(name))
    return Redaction("changed", changed)


def _play(rules: AnyRules, samples: Samples, seed: int) -> Iterator[tuple[int, tables.AnyTable]]:
    """Play one game, recording moves and events; yield (mover, table before the move)."""
    secret = seed.to_bytes(8, "big")
    table = _open_table(rules, samples, seed, secret)
    scheduler = Chance(secret, "scheduler")
    for _ in range(MAX_COMMANDS):
        offered = {seat: _moves(rules, table, seat) for seat in range(samples.seats)}
        _remember_moves(samples, offered)
        movers = [seat for seat, moves in offered.items() if moves]
        if not movers:
            return
        seat = scheduler.choice(movers)
        yield seat, table
        move = random_move(None, offered[seat], bot_chance(str(seed), seat, table.version))
        table = _apply(rules, samples, table, seat, move, secret)


def _open_table(rules: AnyRules, samples: Samples, seed: int, secret: bytes) -> tables.AnyTable:
    table = _apply(rules, None, tables.AnyTable(), None, tables.CreateTable(rules.kind), secret)
    for seat in range(samples.seats):
        command = tables.TakeSeat(f"player {seat}", entropy=f"{seed}-{seat}")
        table = _apply(rules, None, table, None, command, secret)
    return _apply(rules, samples, table, 0, tables.StartGame(), secret)


def _moves(rules: AnyRules, table: tables.AnyTable, seat: int) -> tuple[Any, ...]:
    return tables.legal_moves(rules, table, seat) if table.status == "playing" else ()


def _remember_moves(samples: Samples, offered: dict[int, tuple[Any, ...]]) -> None:
    for moves in offered.values():
        for move in moves:
            samples.moves.setdefault(tag_of(move), move)


def _apply(
    rules: AnyRules,
    samples: Samples | None,
    table: tables.AnyTable,
    seat: int | None,
    command: Any,
    secret: bytes,
) -> tables.AnyTable:
    ctx = tables.decision_context(table, seat, START, secret)
    events = tables.decide(rules, table, command, ctx)
    if samples is not None:
        for event in events:
            if not isinstance(event, tables.TABLE_EVENTS):
                samples.events.setdefault(tag_of(event), []).append(event)
    return tables.fold(rules, events, table)

"""Seeded random playouts of any game through `legal_moves` only, checking invariants.

Used by the all-games contract suite; a game under construction can run it on its own
rules value. Cards must be values of `rules.Card` (msgspec Structs, unique within a game)
wherever they appear in views and events, so the leak check can find them.
"""

import functools
import random
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

import msgspec

from domain import table as tables
from domain.chance import Chance
from domain.decider import SPECTATOR, Context, GameRules, Strategy
from domain.errors import DomainError

NOW = datetime(2026, 3, 21, 12, 0, tzinfo=UTC)
MAX_STEPS = 20_000


def context(table: tables.Table, seat: int | None, secret: bytes) -> Context:
    return tables.decision_context(table, seat, NOW, secret)


class Playout:
    """One table driven by a seeded random player for every seat."""

    def __init__(
        self,
        rules: GameRules,
        seats: int,
        seed: int,
        options: dict[str, Any] | None = None,
        players: dict[int, Strategy] | None = None,
        handles: Sequence[str | None] = (),
    ):
        """`players` maps seats to bot strategies; the other seats play uniformly at random.
        `handles` are the registered players taking the first seats (None: a casual seat)."""
        self.rules = rules
        self.players = players or {}
        self.random = random.Random(seed)
        self.secret = seed.to_bytes(8, "big")
        self.table = tables.Table()
        self.events: list[Any] = []
        self.decisions: list[tuple[Any, ...]] = []
        self.apply(None, tables.CreateTable(rules.kind, options or {}))
        for seat in range(seats):
            handle = handles[seat] if seat < len(handles) else None
            name = handle or f"player {seat}"
            self.apply(None, tables.TakeSeat(name, entropy=f"e{seed}-{seat}", player=handle))
        self.before_start = self.table
        self.opening = self.apply(0, tables.StartGame())

    def decide(self, seat: int | None, command: Any) -> tuple[Any, ...]:
        ctx = context(self.table, seat, self.secret)
        return tables.decide(self.rules, self.table, command, ctx)

    def apply(self, seat: int | None, command: Any) -> tuple[Any, ...]:
        events = self.decide(seat, command)
        self.table = tables.fold(self.rules, events, self.table)
        self.events.extend(events)
        self.decisions.append(events)
        return events

    def movers(self) -> list[int]:
        seats = range(len(self.table.seats))
        return [seat for seat in seats if tables.legal_moves(self.rules, self.table, seat)]

    def step(self) -> tuple[int, Any, tuple[Any, ...]] | None:
        """Play one random legal move; None once nobody can move."""
        movers = self.movers()
        if not movers:
            return None
        seat = self.random.choice(movers)
        moves = tables.legal_moves(self.rules, self.table, seat)
        move = self.choose(seat, moves)
        return seat, move, self.apply(seat, move)

    def choose(self, seat: int, moves: tuple[Any, ...]) -> Any:
        player = self.players.get(seat)
        if player is None or self.table.status != "playing":
            return self.random.choice(moves)
        chance = Chance(self.secret, f"bot:{seat}:{self.table.version}")
        return player(self.rules.view(self.table.game, seat), moves, chance)


_FLAT_OBJECT = re.compile(rb"\{[^{}]*\}")


def cards_in(value: Any, card_type: type) -> list[Any]:
    """Every card inside a view or event, as the viewer would receive it: each flat object of
    its JSON that decodes as a card (cards are flat Structs, so none is missed)."""
    decoder = _decoder(card_type)
    cards = []
    for candidate in _FLAT_OBJECT.findall(msgspec.json.encode(value)):
        try:
            cards.append(decoder.decode(candidate))
        except msgspec.ValidationError:
            continue
    return cards


@functools.cache
def _decoder(card_type: type) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(card_type)


def viewers(table: tables.Table) -> list[int]:
    return [*range(len(table.seats)), SPECTATOR]


def leaks(rules: GameRules, before: tables.Table, events: tuple[Any, ...]) -> list[str]:
    """Hidden cards shown to a viewer by a redacted event or by the view after it.

    Each event is checked against the state right after it, so a card played face up and
    later dealt face down in the same decision is not mistaken for a leak.
    """
    found, table = [], before
    for event in events:
        table = tables.evolve(rules, table, event)
        if table.status == "playing":
            found += _shown_hidden(rules, table, functools.partial(tables.redact, rules, event))
    if table.status == "playing":
        found += _shown_hidden(rules, table, lambda viewer: rules.view(table.game, viewer))
    return found


def _shown_hidden(rules: GameRules, table: tables.Table, seen_by: Any) -> list[str]:
    """Hidden cards among the cards each viewer receives."""
    found = []
    for viewer in viewers(table):
        shown = cards_in(seen_by(viewer), rules.Card)
        if shown:
            hidden = rules.hidden(table.game, viewer)
            found += [f"viewer {viewer} sees {card}" for card in shown if card in hidden]
    return found


def card_count(rules: GameRules, table: tables.Table) -> dict[Any, int]:
    return dict(Counter(rules.all_cards(table.game)))


def roundtrip(rules: GameRules, events: list[Any]) -> list[Any]:
    decoder = msgspec.json.Decoder(tables.event_type(rules))
    return [decoder.decode(msgspec.json.encode(event)) for event in events]


class MovePool:
    """Every (seat, command) ever offered, in the order first seen."""

    def __init__(self) -> None:
        self.seen: set[tuple[int, Any]] = set()
        self.moves: list[tuple[int, Any]] = []

    def add(self, seat: int, moves: Iterable[Any]) -> None:
        for move in moves:
            if (seat, move) not in self.seen:
                self.seen.add((seat, move))
                self.moves.append((seat, move))


def illegal_samples(
    playout: Playout, pool: MovePool, count: int, tries: int = 20
) -> list[tuple[int, Any]]:
    """Up to `count` commands once offered that are not legal for that seat now."""
    rules, table = playout.rules, playout.table
    legal = {seat: set(tables.legal_moves(rules, table, seat)) for seat in range(len(table.seats))}
    found: list[tuple[int, Any]] = []
    for _ in range(tries if pool.moves else 0):
        seat, move = playout.random.choice(pool.moves)
        if move not in legal[seat] and (seat, move) not in found:
            found.append((seat, move))
        if len(found) == count:
            break
    return found


def refused(playout: Playout, seat: int, command: Any) -> bool:
    try:
        playout.decide(seat, command)
    except DomainError:
        return True
    return False

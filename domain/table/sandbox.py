"""Sandboxes: tables forked from a finished game at one of its versions, to study it.

A sandbox opens with `table.forked` (decided by `domain.table.forking`): the game's state
at that version, every seat played by the one who forked it. That one holds a single token,
`EVERY_SEAT`, that acts for any seat: a move is made for the seat whose legal moves hold it
(`acting_seat`), and the table is seen as the seat to move (`shown_seat`), or as any seat
the caller names. They may hand seats to bots (`hand_seats`) and take them back. A sandbox
counts nowhere: its `table.game_finished` says `sandbox: true`, and no seat is any player's.
"""

from datetime import timedelta
from typing import Any, Final

import msgspec

from domain.decider import EVERY_SEAT, AnyRules, Context, phases
from domain.errors import require
from domain.table.clock import acting_seats
from domain.table.refusals import Refused
from domain.table.vocabulary import (
    AnyTable,
    HandSeats,
    Seat,
    SeatsHanded,
    Table,
    TableEvent,
    TableForked,
)

IDLE: Final = timedelta(days=7)
"""How long a sandbox waits for its next move: one idle longer has expired, refuses moves
(`sandbox_expired`) and is listed no more (docs/study.md)."""


def forked(rules: AnyRules, event: TableForked) -> AnyTable:
    """The table `table.forked` opens: playing, at version 1, with the state it carries."""
    assert event.game is not None, "a sandbox's log is folded as it is stored, whole"
    options = msgspec.convert(event.options, rules.Options)
    game: Any = msgspec.convert(event.game, phases(rules)[event.phase])
    return Table(
        kind=event.kind,
        options=options,
        commitment=event.commitment,
        status="playing",
        seats=event.seats,
        game=game,
        version=1,
        budgets=(None,) * len(event.seats),
        sandbox=event.sandbox,
    )


def hand_seats(rules: AnyRules, table: AnyTable, command: HandSeats, ctx: Context) -> TableEvent:
    """Who plays each seat of a sandbox from now on, asked by the one who forked it."""
    require(table.sandbox is not None, Refused("not_a_sandbox", "only a sandbox hands seats"))
    require(table.status == "playing", Refused("game_over", "the game is over"))
    every = ctx.seat == EVERY_SEAT
    require(every, Refused("not_every_seat", "only the token of every seat hands seats"))
    seats = len(table.seats)
    fits = len(command.bots) == seats
    require(fits, Refused("wrong_seats", f"name the player of each of the {seats} seats"))
    return SeatsHanded(command.bots)


def handed(table: AnyTable, event: SeatsHanded) -> AnyTable:
    """The sandbox with each seat's bot as handed."""
    seats = tuple(
        msgspec.structs.replace(seat, bot=bot)
        for seat, bot in zip(table.seats, event.bots, strict=True)
    )
    return msgspec.structs.replace(table, seats=seats)


def acting_seat(rules: AnyRules, table: AnyTable, seat: int, command: Any) -> int:
    """The seat a command of `seat` acts for: itself, unless it is `EVERY_SEAT` sending a
    move of the game, which is made for the first seat no bot plays whose legal moves hold
    it (else for the seat to move, whose game then says why it is refused)."""
    if seat != EVERY_SEAT or isinstance(command, HandSeats) or table.game is None:
        return seat
    for each in _people_first(table, acting_seats(rules, table)):
        if command in rules.legal_moves(table.game, each):
            return each
    return shown_seat(rules, table)


def shown_seat(rules: AnyRules, table: AnyTable) -> int:
    """The seat `EVERY_SEAT` sees the table as: the first to move that no bot plays, else
    the first to move, else the first seat."""
    return next(iter(_people_first(table, acting_seats(rules, table))), 0)


def _people_first(table: AnyTable, seats: frozenset[int]) -> list[int]:
    return sorted(seats, key=lambda seat: (table.seats[seat].bot is not None, seat))


def redacted(event: TableForked) -> TableForked:
    """`table.forked` as a viewer gets it while the sandbox is played: without the state,
    which holds the cards no seat sees in the order they will come."""
    return msgspec.structs.replace(event, game=None)


def seats_of(table: AnyTable) -> tuple[Seat, ...]:
    """A forked game's seats: their names, played by the one who forks it."""
    return tuple(Seat(seat.name) for seat in table.seats)

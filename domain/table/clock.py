"""The table's side of the clock: which seats must act, the warning of a seat that ran out of
time, the claim once its grace is over, and an absent seat's return. The clock itself
(deadlines, grace, restarts, absence) is `domain.clocks`; here a seat out of time is warned,
then has its move made for it by the `random` bot.
"""

import dataclasses
from datetime import datetime, timedelta

from domain import clocks
from domain.bots import random_move
from domain.decider import AnyRules, CommandT, Context, EventT, OptionsT, Rules, StateT
from domain.errors import require
from domain.table.ending import Ending, Plan
from domain.table.refusals import Refused
from domain.table.seating import require_seated
from domain.table.vocabulary import AnyTable, Table, TableEvent, game_of


def claim_timeout(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    command: clocks.ClaimTimeout,
    ctx: Context,
) -> Plan:
    """The seat's move made for it by the `random` bot, once its time has run out and, at a
    table with a grace, the grace it was warned of is over."""
    timed = _running_clock(table)
    seat, game = command.seat, game_of(table)
    acting = acting_seats(rules, table)
    _require_out_of_time(timed, acting, seat, ctx)
    if clocks.grace(timed):
        until = clocks.warned_until(timed, seat)
        require(until is not None, Refused("not_warned", f"seat {seat} was not warned yet"))
        assert until is not None
        in_grace = Refused("in_grace", f"seat {seat} may still move until {until}")
        require(ctx.now >= datetime.fromisoformat(until), in_grace)
    count = timed.timeouts[seat] + 1
    absent = count >= clocks.ABSENT_AFTER and seat not in timed.absent
    marked = (clocks.SeatMarkedAbsent(seat),) if absent else ()
    moves = rules.legal_moves(game, seat)
    move = random_move(rules.view(game, seat), moves, ctx.chance)
    events = rules.decide(game, move, dataclasses.replace(ctx, seat=seat))
    restart = clocks.restarted(timed, ctx.now, acting, seat, {seat: count})
    timed_out = clocks.SeatTimedOut(seat, ctx.now.isoformat())
    return (timed_out, *marked, *events), Ending(restart)


def warn_seat(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    command: clocks.WarnSeat,
    ctx: Context,
) -> tuple[TableEvent, ...]:
    """The seat out of time told that its move is made for it once its grace is over."""
    timed = _running_clock(table)
    seat = command.seat
    _require_out_of_time(timed, acting_seats(rules, table), seat, ctx)
    require(clocks.grace(timed) > 0, Refused("no_clock", "this table's clock has no grace"))
    warned = clocks.warned_until(timed, seat)
    require(warned is None, Refused("warned", f"seat {seat} was warned: it has until {warned}"))
    until = ctx.now + timedelta(seconds=clocks.grace(timed))
    return (clocks.SeatWarned(seat, until.isoformat()),)


def return_to_table(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    ctx: Context,
) -> tuple[TableEvent, ...]:
    """An absent seat back at the table, its count of timeouts in a row reset."""
    timed = _running_clock(table)
    require_seated(table, ctx)
    assert ctx.seat is not None
    require(
        ctx.seat in timed.absent, Refused("not_absent", "only an absent seat returns to the table")
    )
    restart = clocks.restarted(timed, ctx.now, acting_seats(rules, table), None, {ctx.seat: 0})
    return (clocks.SeatMarkedPresent(ctx.seat), restart)


def acting_seats(rules: AnyRules, table: AnyTable) -> frozenset[int]:
    """The seats with a move of the game to make."""
    if table.status != "playing" or table.game is None:
        return frozenset()
    seats = range(len(table.seats))
    return frozenset(seat for seat in seats if rules.legal_moves(table.game, seat))


def _require_out_of_time(
    timed: clocks.Clock, acting: frozenset[int], seat: int, ctx: Context
) -> None:
    require(seat in acting, Refused("not_to_act", f"seat {seat} has no move to make"))
    due = clocks.deadline(timed, seat)
    require(
        ctx.now >= due, Refused("not_timed_out", f"seat {seat} has time until {due.isoformat()}")
    )


def _running_clock(table: AnyTable) -> clocks.Clock:
    require(table.status != "finished", Refused("game_over", "the game is over"))
    require(table.status == "playing", Refused("not_started", "the game has not started yet"))
    require(table.clock is not None, Refused("no_clock", "this table has no clock"))
    assert table.clock is not None
    return table.clock

"""Starting a table, and calling it off: a seated player's `start_game`, the seat that fills
a table that starts when full (`domain.table.setup`), the host's `cancel_table` before the
start, or the table clock's `expire_table` once nobody started it for a while."""

from domain import clocks
from domain.chance import effective_seed
from domain.decider import CommandT, Context, EventT, OptionsT, Rules, StateT
from domain.errors import require
from domain.table.ending import Ending, Plan
from domain.table.refusals import Refused
from domain.table.seating import require_host, require_seated, take_seat
from domain.table.setup import HOST, size
from domain.table.vocabulary import (
    AnyTable,
    ExpireTable,
    GameStarted,
    Table,
    TableCancelled,
    TableEvent,
    TableExpired,
    TakeSeat,
    options_of,
)


def seat(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    command: TakeSeat,
    ctx: Context,
) -> Plan:
    """The seat taken; at a table that starts when full, the seat that fills it starts the
    game too, decided as a start sent right after the seat would be (the same chance)."""
    seated = take_seat(rules, table, command)
    seats = len(table.seats) + 1
    if not table.setup.start_when_full or seats < size(
        table.setup, rules.seat_range(options_of(table))
    ):
        return seated, None
    entropies = (*table.entropies, command.entropy)
    chance = type(ctx.chance)(effective_seed(ctx.seed, entropies), table.version + 1)
    started, ending = opening(rules, table, seats, Context(None, ctx.now, chance, ctx.seed))
    return (*seated, *started), ending


def start(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    ctx: Context,
) -> Plan:
    """The game started by a seated player's `start_game`."""
    closed = table.status in ("cancelled", "expired")
    require(not closed, Refused("table_not_open", f"the table was {table.status}"))
    require(table.status == "open", Refused("already_started", "the game has already started"))
    require_seated(table, ctx)
    return opening(rules, table, len(table.seats), ctx)


def opening(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    seats: int,
    ctx: Context,
) -> Plan:
    """The game started with `seats` seats, and its opening events."""
    low, _ = rules.seat_range(options_of(table))
    require(seats >= low, Refused("not_enough_seats", f"at least {low} seats must be taken"))
    started = GameStarted(seats, ctx.now.isoformat())
    game = rules.initial_state(options_of(table), started.seats)
    opening = rules.start(game, ctx)
    if table.clock is None:
        return (started, *opening), Ending()
    timed = clocks.started(table.clock.options, started.seats)
    return (started, *opening), Ending(clocks.restarted(timed, ctx.now, (), None, {}))


def cancel(table: AnyTable, ctx: Context) -> tuple[TableEvent, ...]:
    """The table called off by its host before the start."""
    waiting = table.status == "open"
    require(
        waiting, Refused("table_not_open", "only a table waiting for its start can be cancelled")
    )
    require_host(table, ctx)
    return (TableCancelled(HOST),)


def expire(table: AnyTable, command: ExpireTable, ctx: Context) -> tuple[TableEvent, ...]:
    """The table closed by the table clock: it waited for its start `idle_seconds` with
    nothing done at it (the clock judges the idle time from the read side; the table only
    holds that it is still waiting)."""
    waiting = table.status == "open"
    require(waiting, Refused("table_not_open", "only a table waiting for its start expires"))
    return (TableExpired(command.idle_seconds, ctx.now.isoformat()),)

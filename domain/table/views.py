"""What leaves the table for one viewer: the view (with the legal moves, the only way a state
leaves the server) and each event redacted for the viewer."""

import msgspec

from domain import clocks
from domain.decider import EVERY_SEAT, REFEREE, CommandT, EventT, OptionsT, Rules, StateT
from domain.table.clock import acting_seats
from domain.table.sandbox import redacted, shown_seat
from domain.table.vocabulary import (
    TABLE_EVENTS,
    StartGame,
    Table,
    TableEvent,
    TableForked,
    TableView,
    game_of,
    options_of,
)


def legal_moves(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    seat: int,
) -> tuple[StartGame | clocks.ReturnToTable | CommandT, ...]:
    """Every command `seat` may send now, table commands included."""
    if not 0 <= seat < len(table.seats):
        return ()
    if table.status == "open":
        low, _ = rules.seat_range(options_of(table))
        return (StartGame(),) if len(table.seats) >= low else ()
    if table.status == "playing":
        back = (clocks.ReturnToTable(),) if table.clock and seat in table.clock.absent else ()
        return (*back, *rules.legal_moves(game_of(table), seat))
    return ()


def view(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    viewer: int,
    between_commands: bool = True,
) -> TableView:
    """The table as `viewer` may see it; once finished, every hand is open to all. In the
    middle of a command (a replay may stop there) nobody may act, so there are no moves.
    `EVERY_SEAT` sees a sandbox as the seat to move (`domain.table.sandbox.shown_seat`)."""
    every_seat = viewer == EVERY_SEAT and table.sandbox is not None
    if every_seat:
        viewer = shown_seat(rules, table)
    game_viewer = REFEREE if table.status == "finished" else viewer
    moves = _offered(rules, table, viewer, between_commands)
    return TableView(
        kind=table.kind,
        status=table.status,
        version=table.version,
        options=table.options,
        seats=table.seats,
        commitment=table.commitment,
        you=viewer if 0 <= viewer < len(table.seats) else None,
        game=None if table.game is None else rules.view(table.game, game_viewer),
        legal_moves=moves,
        standings=table.standings,
        seed=table.seed,
        clock=None if table.clock is None else clocks.view(table.clock, acting_seats(rules, table)),
        rematch=table.rematch,
        setup=table.setup,
        rematch_of=table.rematch_of,
        sandbox=table.sandbox,
        every_seat=every_seat,
    )


def _offered(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    viewer: int,
    between_commands: bool,
) -> tuple[StartGame | clocks.ReturnToTable | CommandT, ...]:
    if not between_commands:
        return ()
    return legal_moves(rules, table, viewer)


def redact(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    event: TableEvent | EventT,
    viewer: int,
) -> msgspec.Struct | None:
    """An event as `viewer` may see it, or None when it shows them nothing."""
    if isinstance(event, TableForked):
        return redacted(event)
    if isinstance(event, TABLE_EVENTS):
        return event
    return rules.redact(event, viewer)

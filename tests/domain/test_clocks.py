"""Clocks at any table with turns: options, deadlines from the log, timeouts and absence.
Every decision is given its `now`, so nothing here waits."""

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from commands.log.registry import GAMES
from domain import clocks
from domain import table as tables
from domain.decider import SPECTATOR
from domain.errors import DomainError

MAD = GAMES["mad"]
SECRET = b"clock seed"
T0 = datetime(2026, 1, 2, 12, 0, tzinfo=UTC)
CLOCKED = {"clock": {"turn_seconds": 30, "grace_seconds": 0}}
MAX_TIMEOUTS = 20_000


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def decide(
    table: tables.AnyTable, command: object, seat: int | None, now: datetime, rules: Any = MAD
) -> tuple[Any, ...]:
    ctx = tables.decision_context(table, seat, now, SECRET)
    return tables.decide(rules, table, command, ctx)


def act_in(
    rules: Any, table: tables.AnyTable, command: object, seat: int | None, now: datetime
) -> Any:
    return tables.fold(rules, decide(table, command, seat, now, rules), table)


def act(table: tables.AnyTable, command: object, seat: int | None, now: datetime) -> Any:
    return act_in(MAD, table, command, seat, now)


def started(clock: dict[str, int], seats: int = 2) -> tables.AnyTable:
    """A started MAD table with `clock`, without a grace unless the clock gives one."""
    clock = {"grace_seconds": 0, **clock}
    table = act(tables.AnyTable(), tables.CreateTable("mad", {"clock": clock}), None, T0)
    for seat in range(seats):
        table = act(table, tables.TakeSeat(f"p{seat}"), None, T0)
    return act(table, tables.StartGame(), 0, T0)


def to_act(table: tables.AnyTable) -> int:
    (seat,) = [s for s in range(len(table.seats)) if MAD.legal_moves(table.game, s)]
    return seat


def keep_playing(table: tables.AnyTable, seat: int, now: datetime) -> tables.AnyTable:
    """The table after a move of `seat` that does not end the game."""
    for move in MAD.legal_moves(table.game, seat):
        after = act(table, move, seat, now)
        if after.status == "playing":
            return after
    raise AssertionError("every move ends the game")


def absent(table: tables.AnyTable, seat: int, now: float) -> tuple[tables.AnyTable, float]:
    """The table once `seat` timed out `ABSENT_AFTER` times in a row, and the time then."""
    for _ in range(clocks.ABSENT_AFTER):
        now += 30
        table = act(table, clocks.ClaimTimeout(seat), None, at(now))
        table = keep_playing(table, to_act(table), at(now))
    return table, now


def refusal(table: tables.AnyTable, command: object, seat: int | None, now: datetime) -> str:
    with pytest.raises(DomainError) as refused:
        decide(table, command, seat, now)
    return refused.value.code


def create_refusal(options: dict[str, Any], kind: str = "mad") -> str:
    create = tables.CreateTable(kind, options)
    with pytest.raises(DomainError) as refused:
        decide(tables.AnyTable(), create, None, T0, GAMES[kind])
    return refused.value.code


@pytest.mark.parametrize(
    "clock",
    [
        {},
        {"turn_seconds": 0},
        {"turn_seconds": 86_401},
        {"turn_seconds": 30, "bank_seconds": 300},
        {"turn_seconds": 30, "increment_seconds": 5},
        {"bank_seconds": 300, "increment_seconds": -1},
        {"bank_seconds": 300, "delay": 1},
        {"turn_seconds": "soon"},
        [30],
    ],
)
def test_a_clock_that_is_not_one_is_refused(clock: object) -> None:
    assert create_refusal({"clock": clock}) == "invalid_options"


def test_a_game_without_turns_takes_no_clock() -> None:
    assert create_refusal({"clock": {"turn_seconds": 30}}, "cno") == "invalid_options"


def test_the_clock_is_recorded_with_the_options_and_is_off_by_default() -> None:
    plain = decide(tables.AnyTable(), tables.CreateTable("mad", {}), None, T0)
    assert "clock" not in plain[0].options
    create = tables.CreateTable("mad", {"clock": {"bank_seconds": 300, "increment_seconds": 5}})
    (created,) = decide(tables.AnyTable(), create, None, T0)
    grace = clocks.DEFAULT_GRACE
    assert created.options["clock"] == {
        "bank_seconds": 300,
        "increment_seconds": 5,
        "grace_seconds": grace,
    }


def test_a_table_without_a_clock_records_no_clock_event() -> None:
    table = act(tables.AnyTable(), tables.CreateTable("mad", {}), None, T0)
    for seat in range(2):
        table = act(table, tables.TakeSeat(f"p{seat}"), None, T0)
    events = decide(table, tables.StartGame(), 0, T0)
    assert not any(isinstance(event, tables.TABLE_EVENTS[5:]) for event in events)
    assert tables.view(MAD, tables.fold(MAD, events, table), SPECTATOR).clock is None


def test_the_seat_to_act_has_its_turn_time_from_the_start() -> None:
    table = started({"turn_seconds": 30})
    seat = to_act(table)
    shown = tables.view(MAD, table, SPECTATOR).clock
    assert shown is not None and shown.since == T0.isoformat()
    assert shown.seats[seat].deadline == at(30).isoformat()
    assert shown.seats[seat].remaining_ms == 30_000
    assert shown.seats[1 - seat].deadline is None


def test_a_timeout_is_refused_before_the_deadline_and_for_a_seat_not_to_act() -> None:
    table = started({"turn_seconds": 30})
    seat = to_act(table)
    assert refusal(table, clocks.ClaimTimeout(seat), None, at(29.999)) == "not_timed_out"
    assert refusal(table, clocks.ClaimTimeout(1 - seat), None, at(60)) == "not_to_act"


def test_a_table_without_a_clock_refuses_a_timeout() -> None:
    table = act(tables.AnyTable(), tables.CreateTable("mad", {}), None, T0)
    for seat in range(2):
        table = act(table, tables.TakeSeat(f"p{seat}"), None, T0)
    table = act(table, tables.StartGame(), 0, T0)
    assert refusal(table, clocks.ClaimTimeout(0), None, at(60)) == "no_clock"


def test_a_timed_out_seat_has_its_move_made_by_the_random_bot() -> None:
    table = started({"turn_seconds": 30})
    seat = to_act(table)
    events = decide(table, clocks.ClaimTimeout(seat), None, at(30))
    assert events[0] == clocks.SeatTimedOut(seat, at(30).isoformat())
    assert isinstance(events[-1], clocks.ClockRestarted)
    moved = tables.fold(MAD, events, table)
    assert moved.clock.timeouts[seat] == 1
    assert to_act(moved) == 1 - seat
    again = decide(table, clocks.ClaimTimeout(seat), None, at(30))
    assert again == events, "the stand-in's choice comes from the decision's chance"


def test_a_move_restarts_the_clock_for_the_next_seat() -> None:
    table = started({"turn_seconds": 30})
    seat = to_act(table)
    move = MAD.legal_moves(table.game, seat)[0]
    moved = act(table, move, seat, at(10))
    shown = tables.view(MAD, moved, SPECTATOR).clock
    assert shown is not None
    assert shown.seats[1 - seat].deadline == at(40).isoformat()


def test_three_timeouts_in_a_row_mark_a_seat_absent_and_it_then_has_no_time() -> None:
    table = started({"turn_seconds": 30})
    seat = to_act(table)
    table, now = absent(table, seat, 0.0)
    assert table.clock.absent == {seat}
    assert clocks.deadline(table.clock, seat) == at(now)
    assert tables.legal_moves(MAD, table, seat)[0] == clocks.ReturnToTable()


def test_an_absent_seat_is_marked_present_by_its_own_move_or_its_return() -> None:
    table = started({"turn_seconds": 30})
    seat = to_act(table)
    table, now = absent(table, seat, 0.0)
    returned = decide(table, clocks.ReturnToTable(), seat, at(now + 1))
    assert returned[0] == clocks.SeatMarkedPresent(seat)
    back = tables.fold(MAD, returned, table)
    assert (back.clock.absent, back.clock.timeouts[seat]) == (frozenset(), 0)
    assert clocks.deadline(back.clock, seat) == at(now + 31)
    moved = decide(table, MAD.legal_moves(table.game, seat)[0], seat, at(now + 1))
    assert moved[0] == clocks.SeatMarkedPresent(seat)
    assert refusal(back, clocks.ReturnToTable(), seat, at(now + 2)) == "not_absent"


def test_a_fischer_bank_loses_the_time_spent_and_gains_the_increment() -> None:
    table = started({"bank_seconds": 60, "increment_seconds": 5})
    seat = to_act(table)
    moved = act(table, MAD.legal_moves(table.game, seat)[0], seat, at(20))
    assert moved.clock.banks_ms[seat] == 45_000
    assert moved.clock.banks_ms[1 - seat] == 60_000
    assert clocks.deadline(moved.clock, 1 - seat) == at(80)


def test_a_fischer_bank_runs_out_at_its_deadline() -> None:
    table = started({"bank_seconds": 60})
    seat = to_act(table)
    assert refusal(table, clocks.ClaimTimeout(seat), None, at(59)) == "not_timed_out"
    timed_out = act(table, clocks.ClaimTimeout(seat), None, at(60))
    assert timed_out.clock.banks_ms[seat] == 0


def test_the_clock_survives_a_fold_of_the_log() -> None:
    table = started({"turn_seconds": 30})
    events = []
    rebuilt = tables.AnyTable()
    log = [tables.CreateTable("mad", {"clock": {"turn_seconds": 30, "grace_seconds": 0}})]
    log += [tables.TakeSeat("p0"), tables.TakeSeat("p1")]
    for command in log:
        step = decide(rebuilt, command, None, T0)
        events += step
        rebuilt = tables.fold(MAD, step, rebuilt)
    events += decide(rebuilt, tables.StartGame(), 0, T0)
    assert tables.fold(MAD, events) == table


@pytest.mark.parametrize("kind", [kind for kind, rules in GAMES.items() if not rules.real_time])
def test_every_kind_with_turns_ends_by_timeouts_when_nobody_moves(kind: str) -> None:
    rules = GAMES[kind]
    table = act_in(rules, tables.AnyTable(), tables.CreateTable(kind, CLOCKED), None, T0)
    for seat in range(max(rules.min_seats, 2)):
        table = act_in(rules, table, tables.TakeSeat(f"p{seat}"), None, T0)
    table = act_in(rules, table, tables.StartGame(), 0, T0)
    for step in range(1, MAX_TIMEOUTS):
        if table.status == "finished":
            break
        late = at(step * 60)
        seat = min(tables.acting_seats(rules, table), key=lambda s: clocks.deadline(table.clock, s))
        table = act_in(rules, table, clocks.ClaimTimeout(seat), None, late)
    assert table.status == "finished"
    assert table.clock.absent == frozenset(range(len(table.seats)))


def test_a_seat_out_of_time_is_warned_and_its_move_made_only_after_the_grace() -> None:
    table = started({"turn_seconds": 30, "grace_seconds": 15})
    seat = to_act(table)
    assert refusal(table, clocks.WarnSeat(seat), None, at(29)) == "not_timed_out"
    assert refusal(table, clocks.ClaimTimeout(seat), None, at(31)) == "not_warned"
    warned = act(table, clocks.WarnSeat(seat), None, at(30))
    shown = tables.view(MAD, warned, seat).clock
    assert shown is not None and shown.seats[seat].grace_until == at(45).isoformat()
    assert refusal(warned, clocks.WarnSeat(seat), None, at(31)) == "warned"
    assert refusal(warned, clocks.ClaimTimeout(seat), None, at(44.9)) == "in_grace"
    timed_out = act(warned, clocks.ClaimTimeout(seat), None, at(45))
    assert timed_out.clock.timeouts[seat] == 1 and to_act(timed_out) == 1 - seat
    assert tables.view(MAD, timed_out, seat).clock.seats[seat].grace_until is None


def test_a_warned_seat_that_moves_in_its_grace_keeps_its_turn_its_own() -> None:
    table = started({"turn_seconds": 30, "grace_seconds": 15})
    seat = to_act(table)
    warned = act(table, clocks.WarnSeat(seat), None, at(30))
    moved = keep_playing(warned, seat, at(40))
    assert moved.clock.timeouts[seat] == 0
    assert refusal(moved, clocks.ClaimTimeout(seat), None, at(60)) == "not_to_act"


def test_an_absent_seat_is_warned_as_its_turn_comes_and_gets_the_grace() -> None:
    table = started({"turn_seconds": 30, "grace_seconds": 15})
    seat = to_act(table)
    now = 0.0
    for _ in range(clocks.ABSENT_AFTER):
        now += 30
        table = act(table, clocks.WarnSeat(seat), None, at(now))
        now += 15
        table = act(table, clocks.ClaimTimeout(seat), None, at(now))
        table = keep_playing(table, to_act(table), at(now))
    assert table.clock.absent == {seat}
    warned = act(table, clocks.WarnSeat(seat), None, at(now))
    assert refusal(warned, clocks.ClaimTimeout(seat), None, at(now + 14)) == "in_grace"
    back = act(warned, clocks.ReturnToTable(), seat, at(now + 5))
    assert back.clock.absent == frozenset()
    assert clocks.deadline(back.clock, seat) == at(now + 35)


def test_a_new_tables_clock_has_the_default_grace_and_an_old_one_none() -> None:
    create = tables.CreateTable("mad", {"clock": {"turn_seconds": 30}})
    (created,) = decide(tables.AnyTable(), create, None, T0)
    assert created.options["clock"]["grace_seconds"] == clocks.DEFAULT_GRACE
    old = tables.TableCreated("mad", {"clock": {"turn_seconds": 30}}, created.commitment)
    folded = tables.fold(MAD, [old])
    assert folded.clock is not None and clocks.grace(folded.clock) == 0

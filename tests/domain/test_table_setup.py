"""The table's own setup: its size, its start when full, its host, its bots' names and pace."""

import pytest

from commands.log.registry import GAMES
from domain import table as tables
from domain.table.setup import WATCHABLE_PACE
from tests.domain.test_table import decide, refusal

GNONO = GAMES["gnono"]


def opened(taken: int = 0, **options: object) -> tables.Table:
    """A gnono table of `options` (the setup's among them) with `taken` seats taken."""
    table = tables.fold(GNONO, decide(tables.Table(), tables.CreateTable("gnono", options)))
    for seat in range(taken):
        table = seated(table, tables.TakeSeat(f"p{seat}"))
    return table


def seated(table: tables.Table, command: tables.TakeSeat) -> tables.Table:
    return tables.fold(GNONO, decide(table, command), table)


def test_the_seats_chosen_are_the_tables_size() -> None:
    table = opened(2, seats=2)
    assert refusal(table, tables.TakeSeat("third")) == "table_full"
    assert tables.view(GNONO, table, 0).setup == tables.TableSetup(seats=2)


def test_a_size_outside_the_kinds_seat_range_is_refused() -> None:
    for size in (1, 11, "two"):
        assert refusal(tables.Table(), tables.CreateTable("gnono", {"seats": size})) == (
            "invalid_options"
        )


def test_a_table_created_without_a_setup_records_its_options_as_before() -> None:
    events = decide(tables.Table(), tables.CreateTable("gnono", {"hand_size": 7}))
    created = events[0]
    assert isinstance(created, tables.TableCreated)
    assert set(created.options) == {"hand_size", "playout_score"}


def test_the_seat_that_fills_a_table_that_starts_when_full_starts_its_game() -> None:
    table = opened(1, seats=2, start_when_full=True)
    events = decide(table, tables.TakeSeat("last"))
    assert [type(event) for event in events[:2]] == [tables.SeatTaken, tables.GameStarted]
    assert tables.fold(GNONO, events, table).status == "playing"


def test_a_start_when_full_deals_as_a_start_sent_right_after_the_last_seat() -> None:
    table = opened(1, seats=2, start_when_full=True)
    auto = decide(table, tables.TakeSeat("last"))[1:]
    by_hand = opened(1, seats=2)
    by_hand = seated(by_hand, tables.TakeSeat("last"))
    manual = decide(by_hand, tables.StartGame(), seat=0)
    assert [event for event in auto if not isinstance(event, tables.GameStarted)] == [
        event for event in manual if not isinstance(event, tables.GameStarted)
    ]


def test_a_table_not_full_waits_for_its_start() -> None:
    events = decide(opened(1, seats=3, start_when_full=True), tables.TakeSeat("second"))
    assert [type(event) for event in events] == [tables.SeatTaken]


def test_only_the_host_seats_bots_once_someone_sits() -> None:
    assert refusal(opened(1), tables.TakeSeat("", bot="random")) == "not_host"
    assert refusal(opened(1), tables.TakeSeat("", bot="random", by=1)) == "not_host"
    hosted = decide(opened(1), tables.TakeSeat("", bot="random", by=tables.HOST))
    assert isinstance(hosted[0], tables.SeatTaken) and hosted[0].bot == "random"


def test_anyone_seats_a_bot_at_an_empty_table() -> None:
    event = decide(opened(), tables.TakeSeat("", bot="random"))[0]
    assert isinstance(event, tables.SeatTaken) and event.seat == 0


def test_bots_seated_without_a_name_get_distinct_names() -> None:
    table = seated(opened(), tables.TakeSeat(tables.BOT_NAMES[1]))
    for _ in range(3):
        table = seated(table, tables.TakeSeat("", bot="heuristic", by=tables.HOST))
    names = [seat.name for seat in table.seats]
    assert names == [tables.BOT_NAMES[1], tables.BOT_NAMES[0], *tables.BOT_NAMES[2:4]]


def test_only_the_host_cancels_a_table_and_only_before_its_start() -> None:
    table = opened(2)
    assert refusal(table, tables.CancelTable(), seat=1) == "not_host"
    assert refusal(table, tables.CancelTable(), seat=None) == "not_seated"
    cancelled = tables.fold(GNONO, decide(table, tables.CancelTable(), seat=0), table)
    assert cancelled.status == "cancelled" and tables.is_over(cancelled)
    assert refusal(cancelled, tables.TakeSeat("late")) == "table_not_open"
    assert refusal(cancelled, tables.StartGame(), seat=0) == "table_not_open"
    started = tables.fold(GNONO, decide(table, tables.StartGame(), seat=0), table)
    assert refusal(started, tables.CancelTable(), seat=0) == "table_not_open"


@pytest.mark.parametrize(
    ("setup", "people", "real_time", "pace"),
    [
        (tables.TableSetup(), True, False, WATCHABLE_PACE),
        (tables.TableSetup(), False, False, 0.0),
        (tables.TableSetup(), True, True, 0.5),
        (tables.TableSetup(), False, True, 0.0),
        (tables.TableSetup(bot_pace=2.0), False, False, 2.0),
        (tables.TableSetup(bot_pace=0.0), True, True, 0.0),
    ],
)
def test_bots_keep_a_pace_people_can_follow_unless_the_host_chose_another(
    setup: tables.TableSetup, people: bool, real_time: bool, pace: float
) -> None:
    assert tables.bot_pace(setup, people, real_time, service_pace=0.5) == pace


def test_a_bot_pace_beyond_its_range_is_refused() -> None:
    create = tables.CreateTable("gnono", {"bot_pace": 60})
    assert refusal(tables.Table(), create) == "invalid_options"


def test_a_waiting_table_expires_and_a_started_or_expired_one_refuses_it() -> None:
    table = opened(2)
    expired = tables.fold(GNONO, decide(table, tables.ExpireTable(1800)), table)
    assert expired.status == "expired" and tables.is_over(expired)
    assert refusal(expired, tables.TakeSeat("late")) == "table_not_open"
    assert refusal(expired, tables.StartGame(), seat=0) == "table_not_open"
    assert refusal(expired, tables.ExpireTable(1800)) == "table_not_open"
    started = tables.fold(GNONO, decide(table, tables.StartGame(), seat=0), table)
    assert refusal(started, tables.ExpireTable(1800)) == "table_not_open"

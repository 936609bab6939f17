"""Which games finished when: a game's month is that of its `table.game_finished` in UTC."""

from datetime import UTC, datetime, timedelta, timezone

import msgspec

from projections.finished import FinishedGames
from projections.model import fold
from tests.projections.given import stored_game, written


def finished_at(moment: datetime) -> dict[str, object]:
    """The row of a random MAD game whose events were all recorded at `moment`."""
    game_id, events = stored_game("mad", 7)
    timed = [msgspec.structs.replace(each, recorded_at=moment) for each in events]
    _, changes = fold(FinishedGames(), {}, timed)
    rows = written(changes)["finished_games"]
    assert list(rows) == [(game_id,)]
    return rows[(game_id,)]


def test_a_game_finished_at_the_last_moment_of_a_month_is_of_that_month() -> None:
    row = finished_at(datetime(2026, 10, 31, 23, 59, 59, 999000, tzinfo=UTC))
    assert (row["kind"], row["month"]) == ("mad", "2026-10")


def test_a_game_finished_at_midnight_on_the_first_is_of_the_new_month() -> None:
    assert finished_at(datetime(2026, 11, 1, tzinfo=UTC))["month"] == "2026-11"


def test_the_month_is_taken_in_utc_whatever_the_times_zone() -> None:
    paris = timezone(timedelta(hours=1))
    assert finished_at(datetime(2026, 11, 1, 0, 30, tzinfo=paris))["month"] == "2026-10"


def test_an_unfinished_game_is_not_a_finished_one() -> None:
    _, events = stored_game("mad", 7)
    end = next(i for i, each in enumerate(events) if each.type == "table.game_finished")
    _, changes = fold(FinishedGames(), {}, events[:end])
    assert changes == ()

"""The lobby as a pure fold: a table shows from its creation until its game starts."""

from commands.log.registry import GAMES
from domain import table
from projections.events import decoded
from projections.lobby import Lobby
from projections.model import fold
from tests.projections.given import NOW, in_batches, stored_game, written


def test_a_table_is_listed_with_its_seats_until_its_game_starts() -> None:
    game_id, events = stored_game("mad", 4, seats=3)
    started = next(
        stored.version for stored, event in decoded(events) if isinstance(event, table.GameStarted)
    )
    _, changes = fold(Lobby(), {}, events[: started - 1])
    row = written(changes)["lobby"][(game_id,)]
    assert row["kind"] == "mad"
    assert row["seats"] == ["player 0", "player 1", "player 2"]
    rules = GAMES["mad"]
    assert (row["min_seats"], row["max_seats"]) == rules.seat_range(rules.Options())
    assert row["created_at"] == NOW

    _, changes = fold(Lobby(), {}, events)
    assert written(changes)["lobby"] == {}


def test_the_lobby_keeps_no_state_whatever_the_batches() -> None:
    _, events = stored_game("gnono", 1)
    _, whole = fold(Lobby(), {}, events)
    states, batched = in_batches(Lobby(), events, 1)
    assert batched == written(whole)
    assert {state for _, state in states.values()} == {None}


def test_a_table_with_a_clock_is_listed_with_its_options() -> None:
    clock = {"clock": {"turn_seconds": 30, "grace_seconds": 10}}
    game_id, events = stored_game("mad", 5, seats=2, options=clock)
    _, changes = fold(Lobby(), {}, events[:1])
    row = written(changes)["lobby"][(game_id,)]
    assert row["options"]["clock"] == clock["clock"]
    rules = GAMES["mad"]
    assert (row["min_seats"], row["max_seats"]) == rules.seat_range(rules.Options())

"""The table lifecycle shared by every game: seats, start, play, finish and reveal."""

import dataclasses

import pytest

from commands.log.registry import GAMES
from domain import table as tables
from domain.chance import commitment
from domain.decider import REFEREE, SPECTATOR
from domain.errors import DomainError
from domain.games.gnono.model import DrawCard
from tests.domain.playout import Playout, context, leaks

GNONO = GAMES["gnono"]
SECRET = b"secret seed"


def decide(table: tables.Table, command: object, seat: int | None = None) -> tuple[object, ...]:
    return tables.decide(GNONO, table, command, context(table, seat, SECRET))


def opened(seats: int = 0, **options: object) -> tables.Table:
    table = tables.fold(GNONO, decide(tables.Table(), tables.CreateTable("gnono", dict(options))))
    for seat in range(seats):
        table = tables.fold(GNONO, decide(table, tables.TakeSeat(f"p{seat}")), table)
    return table


def refusal(table: tables.Table, command: object, seat: int | None = None) -> str:
    with pytest.raises(DomainError) as refused:
        decide(table, command, seat)
    return refused.value.code


def test_a_new_table_publishes_the_commitment_to_its_secret_seed() -> None:
    table = opened()
    assert (table.status, table.commitment) == ("open", commitment(SECRET))
    assert table.options == GNONO.Options()


def test_bad_options_are_refused() -> None:
    create = tables.CreateTable("gnono", {"hand_size": 9})
    assert refusal(tables.Table(), create) == "invalid_options"


def test_seats_are_numbered_in_the_order_they_are_taken() -> None:
    table = opened(3)
    assert [seat.name for seat in table.seats] == ["p0", "p1", "p2"]


def test_a_full_table_refuses_another_seat() -> None:
    assert refusal(opened(8, hand_size=11), tables.TakeSeat("late")) == "table_full"


def test_start_is_offered_to_seated_players_once_enough_seats_are_taken() -> None:
    assert tables.legal_moves(GNONO, opened(1), 0) == ()
    assert tables.legal_moves(GNONO, opened(2), 1) == (tables.StartGame(),)
    assert tables.legal_moves(GNONO, opened(2), SPECTATOR) == ()


def test_only_a_seated_player_may_start() -> None:
    assert refusal(opened(2), tables.StartGame(), seat=None) == "not_seated"
    assert refusal(opened(1), tables.StartGame(), seat=0) == "not_enough_seats"


def test_game_commands_wait_for_the_start() -> None:
    assert refusal(opened(2), DrawCard(), 0) == "not_started"


def test_a_finished_game_records_the_standings_reveals_the_seed_and_opens_every_hand() -> None:
    playout = Playout(GNONO, 2, seed=4, options={"playout_score": 1})
    while playout.step():
        pass
    table = playout.table
    assert table.status == "finished"
    assert table.seed == playout.secret.hex()
    assert sorted(s.seat for s in table.standings) == [0, 1]
    finished_view = tables.view(GNONO, table, SPECTATOR)
    assert finished_view.game == GNONO.view(table.game, REFEREE)
    assert refusal_after_finish(playout) == "game_over"


def refusal_after_finish(playout: Playout) -> str:
    with pytest.raises(DomainError) as refused:
        playout.decide(0, DrawCard())
    return refused.value.code


def test_the_leak_check_catches_a_view_that_shows_every_hand() -> None:
    leaky = dataclasses.replace(GNONO, view=lambda state, viewer: GNONO.view(state, REFEREE))
    playout = Playout(leaky, 3, seed=1)
    assert leaks(leaky, playout.before_start, playout.opening)


def test_the_leak_check_catches_an_event_that_shows_a_drawn_card() -> None:
    leaky = dataclasses.replace(GNONO, redact=lambda event, viewer: event)
    playout = Playout(leaky, 3, seed=2)
    assert leaks(leaky, playout.before_start, playout.opening)

"""Scoring, standings and series of rounds."""

import pytest

from domain.decider import Standing
from domain.games.cno.model import (
    DealRound,
    DeclareDone,
    Finished,
    Intermission,
    Options,
    Playing,
    RoundDealt,
    RoundEnded,
)
from domain.games.cno.rules import legal_moves, scores
from domain.games.cno.views import outcome
from tests.domain.cno.given import after, card, cards, fold, refusal, seat, table, when


def test_each_card_laid_on_a_pile_scores_two_for_its_owner() -> None:
    state = table(seat(played=3), seat(played=1))
    assert scores(state.board) == (6, 2)


def test_each_card_left_in_hand_row_or_stock_costs_one() -> None:
    mine = seat(hand=cards(0, "F17", "F17"), stock=cards(0, "O17"), row=cards(0, "O18", "O18"))
    assert scores(table(mine, seat()).board) == (-5, 0)


def test_a_neon_20_topping_a_pile_earns_its_owner_the_size_of_the_pile() -> None:
    pile = (card(1, "C12"), card(1, "N15"), card(0, "O16"), card(1, "F19"), card(0, "Ne20"))
    state = table(seat(played=2), seat(played=3), piles=[pile, [card(1, "C12", 1)]])
    # 2 x 2 + 5 (the neon itself included) and 2 x 3 with no bonus for an open pile
    assert scores(state.board) == (9, 6)


def test_neon_20_set_aside_scores_neither_for_nor_against() -> None:
    ne = card(0, "Ne20")
    with_neon = table(seat(set_aside=[ne], row=cards(0, "O17")), seat())
    assert scores(with_neon.board) == (-1, 0)


def test_done_scores_the_round_for_everyone() -> None:
    state = table(seat(hand=cards(0, "F17"), played=4), seat(stock=cards(1, "O17"), played=1))
    (ended,) = when(state, 0, DeclareDone())
    assert isinstance(ended, RoundEnded)
    assert (ended.scores, ended.totals, ended.series_over) == ((7, 1), (7, 1), True)


def test_the_highest_total_wins_and_ties_share_a_place() -> None:
    state = table(seat(played=2), seat(played=2), seat(played=1))
    ended = fold(state, when(state, 0, DeclareDone()))
    assert isinstance(ended, Finished)
    assert outcome(ended) == (Standing(0, 4, 1), Standing(1, 4, 1), Standing(2, 2, 3))


def two_round_series(target: int = 0) -> Playing:
    return table(
        seat(played=5), seat(hand=cards(1, "F17")), options=Options(rounds=2, target_score=target)
    )


def test_a_series_keeps_running_totals_between_rounds() -> None:
    state = fold(two_round_series(), when(two_round_series(), 0, DeclareDone()))
    assert isinstance(state, Intermission)
    assert (state.round, state.totals) == (1, (10, -1))
    state = after(state, 1, DealRound(2))
    assert isinstance(state, Playing)
    assert (state.round, state.totals) == (2, (10, -1))
    assert all(len(p.hand) == 15 and p.played == 0 for p in state.board.players)


def test_between_rounds_any_seat_may_deal_the_next_round_once() -> None:
    state = fold(two_round_series(), when(two_round_series(), 0, DeclareDone()))
    assert legal_moves(state, 0) == legal_moves(state, 1) == (DealRound(2),)
    events = when(state, 1, DealRound(2))
    assert isinstance(events[0], RoundDealt) and events[0].round == 2
    state = fold(state, events)
    assert refusal(state, 0, DealRound(2)) == "stale"


def test_a_deal_naming_a_later_round_than_the_next_is_refused() -> None:
    state = fold(two_round_series(), when(two_round_series(), 0, DeclareDone()))
    assert refusal(state, 0, DealRound(3)) == "wrong_round"


def test_the_next_round_cannot_be_dealt_while_a_round_is_played() -> None:
    assert refusal(two_round_series(), 0, DealRound(2)) == "round_in_progress"


def test_the_series_ends_after_the_last_round() -> None:
    state = table(seat(played=1), seat(), options=Options(rounds=2), round=2, totals=(3, 4))
    (ended,) = when(state, 0, DeclareDone())
    assert isinstance(ended, RoundEnded) and ended.series_over
    assert ended.totals == (5, 4)


@pytest.mark.parametrize(("target", "over"), [(10, True), (11, False)])
def test_the_series_ends_early_once_a_total_reaches_the_target(target: int, over: bool) -> None:
    (ended,) = when(two_round_series(target), 0, DeclareDone())
    assert isinstance(ended, RoundEnded) and ended.series_over is over

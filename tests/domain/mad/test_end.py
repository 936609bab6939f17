"""The four ends of the game and the winner."""

import pytest

from domain.decider import Standing
from domain.games.mad.model import (
    CardPlaced,
    CardsDrawn,
    CardsPickedUp,
    FalloutDrawn,
    Finished,
    GameEnded,
    Playing,
    TurnPassed,
)
from domain.games.mad.rules import is_terminal, legal_moves
from domain.games.mad.views import outcome
from tests.domain.mad.given import DRAW, card, cards, fold, of_type, place, playing, refusal, when

FULL_BUT_ONE = (
    "Pu2 Th3 Pu6 Th11 Pu5",
    "Ra11 U1 Ra13 U4 Ra3",
    "Th8 Pu10 Th6 Pu13 Th4",
    "U9 Ra2 U12 Ra9 U11",
    "Pu1 Th10 Pu8 Th7 .",
)
"""No two cards side by side share anything; Th12 on the last space joins Th7 only."""
FULL_BUT_ONE_WITH_A_PAIR = (*FULL_BUT_ONE[:3], "U9 Ra2 U12 Th9 U11", FULL_BUT_ONE[4])
"""Th9 beside Th7: Th12 on the last space makes a three-card Criticality."""
RA5_RA7 = (". . . . .", ". . . . .", "Ra5 Ra7")


def types(events: tuple[object, ...]) -> list[type]:
    return [type(event) for event in events]


# A. Core emptied


def test_a_pick_up_that_empties_the_core_ends_the_game_after_fallout() -> None:
    state = playing(rows=RA5_RA7, hands=("Ra9 U1", "Pu2"), stockpile="U9")

    events = when(state, place("Ra9", 2, 2))

    assert types(events) == [CardPlaced, CardsPickedUp, FalloutDrawn, GameEnded]
    assert events[-1] == GameEnded(("core_emptied",))


def test_a_pick_up_that_empties_the_core_with_a_short_stockpile_ends_without_fallout() -> None:
    state = playing(rows=RA5_RA7, hands=("Ra9 U1", "Pu2", "Pu3"), stockpile="U9")

    events = when(state, place("Ra9", 2, 2))

    assert types(events) == [CardPlaced, CardsPickedUp, GameEnded]
    assert events[-1] == GameEnded(("core_emptied", "stockpile_short"))


# B. Core full


def test_filling_the_last_space_without_a_criticality_ends_the_game() -> None:
    state = playing(rows=FULL_BUT_ONE, hands=("Th12 U2", "Pu3"), stockpile="Pu4")

    events = when(state, place("Th12", 4, 4))

    assert events == (CardPlaced(0, card("Th12"), 4, 4), GameEnded(("core_full",)))


def test_filling_the_last_space_with_a_criticality_lets_play_go_on() -> None:
    state = playing(rows=FULL_BUT_ONE_WITH_A_PAIR, hands=("Th12 U2", "Pu3"), stockpile="Pu4")

    events = when(state, place("Th12", 4, 4))

    assert of_type(events, CardsPickedUp)[0].cards == cards("Th9 Th7 Th12")
    assert events[-1] == TurnPassed(1) and not of_type(events, GameEnded)


# C. Hand emptied


def test_placing_the_last_card_in_hand_without_a_criticality_ends_the_game() -> None:
    state = playing(rows=RA5_RA7, hands=("Th5", "Pu2"), stockpile="U9")

    events = when(state, place("Th5", 1, 0))

    assert events == (CardPlaced(0, card("Th5"), 1, 0), GameEnded(("hand_emptied",)))


def test_placing_the_last_card_in_hand_with_a_criticality_lets_play_go_on() -> None:
    rows = ("Pu13", *RA5_RA7[1:])
    state = playing(rows=rows, hands=("Ra9", "Pu2"), stockpile="U9")

    after = fold(state, when(state, place("Ra9", 2, 2)))

    assert isinstance(after, Playing) and len(after.hands[0]) == 3 and after.turn == 1


def test_the_last_card_in_hand_on_the_last_space_ends_the_game_for_both_reasons() -> None:
    state = playing(rows=FULL_BUT_ONE, hands=("Th12", "Pu3"), stockpile="Pu4")

    events = when(state, place("Th12", 4, 4))

    assert events[-1] == GameEnded(("core_full", "hand_emptied"))


def test_a_seed_that_is_the_last_card_in_hand_ends_the_game() -> None:
    state = playing(hands=("U1", "Pu2 Pu3"), stockpile="U9", seeding=2)

    assert when(state, place("U1", 2, 2))[-1] == GameEnded(("hand_emptied",))


# D. Stockpile short


def test_a_forced_draw_that_empties_the_stockpile_without_a_fitting_card_ends_the_game() -> None:
    state = playing(rows=RA5_RA7, hands=("U1", "Pu2"), stockpile="U2 U3")

    events = when(state, DRAW)

    assert types(events) == [CardsDrawn, GameEnded]
    assert events[0].count == 2 and not events[0].playable
    assert events[-1] == GameEnded(("stockpile_short",))


def test_cards_drawn_before_the_stockpile_ran_out_count_against_the_drawer() -> None:
    state = playing(rows=RA5_RA7, hands=("U1", "Pu2 Pu3"), stockpile="U2 U3")

    finished = fold(state, when(state, DRAW))

    assert outcome(finished) == (Standing(0, 3, 2), Standing(1, 2, 1))


def test_the_turn_reaching_a_seat_that_must_draw_from_an_empty_stockpile_ends_the_game() -> None:
    state = playing(rows=RA5_RA7, hands=("Th5 U1", "Pu2"))

    events = when(state, place("Th5", 1, 0))

    assert events[1:] == (TurnPassed(1), GameEnded(("stockpile_short",)))


def test_an_empty_stockpile_ends_nothing_while_the_seat_on_turn_can_place() -> None:
    state = playing(rows=RA5_RA7, hands=("Th5 U1", "Ra2"))

    events = when(state, place("Th5", 1, 0))

    assert events[-1] == TurnPassed(1)


def test_fallout_that_needs_more_cards_than_remain_ends_the_game() -> None:
    rows = ("Pu13", *RA5_RA7[1:])
    state = playing(rows=rows, hands=("Ra9 U1", "Pu2", "Pu3"), stockpile="U9")

    assert when(state, place("Ra9", 2, 2))[-1] == GameEnded(("stockpile_short",))


# After the end, and the winner


def test_no_move_is_offered_or_accepted_once_the_game_is_over() -> None:
    state = playing(rows=RA5_RA7, hands=("Th5", "Th7 Pu2"), stockpile="U9")
    finished = fold(state, when(state, place("Th5", 1, 0)))

    assert is_terminal(finished) and isinstance(finished, Finished)
    assert legal_moves(finished, 1) == ()
    assert refusal(finished, place("Th7", 1, 1), seat=1) == "game_over"


def test_the_fewest_cards_in_hand_wins() -> None:
    state = playing(hands=("U1 U2", "Pu1", "Pu2 Pu3 Pu4"))

    finished = fold(state, (GameEnded(("hand_emptied",)),))

    assert outcome(finished) == (Standing(0, 2, 2), Standing(1, 1, 1), Standing(2, 3, 3))


@pytest.mark.parametrize(
    ("hands", "places"),
    [(("U1", "Pu1", "Pu2 Pu3"), [1, 1, 3]), (("U1 U2", "Pu1 Pu2", "Pu3"), [2, 2, 1])],
)
def test_equal_hands_share_their_place(hands: tuple[str, ...], places: list[int]) -> None:
    finished = fold(playing(hands=hands), (GameEnded(("core_full",)),))

    assert [standing.place for standing in outcome(finished)] == places

"""Criticality, pick-up and Fallout."""

from domain.games.mad.model import (
    CardPlaced,
    CardsPickedUp,
    FalloutDraw,
    FalloutDrawn,
    GameEnded,
    Playing,
    TurnPassed,
)
from domain.games.mad.rules import legal_moves
from tests.domain.mad.given import card, cards, fold, of_type, place, playing, when

KEEP = "Pu13 . . . ."
"""A card far from the action, so that a pick-up leaves the Core not empty."""


def picked_up(events: tuple[object, ...]) -> set[object]:
    return {picked for event in of_type(events, CardsPickedUp) for picked in event.cards}


def test_three_cards_of_one_number_in_a_line_are_a_criticality() -> None:
    state = playing(rows=(KEEP, ". . . . .", "Ra5 Th5"), hands=("U5 U1", "Pu2"), stockpile="U9")

    assert picked_up(when(state, place("U5", 2, 2))) == set(cards("Ra5 Th5 U5"))


def test_three_cards_of_one_element_in_a_line_are_a_criticality() -> None:
    state = playing(rows=(KEEP, ". . . . .", "Ra5 Ra7"), hands=("Ra9 U1", "Pu2"), stockpile="U9")

    assert picked_up(when(state, place("Ra9", 2, 2))) == set(cards("Ra5 Ra7 Ra9"))


def test_a_group_connected_through_sides_around_a_bend_is_a_criticality() -> None:
    rows = (KEEP, ". . . . .", "Ra5 Ra7", ". . . . .")
    state = playing(rows=rows, hands=("Ra9 U1", "Pu2"), stockpile="U9")

    assert picked_up(when(state, place("Ra9", 3, 1))) == set(cards("Ra5 Ra7 Ra9"))


def test_two_matching_cards_side_by_side_are_not_a_criticality() -> None:
    state = playing(rows=(KEEP, ". . . . .", "Ra5"), hands=("Th5 U1", "Pu2"), stockpile="U9")

    events = when(state, place("Th5", 2, 1))

    assert events == (CardPlaced(0, card("Th5"), 2, 1), TurnPassed(1))


def test_a_card_sandwiched_between_two_matching_cards_completes_a_criticality() -> None:
    state = playing(rows=(KEEP, ". . . . .", "Ra5 . Ra9"), hands=("Ra7 U1", "Pu2"), stockpile="U9")

    assert picked_up(when(state, place("Ra7", 2, 1))) == set(cards("Ra5 Ra7 Ra9"))


def test_one_card_can_make_a_number_and_an_element_criticality_at_once() -> None:
    rows = (". . Th2", ". . Th1", "Pu8 Ra8 . . U13")
    state = playing(rows=rows, hands=("Th8 U1", "Pu2"), stockpile="U9")

    (picked,) = of_type(when(state, place("Th8", 2, 2)), CardsPickedUp)

    assert sorted(picked.cards, key=str) == sorted(cards("Th2 Th1 Pu8 Ra8 Th8"), key=str)


def test_the_whole_connected_group_is_picked_up_not_only_three_of_it() -> None:
    rows = (KEEP, ". . . . .", "Ra1 Ra2 . Ra3 Ra4")
    state = playing(rows=rows, hands=("Ra9 U1", "Pu2"), stockpile="U9")

    assert picked_up(when(state, place("Ra9", 2, 2))) == set(cards("Ra1 Ra2 Ra9 Ra3 Ra4"))


def test_a_chain_linked_partly_by_number_and_partly_by_element_is_no_criticality() -> None:
    state = playing(rows=(KEEP, ". . . . .", "Ra5 Ra7"), hands=("Th7 U1", "Pu2"), stockpile="U9")

    assert not picked_up(when(state, place("Th7", 2, 2)))


def test_cards_touching_at_a_corner_only_do_not_join_a_group() -> None:
    rows = (KEEP, ". . . Ra5", ". . Ra7")
    state = playing(rows=rows, hands=("Ra9 U1", "Pu2"), stockpile="U9")

    assert not picked_up(when(state, place("Ra9", 2, 1)))


def test_the_placer_takes_every_picked_up_card_into_hand_and_the_turn_passes_left() -> None:
    rows = (KEEP, ". . . . .", "Ra5 Ra7")
    state = playing(rows=rows, hands=("Pu1", "Pu2", "Ra9"), stockpile="U9 U10", turn=2)

    events = when(state, place("Ra9", 2, 2))
    after = fold(state, events)

    assert isinstance(after, Playing) and events[-1] == TurnPassed(0)
    assert set(after.hands[2]) == set(cards("Ra5 Ra7 Ra9"))
    assert [space for space in after.core if space is not None] == [card("Pu13")]


def test_fallout_gives_every_other_seat_one_card_and_the_placer_none() -> None:
    rows = (KEEP, ". . . . .", "Ra5 Ra7")
    state = playing(rows=rows, hands=("U1", "Ra9 U2", "Pu2"), stockpile="U9 U10 U11", turn=1)

    events = when(state, place("Ra9", 2, 2))
    after = fold(state, events)

    (fallout,) = of_type(events, FalloutDrawn)
    assert [draw.seat for draw in fallout.draws] == [2, 0]
    assert isinstance(after, Playing) and len(after.stockpile) == 1
    assert [len(hand) for hand in after.hands] == [2, 4, 2]


def test_fallout_with_too_few_cards_makes_nobody_draw_and_ends_the_game() -> None:
    rows = (KEEP, ". . . . .", "Ra5 Ra7")
    state = playing(rows=rows, hands=("U1", "Ra9 U2", "Pu2"), stockpile="U9", turn=1)

    events = when(state, place("Ra9", 2, 2))

    assert not of_type(events, FalloutDrawn)
    assert of_type(events, CardsPickedUp) and events[-1] == GameEnded(("stockpile_short",))


def test_fallout_may_take_the_last_cards_of_the_stockpile_and_play_goes_on() -> None:
    rows = (KEEP, ". . . . .", "Ra5 Ra7")
    state = playing(rows=rows, hands=("Pu1", "Ra9 U2", "Pu2"), stockpile="U9 U10", turn=1)

    events = when(state, place("Ra9", 2, 2))

    assert of_type(events, FalloutDrawn) and events[-1] == TurnPassed(2)


def test_fallout_is_random_for_every_drawing_seat() -> None:
    rows = (KEEP, ". . . . .", "Ra5 Ra7")
    state = playing(rows=rows, hands=("U1", "Ra9 U2"), stockpile="U9 U10 U11 U12", turn=1)

    drawn = {
        of_type(when(state, place("Ra9", 2, 2), seed=bytes([n])), FalloutDrawn)[0]
        for n in range(20)
    }

    assert {fallout.draws for fallout in drawn} == {(FalloutDraw(0, c),) for c in state.stockpile}


def test_a_placement_its_pick_up_and_fallout_are_one_decision_after_which_the_next_seat_acts() -> (
    None
):
    rows = (KEEP, ". . . . .", "Ra5 Ra7")
    state = playing(rows=rows, hands=("U1 U13", "Ra9 U2"), stockpile="U9 U10", turn=1)

    after = fold(state, when(state, place("Ra9", 2, 2)))

    assert legal_moves(after, 0) and not legal_moves(after, 1)

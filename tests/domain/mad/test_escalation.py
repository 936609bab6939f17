"""Nuclear Escalation: placing beside a matching card, and the forced draw."""

import pytest

from domain.games.mad.model import CardPlaced, CardsDrawn, CardsPickedUp, Playing, TurnPassed
from domain.games.mad.rules import legal_moves
from tests.domain.mad.given import (
    DRAW,
    card,
    cards,
    fold,
    of_type,
    place,
    placements,
    playing,
    refusal,
    when,
)

RA5 = (". . . . .", ". . . . .", ". . Ra5")
RA5_U13 = (". . . . .", ". . . . .", ". . Ra5 . U13")
RA5_RA6 = (". . . . .", ". . . . .", ". . Ra5 Ra6")
SEEDS = [bytes([n]) for n in range(12)]


def test_a_card_must_go_beside_a_placed_card() -> None:
    state = playing(rows=RA5, hands=("Ra9 Th5", "Pu1"))

    assert refusal(state, place("Ra9", 0, 0)) == "space_not_adjacent"


def test_cards_touching_at_a_corner_only_are_not_beside_each_other() -> None:
    state = playing(rows=RA5, hands=("Ra9 Th5", "Pu1"))

    assert refusal(state, place("Ra9", 1, 1)) == "space_not_adjacent"


def test_a_card_sharing_the_number_of_a_neighbour_may_be_placed() -> None:
    state = playing(rows=RA5, hands=("Th5 Pu1", "Pu2"), stockpile="U2")

    assert when(state, place("Th5", 2, 3)) == (CardPlaced(0, card("Th5"), 2, 3), TurnPassed(1))


def test_a_card_sharing_the_element_of_a_neighbour_may_be_placed() -> None:
    state = playing(rows=RA5, hands=("Ra9 Pu1", "Pu2"), stockpile="U2")

    assert when(state, place("Ra9", 1, 2)) == (CardPlaced(0, card("Ra9"), 1, 2), TurnPassed(1))


def test_a_card_sharing_nothing_with_its_neighbours_is_refused() -> None:
    state = playing(rows=RA5, hands=("Th9 Pu1", "Pu2"))

    assert refusal(state, place("Th9", 2, 3)) == "no_match"


def test_one_matching_neighbour_is_enough_whatever_the_others_are() -> None:
    state = playing(rows=RA5_U13, hands=("Th5 Pu1", "Pu2"))

    assert when(state, place("Th5", 2, 3))[0] == CardPlaced(0, card("Th5"), 2, 3)


def test_a_card_on_an_occupied_space_is_refused() -> None:
    state = playing(rows=RA5, hands=("Ra9 Pu1", "Pu2"))

    assert refusal(state, place("Ra9", 2, 2)) == "space_occupied"


def test_a_card_the_seat_does_not_hold_is_refused() -> None:
    state = playing(rows=RA5, hands=("Pu1 Pu2", "Ra9"))

    assert refusal(state, place("Ra9", 2, 3)) == "card_not_in_hand"


def test_only_the_seat_on_turn_may_place() -> None:
    state = playing(rows=RA5, hands=("Pu1 Pu2", "Ra9"), turn=0)

    assert refusal(state, place("Ra9", 2, 3), seat=1) == "not_your_turn"
    assert legal_moves(state, 1) == ()


def test_legal_moves_are_every_matching_space_for_every_card_in_hand() -> None:
    state = playing(rows=RA5, hands=("Th5 Ra9 U1", "Pu2"))

    moves = {(move.card, move.row, move.column) for move in placements(state, 0)}

    around = [(1, 2), (3, 2), (2, 1), (2, 3)]
    assert moves == {(card(token), *at) for token in ("Th5", "Ra9") for at in around}


def test_a_seat_may_make_a_criticality_on_purpose_when_a_quiet_placement_exists() -> None:
    state = playing(rows=RA5_RA6, hands=("Ra9 Th5", "Pu2"), stockpile="U1")

    assert place("Th5", 1, 2) in legal_moves(state, 0)
    assert of_type(when(state, place("Ra9", 2, 1)), CardsPickedUp)


# The forced draw


def test_drawing_is_refused_while_a_card_in_hand_has_a_space() -> None:
    state = playing(rows=RA5, hands=("Th5 Pu1", "Pu2"), stockpile="U1 U2")

    assert DRAW not in legal_moves(state, 0)
    assert refusal(state, DRAW) == "placement_available"


def test_a_seat_without_a_placement_may_only_draw() -> None:
    state = playing(rows=RA5, hands=("U1 Pu1", "Pu2"), stockpile="U2 Th5")

    assert legal_moves(state, 0) == (DRAW,)
    assert refusal(state, place("U1", 2, 3)) == "no_match"


@pytest.mark.parametrize("seed", SEEDS)
def test_a_forced_draw_stops_at_the_first_drawn_card_that_has_a_space(seed: bytes) -> None:
    state = playing(rows=RA5, hands=("U1", "Pu2"), stockpile="U2 Th5 U3 Pu4 Ra9 Th6 U7")

    (drawn,) = when(state, DRAW, seed=seed)

    *misses, hit = drawn.cards
    assert drawn.playable and hit in cards("Th5 Ra9")
    assert set(misses) <= set(cards("U2 U3 Pu4 Th6 U7")) and drawn.count == len(drawn.cards)


def test_drawn_cards_without_a_space_stay_in_hand() -> None:
    state = playing(rows=RA5, hands=("U1", "Pu2"), stockpile="U2 Th5 U3 Pu4 Th6 U7")

    events = when(state, DRAW)
    after = fold(state, events)

    (drawn,) = events
    assert isinstance(after, Playing)
    assert set(after.hands[0]) == {card("U1"), *drawn.cards}
    assert len(after.stockpile) == 6 - drawn.count


def test_after_a_forced_draw_only_the_drawn_card_may_be_placed() -> None:
    state = playing(rows=RA5, hands=("U1", "Pu2"), stockpile="U2 Th5")
    after = fold(state, when(state, DRAW))
    assert isinstance(after, Playing)

    moves = placements(after, 0)

    assert {move.card for move in moves} == {card("Th5")} and len(moves) == 4
    assert refusal(after, DRAW) == "must_place_drawn_card"


def test_a_card_held_beside_the_drawn_one_may_not_be_placed_instead() -> None:
    state = playing(rows=RA5, hands=("U1 Th5 Ra9", "Pu2"), stockpile="U2", drawn="Th5")

    assert refusal(state, place("Ra9", 2, 3)) == "must_place_drawn_card"


def test_the_seat_chooses_the_space_of_the_drawn_card() -> None:
    state = playing(rows=RA5, hands=("U1 Th5", "Pu2"), stockpile="U2", drawn="Th5")

    for row, column in [(1, 2), (3, 2), (2, 1), (2, 3)]:
        assert when(state, place("Th5", row, column))[0] == CardPlaced(0, card("Th5"), row, column)


def test_the_drawn_card_must_be_placed_even_if_it_makes_a_criticality() -> None:
    state = playing(rows=RA5_RA6, hands=("U1", "Pu2"), stockpile="Ra9 U2 U3")
    drawn = fold(state, when(state, DRAW, seed=b"draw"))
    assert isinstance(drawn, Playing) and drawn.drawn == card("Ra9")

    events = when(drawn, legal_moves(drawn, 0)[0])

    assert of_type(events, CardsPickedUp)[0].cards.count(card("Ra9")) == 1


def test_a_forced_draw_that_takes_the_last_card_and_it_fits_goes_on() -> None:
    state = playing(rows=RA5, hands=("U1", "Pu2"), stockpile="Th5")

    assert when(state, DRAW) == (CardsDrawn(0, 1, True, cards("Th5")),)


def test_only_the_seat_on_turn_may_draw() -> None:
    state = playing(rows=RA5, hands=("U1", "Pu2"), stockpile="Th5")

    assert refusal(state, DRAW, seat=1) == "not_your_turn"
    assert isinstance(when(state, DRAW)[0], CardsDrawn)

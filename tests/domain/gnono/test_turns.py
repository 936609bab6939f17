"""Gnono: matching, Wild Take Four, drawing."""

import pytest

from domain.games.gnono import rules
from domain.games.gnono.cards import Card
from domain.games.gnono.model import (
    CardPlayed,
    CardsDrawn,
    ChooseColour,
    DealNextRound,
    DrawCard,
    KeepCard,
    PlayCard,
    PlayDrawn,
    TurnPassed,
)
from tests.domain.gnono.given import TAKE_FOUR, WILD, c, decide, fold, playing, refusal

RED_FIVE = c("5", "red")


def test_a_card_of_the_current_colour_may_be_played() -> None:
    state = playing([[c("2", "red"), c("8", "blue")], [c("1", "blue")]], RED_FIVE)
    assert decide(state, PlayCard(c("2", "red"))) == (
        CardPlayed(0, c("2", "red"), "red"),
        TurnPassed(1),
    )


def test_a_card_of_the_same_number_may_be_played_in_another_colour() -> None:
    state = playing([[c("5", "blue", 1), c("8", "blue")], [c("1", "blue")]], RED_FIVE)
    assert decide(state, PlayCard(c("5", "blue", 1)))[0] == CardPlayed(0, c("5", "blue", 1), "blue")


def test_an_action_card_may_be_played_on_the_same_action_in_another_colour() -> None:
    state = playing([[c("skip", "green"), c("8", "blue")], [c("1", "blue")] * 2], c("skip", "red"))
    assert decide(state, PlayCard(c("skip", "green")))[0].colour == "green"


def test_after_a_wild_the_named_colour_is_the_one_to_match() -> None:
    state = playing([[c("3", "green"), c("3", "red")], [c("1", "blue")]], WILD, colour="green")
    assert decide(state, PlayCard(c("3", "green")))[0] == CardPlayed(0, c("3", "green"), "green")
    assert refusal(state, PlayCard(c("3", "red"))) == "card_does_not_match"


def test_a_card_matching_neither_colour_nor_number_nor_action_is_refused() -> None:
    state = playing([[c("7", "blue"), c("skip", "green")], [c("1", "blue")]], RED_FIVE)
    assert refusal(state, PlayCard(c("7", "blue"))) == "card_does_not_match"
    assert refusal(state, PlayCard(c("skip", "green"))) == "card_does_not_match"
    assert PlayCard(c("7", "blue")) not in rules.legal_moves(state, 0)


def test_a_card_not_in_the_hand_is_refused() -> None:
    state = playing([[c("7", "blue")], [c("2", "red")]], RED_FIVE)
    assert refusal(state, PlayCard(c("2", "red"))) == "card_not_in_hand"


def test_only_the_seat_whose_turn_it_is_may_act() -> None:
    state = playing([[c("7", "blue")], [c("2", "red")]], RED_FIVE)
    assert refusal(state, PlayCard(c("2", "red")), seat=1) == "not_your_turn"
    assert rules.legal_moves(state, 1) == ()


def test_a_wild_may_always_be_played_and_names_a_colour() -> None:
    state = playing([[WILD, c("5", "blue")], [c("1", "blue")]], RED_FIVE)
    assert decide(state, PlayCard(WILD, "yellow"))[0] == CardPlayed(0, WILD, "yellow")


def test_a_wild_may_name_the_current_colour() -> None:
    state = playing([[WILD, c("5", "blue")], [c("1", "blue")]], RED_FIVE)
    assert decide(state, PlayCard(WILD, "red"))[0] == CardPlayed(0, WILD, "red")


def test_a_wild_is_offered_in_each_of_the_four_colours() -> None:
    state = playing([[WILD], [c("1", "blue")]], RED_FIVE)
    assert rules.legal_moves(state, 0) == (
        *(PlayCard(WILD, colour) for colour in ("red", "yellow", "green", "blue")),
        DrawCard(),
    )


def test_a_wild_without_a_colour_is_refused() -> None:
    state = playing([[WILD, c("9", "blue")], [c("1", "blue")]], RED_FIVE)
    assert refusal(state, PlayCard(WILD)) == "colour_required"


def test_a_colour_named_for_a_coloured_card_is_refused() -> None:
    state = playing([[c("2", "red"), c("9", "blue")], [c("1", "blue")]], RED_FIVE)
    assert refusal(state, PlayCard(c("2", "red"), "blue")) == "colour_not_allowed"


@pytest.mark.parametrize(
    ("held", "top"),
    [
        (c("1", "red"), RED_FIVE),
        (c("5", "green"), RED_FIVE),
        (c("take_two", "yellow"), c("take_two", "red")),
    ],
    ids=["colour", "number", "action"],
)
def test_wild_take_four_is_refused_while_a_card_matching_colour_number_or_action_is_held(
    held: Card, top: Card
) -> None:
    state = playing([[TAKE_FOUR, held], [c("1", "blue")]], top)
    assert refusal(state, PlayCard(TAKE_FOUR, "blue")) == "take_four_not_allowed"
    assert PlayCard(TAKE_FOUR, "blue") not in rules.legal_moves(state, 0)


def test_wild_take_four_may_be_played_when_only_wilds_could_be() -> None:
    other_four = Card("wild_take_four", copy=1)
    state = playing([[TAKE_FOUR, WILD, other_four, c("9", "blue")], [c("1", "blue")] * 2], RED_FIVE)
    assert decide(state, PlayCard(TAKE_FOUR, "blue"))[0] == CardPlayed(0, TAKE_FOUR, "blue")
    assert PlayCard(other_four, "green") in rules.legal_moves(state, 0)


def test_a_seat_may_draw_even_while_holding_a_matching_card() -> None:
    state = playing([[c("2", "red")], [c("1", "blue")]], RED_FIVE, pile=[c("9", "blue")])
    assert DrawCard() in rules.legal_moves(state, 0)
    assert decide(state, DrawCard())[0] == CardsDrawn(0, 1, (c("9", "blue"),))


def test_a_draw_takes_exactly_one_card_from_the_top_of_the_pile() -> None:
    pile = [c("9", "red"), c("8", "red")]
    state = playing([[c("2", "blue")], [c("1", "blue")]], RED_FIVE, pile=pile)
    state = fold(state, decide(state, DrawCard()))
    assert state.hands[0] == (c("2", "blue"), c("9", "red"))
    assert state.pile == (c("8", "red"),)


def test_after_a_draw_only_the_drawn_card_may_be_played() -> None:
    state = playing([[c("2", "red")], [c("1", "blue")]], RED_FIVE, pile=[c("9", "red")])
    state = fold(state, decide(state, DrawCard()))
    assert rules.legal_moves(state, 0) == (PlayDrawn(c("9", "red")), KeepCard())
    assert refusal(state, PlayCard(c("2", "red"))) == "play_drawn_or_keep"
    assert refusal(state, PlayDrawn(c("2", "red"))) == "not_the_drawn_card"
    assert decide(state, PlayDrawn(c("9", "red"))) == (
        CardPlayed(0, c("9", "red"), "red"),
        TurnPassed(1),
    )


def test_a_drawn_wild_is_played_with_a_named_colour() -> None:
    state = playing([[c("2", "blue")], [c("1", "blue")]], RED_FIVE, pile=[WILD])
    state = fold(state, decide(state, DrawCard()))
    assert decide(state, PlayDrawn(WILD, "blue"))[0] == CardPlayed(0, WILD, "blue")


def test_keeping_the_drawn_card_ends_the_turn() -> None:
    state = playing([[c("2", "red")], [c("1", "blue")]], RED_FIVE, pile=[c("9", "red")])
    state = fold(state, decide(state, DrawCard()))
    assert decide(state, KeepCard()) == (TurnPassed(1),)


def test_a_drawn_card_that_cannot_be_played_ends_the_turn_at_once() -> None:
    state = playing([[c("2", "red")], [c("1", "blue")]], RED_FIVE, pile=[c("9", "blue")])
    assert decide(state, DrawCard()) == (CardsDrawn(0, 1, (c("9", "blue"),)), TurnPassed(1))


def test_play_drawn_and_keep_are_refused_when_nothing_was_drawn() -> None:
    state = playing([[c("2", "red")], [c("1", "blue")]], RED_FIVE, pile=[c("9", "blue")])
    assert refusal(state, KeepCard()) == "nothing_drawn"
    assert refusal(state, PlayDrawn(c("2", "red"))) == "nothing_drawn"
    assert refusal(state, ChooseColour("red")) == "illegal_move"
    assert refusal(state, DealNextRound()) == "illegal_move"


def test_a_seat_plays_one_card_per_turn() -> None:
    state = playing([[c("2", "red"), c("3", "red")], [c("1", "blue")] * 2], RED_FIVE)
    state = fold(state, decide(state, PlayCard(c("2", "red"))))
    assert state.current == 1
    assert refusal(state, PlayCard(c("3", "red")), seat=0) == "not_your_turn"


def test_every_legal_move_is_accepted() -> None:
    hand = [c("2", "red"), WILD, c("5", "blue"), c("9", "green"), TAKE_FOUR]
    state = playing([hand, [c("1", "blue")] * 2], RED_FIVE, pile=[c("4", "red")])
    for move in rules.legal_moves(state, 0):
        assert decide(state, move)

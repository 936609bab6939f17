"""Gnono: the deck, options, first player and first discard."""

from collections import Counter

import msgspec
import pytest

from domain.games.gnono import rules
from domain.games.gnono.cards import DECK, value
from domain.games.gnono.model import (
    CardPlayed,
    CardsDrawn,
    ChooseColour,
    ColourChosen,
    DirectionReversed,
    DrawCard,
    FirstPlayerDrawn,
    Options,
    PlayCard,
    RoundDealt,
    SeatCard,
    TurnPassed,
)
from tests.domain.gnono.given import (
    TAKE_FOUR,
    WILD,
    c,
    ctx,
    dealing,
    decide,
    fold,
    opening,
    refusal,
)


def test_the_deck_has_the_108_cards_of_standard_uno() -> None:
    kinds = Counter((card.rank, card.colour) for card in DECK)
    assert len(DECK) == len(set(DECK)) == 108
    assert kinds[("0", "red")] == 1
    assert all(kinds[(str(n), "blue")] == 2 for n in range(1, 10))
    assert all(kinds[(a, "green")] == 2 for a in ("take_two", "reverse", "skip"))
    assert kinds[("wild", None)] == kinds[("wild_take_four", None)] == 4


def test_cards_score_face_value_twenty_for_actions_and_fifty_for_wilds() -> None:
    assert [value(c(n, "red")) for n in ("0", "7", "9")] == [0, 7, 9]
    assert {value(c(a, "red")) for a in ("take_two", "reverse", "skip")} == {20}
    assert value(WILD) == value(TAKE_FOUR) == 50


def test_options_default_to_seven_cards_and_a_playout_score_of_500() -> None:
    assert Options() == Options(hand_size=7, playout_score=500)
    assert rules.seat_range(Options()) == (2, 10)


def test_eleven_card_hands_allow_two_to_eight_seats() -> None:
    assert rules.seat_range(Options(hand_size=11)) == (2, 8)


@pytest.mark.parametrize(
    "options", [{"hand_size": 9}, {"playout_score": 0}, {"playout_score": -5}, {"jokers": 2}]
)
def test_bad_options_are_refused(options: dict[str, int]) -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert(options, Options)


def test_the_seat_drawing_the_highest_number_plays_first() -> None:
    events = opening(3, [c("3", "red"), c("9", "blue"), c("8", "green")], c("5", "red"))
    assert events[0] == FirstPlayerDrawn(
        ((SeatCard(0, c("3", "red")), SeatCard(1, c("9", "blue")), SeatCard(2, c("8", "green"))),),
        first=1,
    )
    assert fold(dealing(3), events).current == 1


def test_action_cards_and_wilds_count_zero_in_the_first_player_draw() -> None:
    events = opening(3, [c("skip", "red"), WILD, c("1", "blue")], c("5", "red"))
    assert events[0].first == 2


def test_tied_seats_draw_again_and_only_they_do() -> None:
    draws = [c("7", "red"), c("2", "red"), c("7", "blue"), c("4", "green"), c("8", "green")]
    drawn = opening(3, draws, c("5", "red"))[0]
    assert [[d.seat for d in row] for row in drawn.draws] == [[0, 1, 2], [0, 2]]
    assert drawn.first == 2


def test_each_seat_is_dealt_seven_cards_by_default() -> None:
    state = fold(dealing(4), opening(4, [c("9", "red")], c("5", "red")))
    assert [len(hand) for hand in state.hands] == [7, 7, 7, 7]


def test_each_seat_is_dealt_eleven_cards_when_chosen() -> None:
    state = dealing(3, hand_size=11)
    state = fold(state, rules.start(state, ctx(0)))
    assert [len(hand) for hand in state.hands] == [11, 11, 11]


def test_the_rest_of_the_deck_is_the_pile_and_its_top_card_starts_the_discards() -> None:
    events = opening(4, [c("9", "red")], c("5", "red"))
    state = fold(dealing(4), events)
    assert state.discards == (c("5", "red"),)
    assert len(state.pile) == 108 - 4 * 7 - 1
    assert sorted(map(str, rules.all_cards(state))) == sorted(map(str, DECK))


def test_play_starts_clockwise_with_the_first_player() -> None:
    state = fold(dealing(4), opening(4, [c("1", "red"), c("9", "red")], c("5", "red")))
    assert state.direction == 1
    assert rules.view(state, 1).direction == "clockwise"
    assert state.current == 1


def test_a_number_turned_first_has_no_effect() -> None:
    events = opening(3, [c("9", "red")], c("5", "red"))
    assert [type(event) for event in events] == [FirstPlayerDrawn, RoundDealt]


def test_a_wild_take_four_turned_first_is_put_back_and_a_new_card_turned() -> None:
    events = opening(2, [c("9", "red")], TAKE_FOUR, [c("6", "blue")])
    dealt = events[1]
    assert dealt.returned == (TAKE_FOUR,)
    assert dealt.starter == c("6", "blue")
    assert TAKE_FOUR in dealt.pile


def test_a_wild_turned_first_waits_for_the_first_player_to_name_the_colour() -> None:
    state = fold(dealing(3), opening(3, [c("1", "red"), c("9", "red")], WILD))
    assert rules.legal_moves(state, 1) == tuple(
        ChooseColour(colour) for colour in ("red", "yellow", "green", "blue")
    )
    assert refusal(state, DrawCard(), seat=1) == "choose_colour_first"
    assert decide(state, ChooseColour("green"), 1) == (ColourChosen(1, "green"),)


def test_after_naming_the_colour_the_first_player_takes_a_normal_turn() -> None:
    state = fold(dealing(3), opening(3, [c("1", "red"), c("9", "red")], WILD))
    state = fold(state, decide(state, ChooseColour("red"), 1))
    red = next(card for card in state.hands[1] if card.colour == "red")
    assert state.current == 1
    assert decide(state, PlayCard(red), 1)[0] == CardPlayed(1, red, "red")


def test_a_take_two_turned_first_makes_the_first_player_draw_two_and_lose_the_turn() -> None:
    events = opening(3, [c("1", "red"), c("9", "red")], c("take_two", "red"))
    state = fold(dealing(3), events)
    assert isinstance(events[2], CardsDrawn) and events[2].seat == 1 and events[2].count == 2
    assert events[-1] == TurnPassed(2, skipped=1)
    assert len(state.hands[1]) == 9


def test_a_skip_turned_first_skips_the_first_player() -> None:
    events = opening(3, [c("1", "red"), c("9", "red")], c("skip", "red"))
    assert events[2:] == (TurnPassed(2, skipped=1),)


def test_a_reverse_turned_first_turns_play_counter_clockwise_and_the_dealer_starts() -> None:
    events = opening(4, [c("1", "red"), c("9", "red")], c("reverse", "red"))
    assert events[2:] == (DirectionReversed(-1), TurnPassed(0, skipped=1))
    assert fold(dealing(4), events).direction == -1


def test_a_reverse_turned_first_between_two_players_skips_the_first_player() -> None:
    events = opening(2, [c("1", "red"), c("9", "red")], c("reverse", "red"))
    assert fold(dealing(2), events).current == 0

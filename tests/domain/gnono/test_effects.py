"""Gnono: skip, reverse, take two / four, reshuffles."""

from domain.games.gnono import rules
from domain.games.gnono.model import (
    CardPlayed,
    CardsDrawn,
    DirectionReversed,
    DrawCard,
    PileReshuffled,
    PlayCard,
    TurnPassed,
)
from tests.domain.gnono.given import TAKE_FOUR, c, decide, fold, playing, refusal

RED_FIVE = c("5", "red")
SPARE = [c("1", "blue"), c("2", "blue")]


def test_a_skip_makes_the_next_seat_lose_its_turn() -> None:
    state = playing([[c("skip", "red"), *SPARE], SPARE, SPARE], RED_FIVE)
    assert decide(state, PlayCard(c("skip", "red")))[1:] == (TurnPassed(2, skipped=1),)


def test_a_reverse_flips_the_direction_of_play() -> None:
    state = playing([[c("reverse", "red"), *SPARE], SPARE, SPARE, SPARE], RED_FIVE)
    events = decide(state, PlayCard(c("reverse", "red")))
    assert events[1:] == (DirectionReversed(-1), TurnPassed(3))
    assert fold(state, events).direction == -1


def test_a_reverse_between_two_players_acts_as_a_skip() -> None:
    state = playing([[c("reverse", "red"), *SPARE], SPARE], RED_FIVE)
    assert decide(state, PlayCard(c("reverse", "red")))[1:] == (TurnPassed(0, skipped=1),)


def test_counter_clockwise_play_passes_the_turn_to_the_previous_seat() -> None:
    state = playing([SPARE, SPARE, [c("7", "red"), *SPARE]], RED_FIVE, current=2, direction=-1)
    assert decide(state, PlayCard(c("7", "red")), 2)[1:] == (TurnPassed(1),)


def test_a_take_two_makes_the_next_seat_draw_two_and_lose_its_turn() -> None:
    pile = [c("8", "blue"), c("9", "blue"), c("3", "green")]
    state = playing([[c("take_two", "red"), *SPARE], SPARE, SPARE], RED_FIVE, pile=pile)
    events = decide(state, PlayCard(c("take_two", "red")))
    assert events[1:] == (
        CardsDrawn(1, 2, (c("8", "blue"), c("9", "blue")), penalty=True),
        TurnPassed(2, skipped=1),
    )


def test_a_take_two_cannot_be_answered_by_another_take_two() -> None:
    hand = [c("take_two", "blue"), *SPARE]
    state = playing([[c("take_two", "red"), *SPARE], hand, SPARE], RED_FIVE, pile=SPARE * 2)
    state = fold(state, decide(state, PlayCard(c("take_two", "red"))))
    assert rules.legal_moves(state, 1) == ()
    assert refusal(state, PlayCard(c("take_two", "blue")), seat=1) == "not_your_turn"


def test_a_wild_take_four_names_a_colour_and_the_next_seat_draws_four_and_loses_its_turn() -> None:
    pile = [c(str(n), "green") for n in range(1, 6)]
    state = playing([[TAKE_FOUR, c("9", "blue")], SPARE, SPARE], RED_FIVE, pile=pile)
    events = decide(state, PlayCard(TAKE_FOUR, "yellow"))
    assert events == (
        CardPlayed(0, TAKE_FOUR, "yellow"),
        CardsDrawn(1, 4, tuple(pile[:4]), penalty=True),
        TurnPassed(2, skipped=1),
    )


def test_an_empty_pile_is_refilled_from_the_discards_keeping_the_top_discard() -> None:
    below = [c("1", "green"), c("2", "green"), c("3", "green")]
    state = playing([[c("9", "blue")], SPARE], RED_FIVE, below=below)
    shuffled = [c("2", "green"), c("3", "green"), c("1", "green")]
    events = decide(state, DrawCard(), 0, shuffled)
    assert events[0] == PileReshuffled(3, tuple(shuffled))
    after = fold(state, events)
    assert after.discards == (RED_FIVE,)
    assert after.hands[0][-1] == c("2", "green")
    assert after.pile == (c("3", "green"), c("1", "green"))


def test_a_penalty_larger_than_the_pile_takes_the_pile_then_the_reshuffled_discards() -> None:
    below = [c("1", "green"), c("2", "green")]
    hands = [[c("take_two", "red"), *SPARE], SPARE, SPARE]
    state = playing(hands, RED_FIVE, pile=[c("9", "blue")], below=below)
    events = decide(state, PlayCard(c("take_two", "red")), 0, [c("2", "green")])
    reshuffled = (c("2", "green"), c("1", "green"), RED_FIVE)
    assert events[1] == PileReshuffled(3, reshuffled)
    assert events[2] == CardsDrawn(1, 2, (c("9", "blue"), c("2", "green")), penalty=True)
    assert fold(state, events).discards == (c("take_two", "red"),)


def test_a_penalised_seat_draws_what_is_left_and_still_loses_its_turn() -> None:
    state = playing([[c("take_two", "red"), *SPARE], SPARE, SPARE], RED_FIVE)
    assert decide(state, PlayCard(c("take_two", "red")))[1:] == (
        PileReshuffled(1, (RED_FIVE,)),
        CardsDrawn(1, 1, (RED_FIVE,), penalty=True),
        TurnPassed(2, skipped=1),
    )


def test_a_draw_with_nothing_left_to_draw_ends_the_turn() -> None:
    state = playing([SPARE, SPARE], RED_FIVE)
    assert decide(state, DrawCard()) == (CardsDrawn(0, 0, ()), TurnPassed(1))

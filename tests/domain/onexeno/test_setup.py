"""Setup: seats, options, the first dealer, the deal and the first turn."""

from typing import Literal

import msgspec
import pytest

from domain.chance import Chance
from domain.decider import Context
from domain.games.onexeno import rules
from domain.games.onexeno.cards import DECK
from domain.games.onexeno.model import (
    DealerChosen,
    Event,
    HandDealt,
    Options,
    Placed,
    Playing,
    TurnBegan,
    Waiting,
    initial_state,
)
from domain.games.onexeno.rules import start
from tests.domain.onexeno.given import NOW, after


def opening(seats: int, seed: bytes = b"s", options: Options | None = None) -> tuple[Event, ...]:
    state = initial_state(options or Options(), seats)
    return start(state, Context(seat=0, now=NOW, chance=Chance(seed, 0), seed=seed))


def test_individual_play_seats_two_to_seven() -> None:
    assert rules.seat_range(Options()) == (2, 7)


@pytest.mark.parametrize(("teams", "seats"), [(2, 4), (3, 6)])
def test_a_partnership_game_seats_exactly_two_per_team(teams: Literal[2, 3], seats: int) -> None:
    assert rules.seat_range(Options(teams=teams)) == (seats, seats)


@pytest.mark.parametrize(
    "options", [{"teams": 1}, {"teams": 4}, {"hands": 0}, {"hands": 21}, {"colour": "red"}]
)
def test_impossible_options_fail_to_convert(options: dict[str, object]) -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert(options, Options)


def test_the_default_session_is_one_hand_alone_with_corners_matching() -> None:
    assert Options() == Options(teams=0, hands=1, corner_match=True)


def test_the_highest_draw_deals_and_only_tied_seats_draw_again() -> None:
    for seed in range(40):
        chosen = opening(5, seed.to_bytes(2, "big"))[0]
        assert isinstance(chosen, DealerChosen)
        contenders = {draw.seat for draw in chosen.rounds[0]}
        assert contenders == set(range(5))
        for round_ in chosen.rounds:
            assert {draw.seat for draw in round_} == contenders
            best = max(draw.card.value for draw in round_)
            contenders = {draw.seat for draw in round_ if draw.card.value == best}
        assert contenders == {chosen.dealer}


def test_some_dealer_draws_are_tied_and_drawn_again() -> None:
    chosen = [opening(7, bytes([seed]))[0] for seed in range(40)]
    assert max(len(event.rounds) for event in chosen if isinstance(event, DealerChosen)) > 1


def test_the_deal_gives_five_cards_each_and_turns_up_the_first_field_card() -> None:
    events = opening(4)
    dealt = events[1]
    assert isinstance(dealt, HandDealt)
    assert [len(hand) for hand in dealt.hands] == [5, 5, 5, 5]
    assert dealt.stack_size == len(dealt.stack) == 70 - 20 - 1
    everything = [*dealt.stack, dealt.up_card, *(c for hand in dealt.hands for c in hand)]
    assert sorted(everything, key=DECK.index) == list(DECK)


def test_the_first_field_card_lies_at_the_centre_as_turned_up() -> None:
    events = opening(3)
    state = after(initial_state(Options(), 3), events)
    assert isinstance(state, Playing)
    dealt = events[1]
    assert isinstance(dealt, HandDealt)
    assert state.hand.field == (Placed(0, 0, dealt.up_card, 0),)


def test_the_seat_left_of_the_dealer_begins_by_drawing_the_top_card() -> None:
    events = opening(6)
    chosen, dealt, began = events
    assert isinstance(chosen, DealerChosen) and isinstance(dealt, HandDealt)
    assert began == TurnBegan((chosen.dealer + 1) % 6, True, dealt.stack[0])
    state = after(initial_state(Options(), 6), events)
    assert isinstance(state, Playing)
    assert len(state.hand.hands[began.seat]) == 6
    assert len(state.hand.stack) == 70 - 30 - 2


def test_before_the_deal_the_whole_deck_is_waiting() -> None:
    state = initial_state(Options(), 2)
    assert isinstance(state, Waiting)
    assert sorted(rules.all_cards(state), key=DECK.index) == list(DECK)

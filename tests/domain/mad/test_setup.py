"""Components and setup, and turn order."""

from collections import Counter

import msgspec
import pytest

from domain.cards import same_cards
from domain.games.mad import rules
from domain.games.mad.cards import DECK
from domain.games.mad.model import CardPlaced, Dealt, Options, Playing, TurnPassed, initial_state
from domain.games.mad.rules import legal_moves, start
from tests.domain.mad.given import card, ctx, fold, place, playing, when


def deal(seats: int, options: Options | None = None, seed: bytes = b"deal") -> Dealt:
    (dealt,) = start(initial_state(options or Options(), seats), ctx(None, seed))
    assert isinstance(dealt, Dealt)
    return dealt


def test_the_deck_holds_one_card_for_each_of_four_elements_and_thirteen_numbers() -> None:
    assert len(set(DECK)) == 52
    assert Counter(card.element for card in DECK) == {"Pu": 13, "Ra": 13, "Th": 13, "U": 13}
    assert Counter(card.number for card in DECK) == {number: 4 for number in range(1, 14)}


def test_a_table_seats_two_to_six_players() -> None:
    assert rules.seat_range(Options()) == (2, 6)


@pytest.mark.parametrize(
    ("seats", "hand", "stockpile"), [(2, 10, 32), (3, 9, 25), (4, 8, 20), (5, 7, 17), (6, 6, 16)]
)
def test_starting_hands_follow_the_table_for_the_number_of_seats(
    seats: int, hand: int, stockpile: int
) -> None:
    dealt = deal(seats)

    assert [len(cards) for cards in dealt.hands] == [hand] * seats
    assert len(dealt.stockpile) == dealt.stockpile_size == stockpile
    assert same_cards((*(card for cards in dealt.hands for card in cards), *dealt.stockpile), DECK)


def test_the_hand_size_table_is_an_option_with_the_spec_values_as_default() -> None:
    options = msgspec.convert({"hand_sizes": [5, 9, 8, 7, 6]}, Options)

    assert [len(cards) for cards in deal(2, options).hands] == [5, 5]
    assert Options().hand_sizes == (10, 9, 8, 7, 6)


@pytest.mark.parametrize(
    "options",
    [
        {"hand_sizes": [27, 9, 8, 7, 6]},
        {"hand_sizes": [10, 9, 8, 7, 9]},
        {"hand_sizes": [0, 9, 8, 7, 6]},
        {"hand_sizes": [10, 9, 8, 7]},
        {"hand_size": 7},
    ],
)
def test_options_that_do_not_fit_the_deck_or_the_table_are_refused(options: object) -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert(options, Options)


def test_the_deal_is_shuffled() -> None:
    assert deal(4, seed=b"one").hands != deal(4, seed=b"two").hands


def test_the_first_seat_is_chosen_at_random() -> None:
    firsts = {deal(4, seed=bytes([n])).first_seat for n in range(40)}

    assert firsts == {0, 1, 2, 3}


def test_the_first_seat_drawn_is_the_only_one_to_move_first() -> None:
    dealt = deal(4)
    state = fold(initial_state(Options(), 4), (dealt,))

    assert isinstance(state, Playing)
    movers = [seat for seat in range(4) if legal_moves(state, seat)]
    assert movers == [dealt.first_seat]


@pytest.mark.parametrize(("turn", "after"), [(0, 1), (1, 2), (2, 0)])
def test_turns_pass_to_the_left(turn: int, after: int) -> None:
    hands = ["Pu1", "Pu2", "Pu3"]
    hands[turn] = "Ra9 Pu4"
    state = playing(rows=(". . Ra5",), hands=tuple(hands), stockpile="U1", turn=turn)

    events = when(state, place("Ra9", 0, 1))

    assert events == (CardPlaced(turn, card("Ra9"), 0, 1), TurnPassed(after))


@pytest.mark.parametrize(
    "command",
    [
        b'{"type": "place_card", "card": {"element": "Ra", "number": 5}, "row": 5, "column": 0}',
        b'{"type": "place_card", "card": {"element": "Xe", "number": 5}, "row": 0, "column": 0}',
        b'{"type": "place_card", "card": {"element": "Ra", "number": 14}, "row": 0, "column": 0}',
        b'{"type": "draw_cards", "count": 2}',
    ],
)
def test_commands_off_the_core_or_the_deck_fail_to_decode(command: bytes) -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(command, type=rules.Command)

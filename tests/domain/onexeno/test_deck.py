"""The deck: 70 one-sided cards, worth their number of dark cells."""

from collections import Counter

import msgspec

from domain.games.onexeno.cards import DECK, FACES, canonical, card_of, period, turned


def test_the_deck_has_exactly_seventy_distinct_cards() -> None:
    assert len(DECK) == 70
    assert len(set(DECK)) == 70


def test_every_border_pattern_is_one_card_counted_once_under_rotation() -> None:
    shown = Counter(card_of(face) for face in range(256))
    assert set(shown) == set(DECK)
    for card in DECK:
        assert shown[card] == len(FACES[card.pattern])


def test_card_values_follow_the_spec_distribution_and_total_280() -> None:
    counts = Counter(card.value for card in DECK)
    assert [counts[value] for value in range(9)] == [1, 2, 8, 14, 20, 14, 8, 2, 1]
    assert sum(card.value for card in DECK) == 280


def test_a_card_is_worth_its_number_of_dark_border_cells() -> None:
    for card in DECK:
        assert card.value == bin(card.pattern).count("1")


def test_four_cards_look_the_same_under_every_turn_and_ten_under_a_half_turn() -> None:
    periods = Counter(period(card.pattern) for card in DECK)
    assert periods[1] == 4
    assert periods[1] + periods[2] == 10
    assert sum(1 for card in DECK if turned(card.pattern, 2) == card.pattern) == 10


def test_a_quarter_turn_clockwise_moves_the_top_left_cell_to_the_top_right() -> None:
    top_left = 0b0000_0001
    assert turned(top_left, 1) == 0b0000_0100
    assert turned(top_left, 3) == 0b0100_0000
    assert turned(top_left, 4) == top_left


def test_cards_turn_but_never_flip_so_mirror_images_are_different_cards() -> None:
    chiral = 0b0000_1011  # q0, q1 and q3 dark
    mirrored = 0b0010_0011  # its left-right mirror: q2, q1 and q7 dark
    assert card_of(chiral) != card_of(mirrored)
    assert mirrored not in FACES[canonical(chiral)]


def test_the_deck_is_built_in_a_fixed_order_of_canonical_patterns() -> None:
    patterns = [card.pattern for card in DECK]
    assert patterns == sorted(patterns)
    assert all(canonical(pattern) == pattern for pattern in patterns)


def test_a_card_survives_json_as_a_plain_value() -> None:
    card = DECK[17]
    assert msgspec.json.decode(msgspec.json.encode(card), type=type(card)) == card

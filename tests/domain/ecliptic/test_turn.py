"""Ecliptic: a normal turn."""

from itertools import combinations

from domain.chance import Chance
from domain.games.ecliptic import rules
from domain.games.ecliptic.cards import DECK, card_key, is_pair
from domain.games.ecliptic.model import (
    Battle,
    BattleFought,
    CardsDrawn,
    GameEnded,
    KeepCard,
    PlayTurn,
    TurnBegan,
    TurnPlayed,
)
from tests.domain.ecliptic.helpers import HAND, OTHER, card, fold, given, then_refused, when

STOCK = (card(11, "yellow"), card(11, "grey"), card(2, "green"), card(3, "orange"))


def test_a_pair_of_one_sign_is_discarded_face_up_and_the_third_card_placed_on_ones_side() -> None:
    state = given((HAND, OTHER), stock=STOCK)
    play = PlayTurn((card(1, "red"), card(1, "green")), card(6, "grey"))
    after = fold(state, when(state, 0, play))
    assert after.discard == (card(1, "red"), card(1, "green"))
    assert after.lines[0][5] == card(6, "grey")
    assert card(6, "grey") not in after.hands[0] and card(1, "red") not in after.hands[0]


def test_a_pair_of_one_colour_is_accepted() -> None:
    state = given((HAND, OTHER), stock=STOCK)
    play = PlayTurn((card(1, "red"), card(4, "red")), card(6, "grey"))
    assert when(state, 0, play)[0] == TurnPlayed(0, play.pair, play.card)


def test_two_cards_of_different_sign_and_colour_are_refused_as_a_pair() -> None:
    state = given((HAND, OTHER), stock=STOCK)
    play = PlayTurn((card(1, "red"), card(6, "grey")), card(4, "red"))
    assert then_refused(state, 0, play) == "not_a_pair"


def test_the_third_card_need_not_match_the_pair() -> None:
    state = given((HAND, OTHER), stock=STOCK)
    play = PlayTurn((card(8, "yellow"), card(8, "violet")), card(1, "green"))
    assert fold(state, when(state, 0, play)).lines[0][0] == card(1, "green")


def test_placing_a_sign_already_on_ones_own_side_is_refused() -> None:
    state = given((HAND, OTHER), stock=STOCK, lines=((card(6, "red"),), ()))
    play = PlayTurn((card(1, "red"), card(1, "green")), card(6, "grey"))
    assert then_refused(state, 0, play) == "sign_taken"


def test_a_card_not_in_hand_is_refused() -> None:
    state = given((HAND, OTHER), stock=STOCK)
    play = PlayTurn((card(1, "red"), card(1, "green")), card(2, "red"))
    assert then_refused(state, 0, play) == "card_not_in_hand"


def test_the_placed_card_cannot_also_be_one_of_the_pair() -> None:
    state = given((HAND, OTHER), stock=STOCK)
    play = PlayTurn((card(1, "red"), card(1, "green")), card(1, "green"))
    assert then_refused(state, 0, play) == "same_card"


def test_a_seat_out_of_turn_is_refused() -> None:
    state = given((HAND, OTHER), stock=STOCK)
    play = PlayTurn((card(2, "red"), card(12, "red")), card(3, "grey"))
    assert then_refused(state, 1, play) == "not_your_turn"
    assert rules.legal_moves(state, 1) == ()


def test_the_pair_may_be_sent_in_either_order() -> None:
    state = given((HAND, OTHER), stock=STOCK)
    play = PlayTurn((card(1, "green"), card(1, "red")), card(6, "grey"))
    assert when(state, 0, play)[0] == TurnPlayed(0, play.pair, play.card)


def test_a_sign_new_for_both_refills_the_hand_to_seven_then_passes_the_turn() -> None:
    state = given((HAND, OTHER), stock=STOCK)
    play = PlayTurn((card(1, "red"), card(1, "green")), card(6, "grey"))
    events = when(state, 0, play)
    assert events[1:] == (CardsDrawn(0, 3, STOCK[:3]), TurnBegan(1))
    after = fold(state, events)
    assert len(after.hands[0]) == 7 and after.stock == STOCK[3:]


def test_a_triplet_new_for_both_refills_first_and_then_replays() -> None:
    state = given((HAND, OTHER), stock=STOCK)
    play = PlayTurn((card(8, "yellow"), card(8, "violet")), card(8, "orange"))
    events = when(state, 0, play)
    assert events[1:] == (CardsDrawn(0, 3, STOCK[:3]), TurnBegan(0, replay=True))
    assert rules.legal_moves(fold(state, events), 0)


def test_a_pair_of_one_sign_with_another_sign_placed_is_no_triplet() -> None:
    state = given((HAND, OTHER), stock=STOCK)
    play = PlayTurn((card(8, "yellow"), card(8, "violet")), card(4, "red"))
    assert when(state, 0, play)[-1] == TurnBegan(1)


def test_a_triplet_whose_sign_is_on_the_opponents_side_leads_to_battle_not_replay() -> None:
    state = given((HAND, OTHER), stock=STOCK, lines=((), (card(8, "green"),)))
    play = PlayTurn((card(8, "yellow"), card(8, "violet")), card(8, "orange"))
    events = when(state, 0, play)
    assert isinstance(events[-1], BattleFought)
    assert not any(isinstance(event, TurnBegan) for event in events)
    after = fold(state, events)
    assert isinstance(after.phase, Battle)
    winner = after.phase.winner
    settled = when(after, winner, KeepCard(card(8, "orange")))
    assert settled[-1] == TurnBegan(1)


def test_a_play_while_a_battle_awaits_its_winner_is_refused() -> None:
    state = given((HAND, OTHER), stock=STOCK, lines=((), (card(6, "red"),)))
    play = PlayTurn((card(1, "red"), card(1, "green")), card(6, "grey"))
    after = fold(state, when(state, 0, play))
    again = PlayTurn((card(8, "yellow"), card(8, "violet")), card(4, "red"))
    assert then_refused(after, 0, again) == "battle_pending"


def test_there_is_no_pass_the_legal_moves_are_exactly_the_complete_turns() -> None:
    state = given((HAND, OTHER), stock=STOCK, lines=((card(4, "green"),), ()))
    expected = {
        (frozenset(pair), third)
        for pair in combinations(HAND, 2)
        if is_pair(*pair)
        for third in HAND
        if third not in pair and third.sign != 4
    }
    moves = rules.legal_moves(state, 0)
    assert all(isinstance(move, PlayTurn) for move in moves)
    assert {(frozenset(m.pair), m.card) for m in moves} == expected
    assert len(moves) == len(expected)


def test_every_legal_turn_is_accepted_as_sent() -> None:
    state = given((HAND, OTHER), stock=STOCK)
    for move in rules.legal_moves(state, 0):
        assert when(state, 0, move)[0] == TurnPlayed(0, move.pair, move.card)


def test_seven_cards_always_hold_a_pair_so_an_empty_side_always_has_a_turn() -> None:
    chance = Chance(b"hands", 0)
    for _ in range(200):
        hand = sorted(chance.shuffle(DECK)[:7], key=card_key)
        assert any(is_pair(*pair) for pair in combinations(hand, 2))
        assert rules.legal_moves(given((hand, ())), 0)


def test_commands_after_the_end_are_refused() -> None:
    state = given((HAND, OTHER), stock=STOCK)
    over = fold(state, [GameEnded("no_legal_turn", 0)])
    play = PlayTurn((card(1, "red"), card(1, "green")), card(6, "grey"))
    assert then_refused(over, 0, play) == "game_over"
    assert rules.legal_moves(over, 0) == ()

"""Ecliptic: the end of the game."""

from domain.games.ecliptic import rules
from domain.games.ecliptic.model import (
    BattleFought,
    CardsDrawn,
    GameEnded,
    KeepCard,
    PlayTurn,
    TurnBegan,
    TurnPlayed,
)
from tests.domain.ecliptic.helpers import HAND, OTHER, card, fold, given, when
from tests.domain.ecliptic.test_battle import ATTACK, ATTACKER, DEFENDER_LEO, REFILL, WEAK

LAST = (card(11, "yellow"), card(11, "grey"), card(2, "green"))
PLAIN = PlayTurn((card(1, "red"), card(1, "green")), card(6, "grey"))
TRIPLET = PlayTurn((card(8, "yellow"), card(8, "violet")), card(8, "orange"))


def test_drawing_the_last_stock_card_at_a_turns_end_gives_the_opponent_one_final_turn() -> None:
    events = when(given((HAND, OTHER), stock=LAST), 0, PLAIN)
    assert events[1:] == (CardsDrawn(0, 3, LAST), TurnBegan(1, final=True))


def test_a_triplet_on_the_turn_that_drew_the_last_card_earns_no_replay() -> None:
    events = when(given((HAND, OTHER), stock=LAST), 0, TRIPLET)
    assert events[-1] == TurnBegan(1, final=True)


def test_the_game_ends_after_the_final_turn_without_drawing() -> None:
    state = given((HAND, OTHER), stock=(), final=True)
    events = when(state, 0, TRIPLET)
    assert events == (TurnPlayed(0, TRIPLET.pair, TRIPLET.card), GameEnded("stock_exhausted"))
    assert rules.is_terminal(fold(state, events))


def test_a_battle_on_the_final_turn_draws_nothing_and_the_game_ends_after_the_exchange() -> None:
    state = given((ATTACKER, WEAK), stock=(), final=True, lines=((), (DEFENDER_LEO,)))
    events = when(state, 0, ATTACK)
    assert not any(isinstance(event, CardsDrawn) for event in events)
    assert isinstance(events[-1], BattleFought) and events[-1].attacker_strength == 3 + 4
    after = fold(state, events)
    assert not rules.is_terminal(after)
    settled = when(after, 0, KeepCard(card(5, "red")))
    assert settled[-1] == GameEnded("stock_exhausted")
    assert rules.is_terminal(fold(after, settled))


def test_drawing_the_last_card_in_a_battle_refill_finishes_that_battle_then_ends_the_game() -> None:
    state = given((ATTACKER, WEAK), stock=REFILL, lines=((), (DEFENDER_LEO,)))
    events = when(state, 0, ATTACK)
    assert events[1] == CardsDrawn(0, 3, REFILL)
    after = fold(state, events)
    assert not rules.is_terminal(after) and rules.legal_moves(after, 0)
    settled = when(after, 0, KeepCard(DEFENDER_LEO))
    assert [type(event).__name__ for event in settled] == [
        "SignKept",
        "CardsExchanged",
        "GameEnded",
    ]
    assert settled[-1] == GameEnded("stock_exhausted")


def test_the_game_ends_at_once_when_the_player_to_move_has_no_legal_turn() -> None:
    blocked = tuple(card(sign, "red") for sign in range(1, 8))
    held = tuple(card(sign, "yellow") for sign in range(1, 8))
    mover = (card(8, "green"), card(9, "green"), card(10, "green"), *OTHER[:4])
    state = given((mover, blocked), lines=((), held))
    events = when(state, 0, PlayTurn((card(8, "green"), card(9, "green")), card(10, "green")))
    assert events[-1] == GameEnded("no_legal_turn", 1)
    assert rules.is_terminal(fold(state, events))


def test_a_hand_of_fewer_than_three_cards_has_no_legal_turn() -> None:
    state = given(((card(1, "red"), card(1, "grey")), OTHER))
    assert rules.legal_moves(state, 0) == ()


def test_a_hand_without_a_pair_has_no_legal_turn() -> None:
    state = given(((card(1, "red"), card(2, "grey"), card(3, "green")), OTHER))
    assert rules.legal_moves(state, 0) == ()

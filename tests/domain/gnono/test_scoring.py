"""Gnono: round scoring, the game's end, later rounds."""

from domain.decider import Standing
from domain.games.gnono import rules
from domain.games.gnono.cards import DECK
from domain.games.gnono.model import (
    CardsDrawn,
    DealNextRound,
    DrawCard,
    Finished,
    GameWon,
    Options,
    PlayCard,
    RoundDealt,
    RoundScored,
)
from tests.domain.gnono.given import TAKE_FOUR, WILD, c, decide, fold, playing, refusal

RED_FIVE = c("5", "red")
LAST = c("2", "red")


def round_won_by_seat_0(**fields: object) -> object:
    hands = [[LAST], [c("5", "blue"), c("skip", "green")], [WILD, c("9", "red")]]
    state = playing(hands, RED_FIVE, **fields)
    return fold(state, decide(state, PlayCard(LAST)))


def test_the_round_winner_scores_the_cards_left_in_every_other_hand() -> None:
    hands = [[LAST], [c("5", "blue"), c("skip", "green")], [WILD, c("9", "red")]]
    events = decide(playing(hands, RED_FIVE), PlayCard(LAST))
    assert events[1] == RoundScored(1, 0, 84, (0, 25, 59), (84, 0, 0))


def test_the_penalty_of_a_final_take_two_is_drawn_before_scoring() -> None:
    pile = [c("3", "blue"), c("reverse", "blue"), c("9", "yellow")]
    hands = [[c("take_two", "red")], [c("5", "blue")], [c("1", "blue")]]
    events = decide(playing(hands, RED_FIVE, pile=pile), PlayCard(c("take_two", "red")))
    assert events[1] == CardsDrawn(1, 2, (c("3", "blue"), c("reverse", "blue")), penalty=True)
    assert events[2] == RoundScored(1, 0, 5 + 3 + 20 + 1, (0, 28, 1), (29, 0, 0))


def test_the_penalty_of_a_final_wild_take_four_is_drawn_before_scoring() -> None:
    pile = [c("1", "green"), c("2", "green"), c("3", "green"), c("4", "green")]
    hands = [[TAKE_FOUR], [c("5", "blue")]]
    events = decide(playing(hands, RED_FIVE, pile=pile), PlayCard(TAKE_FOUR, "red"))
    assert events[1].count == 4
    assert events[2].points == 5 + 1 + 2 + 3 + 4


def test_reaching_the_playout_score_exactly_wins_the_game() -> None:
    state = round_won_by_seat_0(scores=(416, 300, 0))
    assert state.scores == (500, 300, 0)
    assert isinstance(state, Finished) and state.winner == 0
    assert rules.is_terminal(state)
    assert rules.outcome(state) == (Standing(0, 500, 1), Standing(1, 300, 2), Standing(2, 0, 3))


def test_the_playout_score_is_an_option() -> None:
    state = round_won_by_seat_0(options=Options(playout_score=80))
    assert isinstance(state, Finished)


def test_below_the_playout_score_the_winner_deals_the_next_round() -> None:
    state = round_won_by_seat_0(scores=(0, 450, 0))
    assert not rules.is_terminal(state)
    assert rules.legal_moves(state, 0) == (DealNextRound(),)
    assert rules.legal_moves(state, 1) == ()
    assert refusal(state, DealNextRound(), seat=1) == "not_your_turn"
    assert refusal(state, DrawCard()) == "round_over"


def test_the_game_ends_only_with_the_round_winner_reaching_the_playout_score() -> None:
    hands = [[LAST], [c("5", "blue")]]
    state = playing(hands, RED_FIVE, scores=(0, 499))
    assert GameWon not in map(type, decide(state, PlayCard(LAST)))


def test_a_new_round_reshuffles_all_108_cards_and_keeps_the_scores() -> None:
    state = round_won_by_seat_0()
    events = decide(state, DealNextRound())
    after = fold(state, events)
    assert isinstance(events[0], RoundDealt) and events[0].round == 2
    assert sorted(map(str, rules.all_cards(after))) == sorted(map(str, DECK))
    assert [len(hand) for hand in after.hands] == [7, 7, 7]
    assert after.scores == (84, 0, 0)


def test_the_seat_after_the_previous_first_player_plays_first_in_the_next_round() -> None:
    state = round_won_by_seat_0(first=2)
    dealt = decide(state, DealNextRound())[0]
    assert dealt.first == 0
    assert fold(state, decide(state, DealNextRound())).first == 0

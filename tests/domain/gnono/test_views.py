"""Gnono's information model (rule 1, engine notes): what each viewer sees and is told."""

from domain.decider import REFEREE, SPECTATOR
from domain.games.gnono import rules
from domain.games.gnono.model import (
    CardsDrawn,
    DealNextRound,
    DrawCard,
    PileReshuffled,
    PlayCard,
    RoundDealt,
)
from tests.domain.gnono.given import WILD, c, decide, fold, opening, playing
from tests.domain.playout import cards_in

RED_FIVE = c("5", "red")
HANDS = [[c("2", "red"), WILD], [c("3", "blue")], [c("4", "green"), c("6", "green")]]
PILE = [c("9", "yellow"), c("8", "yellow")]


def test_a_seat_sees_its_hand_the_others_counts_and_the_public_table() -> None:
    seen = rules.view(playing(HANDS, RED_FIVE, pile=PILE, scores=(10, 0, 30), round=2), 0)
    assert seen.hand == (c("2", "red"), WILD)
    assert seen.hand_counts == (2, 1, 2)
    assert (seen.top, seen.colour, seen.direction) == (RED_FIVE, "red", "clockwise")
    assert (seen.current, seen.step, seen.pile_count) == (0, "play", 2)
    assert (seen.scores, seen.round, seen.playout_score) == ((10, 0, 30), 2, 500)


def test_a_seat_never_sees_another_hand_or_the_pile() -> None:
    state = playing(HANDS, RED_FIVE, pile=PILE)
    for seat in range(3):
        shown = set(cards_in(rules.view(state, seat), type(RED_FIVE)))
        assert shown == {*HANDS[seat], RED_FIVE}
        assert not shown & rules.hidden(state, seat)


def test_a_spectator_sees_no_hand() -> None:
    seen = rules.view(playing(HANDS, RED_FIVE, pile=PILE), SPECTATOR)
    assert set(cards_in(seen, type(RED_FIVE))) == {RED_FIVE}


def test_the_referee_sees_every_hand() -> None:
    seen = rules.view(playing(HANDS, RED_FIVE, pile=PILE), REFEREE)
    assert seen.hands == tuple(map(tuple, HANDS))


def test_the_drawn_card_is_shown_to_its_drawer_only() -> None:
    state = playing(HANDS, RED_FIVE, pile=[c("9", "red")])
    state = fold(state, decide(state, DrawCard()))
    assert rules.view(state, 0).drawn == c("9", "red")
    assert rules.view(state, 0).step == "play_drawn_or_keep"
    assert rules.view(state, 1).drawn is None


def test_cards_drawn_are_told_to_others_only_by_their_count() -> None:
    event = CardsDrawn(1, 2, (c("9", "red"), c("8", "red")), penalty=True)
    assert rules.redact(event, 1) == event
    assert rules.redact(event, 0) == CardsDrawn(1, 2, (), penalty=True)
    assert rules.redact(event, SPECTATOR) == CardsDrawn(1, 2, (), penalty=True)


def test_the_order_of_a_reshuffled_pile_is_told_to_nobody_at_the_table() -> None:
    event = PileReshuffled(2, (c("9", "red"), c("8", "red")))
    assert rules.redact(event, 0) == PileReshuffled(2)
    assert rules.redact(event, REFEREE) == event


def test_a_deal_shows_each_seat_its_own_hand_only() -> None:
    dealt = opening(3, [c("9", "red")], RED_FIVE)[1]
    assert isinstance(dealt, RoundDealt)
    mine = rules.redact(dealt, 1)
    assert mine.hands == ((), dealt.hands[1], ())
    assert (mine.pile, mine.pile_count, mine.hand_size) == ((), len(dealt.pile), 7)
    assert rules.redact(dealt, SPECTATOR).hands == ((), (), ())


def test_every_hand_is_shown_once_a_round_is_scored() -> None:
    hands = [[c("2", "red")], [c("3", "blue")], [c("4", "green")]]
    state = playing(hands, RED_FIVE, pile=PILE)
    state = fold(state, decide(state, PlayCard(c("2", "red"))))
    seen = rules.view(state, 1)
    assert seen.hands == ((), (c("3", "blue"),), (c("4", "green"),))
    assert (seen.step, seen.current, seen.winner) == ("deal_next_round", 0, 0)
    assert not rules.hidden(state, 1) & {c("4", "green")}
    assert decide(state, DealNextRound())


def test_the_finished_game_shows_everything_and_the_winner() -> None:
    hands = [[c("2", "red")], [c("3", "blue")]]
    state = playing(hands, RED_FIVE, scores=(499, 0))
    state = fold(state, decide(state, PlayCard(c("2", "red"))))
    seen = rules.view(state, SPECTATOR)
    assert seen.winner == 0 and seen.hands == ((), (c("3", "blue"),))
    assert rules.hidden(state, SPECTATOR) == frozenset()

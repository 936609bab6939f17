"""Ecliptic: the battle, and the cards it shows in views."""

from domain.decider import SPECTATOR
from domain.games.ecliptic import rules
from domain.games.ecliptic.cards import Card, contributing, strength
from domain.games.ecliptic.model import (
    Battle,
    BattleFought,
    CardsDrawn,
    CardsExchanged,
    KeepCard,
    PlayTurn,
    SignKept,
    State,
    TurnBegan,
)
from tests.domain.ecliptic.helpers import card, fold, given, then_refused, when

# The attacker (seat 0) discards two orange cards and places its red Leo; the defender
# (seat 1) holds the grey Leo. After refilling with three violets the attacker's hand is
# 2-3-4 yellow, 6 yellow, 8-9-10 violet: a run of 3 and 4 yellows, strength 7.
ATTACKER = (
    card(1, "orange"),
    card(7, "orange"),
    card(5, "red"),
    card(2, "yellow"),
    card(3, "yellow"),
    card(4, "yellow"),
    card(6, "yellow"),
)
REFILL = (card(8, "violet"), card(9, "violet"), card(10, "violet"))
MORE = (card(12, "yellow"), card(11, "orange"), card(10, "yellow"))
ATTACK = PlayTurn((card(1, "orange"), card(7, "orange")), card(5, "red"))
DEFENDER_LEO = card(5, "grey")
SHOWN_BY_ATTACKER = (card(2, "yellow"), card(3, "yellow"), card(4, "yellow"), card(6, "yellow"))
# Strength 3: no two consecutive signs, two greens at most.
WEAK = (
    card(1, "red"),
    card(1, "grey"),
    card(3, "grey"),
    card(5, "violet"),
    card(7, "green"),
    card(9, "green"),
    card(11, "yellow"),
)
# Strength 12: 6 to 12 in a row and five reds.
STRONG = (
    card(6, "red"),
    card(7, "red"),
    card(8, "red"),
    card(9, "red"),
    card(10, "red"),
    card(11, "grey"),
    card(12, "grey"),
)
# Strength 7: 6 to 9 in a row and three reds; ties with the attacker.
EVEN = (
    card(2, "orange"),
    card(6, "red"),
    card(7, "red"),
    card(8, "red"),
    card(9, "green"),
    card(11, "grey"),
    card(12, "violet"),
)


def battle(defender_hand: tuple[Card, ...], stock: tuple[Card, ...] = (*REFILL, *MORE)) -> State:
    return given((ATTACKER, defender_hand), stock=stock, lines=((), (DEFENDER_LEO,)))


def fought(events: tuple[object, ...]) -> BattleFought:
    found = [event for event in events if isinstance(event, BattleFought)]
    assert len(found) == 1
    return found[0]


def test_strength_is_the_longest_cyclic_run_of_distinct_signs_plus_the_largest_colour_group() -> (
    None
):
    assert strength(ATTACKER[3:] + REFILL) == 3 + 4
    assert strength(WEAK) == 1 + 2
    assert strength(STRONG) == 7 + 5


def test_a_run_of_signs_wraps_from_pisces_to_aries() -> None:
    hand = (
        card(11, "red"),
        card(12, "grey"),
        card(1, "green"),
        card(2, "violet"),
        card(6, "orange"),
    )
    assert strength(hand) == 4 + 1


def test_duplicate_signs_do_not_lengthen_a_run() -> None:
    hand = (card(3, "red"), card(3, "grey"), card(4, "green"), card(4, "violet"), card(9, "orange"))
    assert strength(hand) == 2 + 1


def test_a_hand_of_all_twelve_signs_has_a_run_of_twelve() -> None:
    colours = ("red", "grey", "green", "violet", "orange", "yellow")
    hand = tuple(card(sign, colours[sign % 6]) for sign in range(1, 13))
    assert strength(hand) == 12 + 2


def test_placing_a_sign_the_opponent_holds_starts_a_battle_after_both_refills_in_order() -> None:
    defender = WEAK[:6]
    events = when(battle(defender), 0, ATTACK)
    assert events[1:3] == (CardsDrawn(0, 3, REFILL), CardsDrawn(1, 1, MORE[:1]))
    assert isinstance(events[3], BattleFought) and len(events) == 4


def test_a_short_stock_refills_as_far_as_it_goes_and_the_battle_uses_the_cards_held() -> None:
    events = when(battle(WEAK, stock=REFILL[:2]), 0, ATTACK)
    assert events[1] == CardsDrawn(0, 2, REFILL[:2])
    result = fought(events)
    assert result.attacker_strength == 3 + 4
    assert len(events) == 3


def test_the_stronger_attacker_wins_and_shows_only_its_own_contributing_cards() -> None:
    result = fought(when(battle(WEAK), 0, ATTACK))
    assert (result.winner, result.attacker_strength) == (0, 7)
    assert result.attacker_cards == SHOWN_BY_ATTACKER
    assert (result.defender_strength, result.defender_cards) == (None, ())


def test_a_battle_won_by_the_defender_shows_the_defenders_cards_to_the_attacker() -> None:
    state = battle(STRONG)
    events = when(state, 0, ATTACK)
    result = fought(events)
    assert (result.winner, result.defender_strength) == (1, 12)
    assert set(result.defender_cards) == set(STRONG)
    after = fold(state, events)
    assert set(rules.view(after, 0).shown) == set(STRONG)
    assert not set(STRONG) & rules.hidden(after, 0)


def test_a_tie_is_won_by_the_attacker_and_the_defenders_total_stays_secret() -> None:
    assert strength(EVEN) == 7
    result = fought(when(battle(EVEN), 0, ATTACK))
    assert result.winner == 0
    assert (result.defender_strength, result.defender_cards) == (None, ())


def test_shown_cards_are_the_colour_group_and_one_card_per_sign_of_the_run() -> None:
    hand = (card(1, "red"), card(2, "red"), card(2, "grey"), card(3, "grey"), card(5, "red"))
    shown = (card(1, "red"), card(2, "red"), card(3, "grey"), card(5, "red"))
    assert contributing(hand) == shown


def test_the_attackers_shown_cards_stay_visible_to_the_defender_and_marked_shown() -> None:
    state = battle(WEAK)
    after = fold(state, when(state, 0, ATTACK))
    assert rules.view(after, 1).shown == SHOWN_BY_ATTACKER
    assert not set(SHOWN_BY_ATTACKER) & rules.hidden(after, 1)
    assert set(SHOWN_BY_ATTACKER) <= rules.hidden(after, SPECTATOR)
    assert rules.view(after, SPECTATOR).battle.attacker_cards == ()


def test_the_winning_attacker_may_keep_its_own_card_and_the_other_is_discarded() -> None:
    state = fold(battle(WEAK), when(battle(WEAK), 0, ATTACK))
    events = when(state, 0, KeepCard(card(5, "red")))
    assert events[0] == SignKept(0, card(5, "red"), DEFENDER_LEO)
    after = fold(state, events)
    assert (after.lines[0][4], after.lines[1][4]) == (card(5, "red"), None)
    assert after.discard[-1] == DEFENDER_LEO


def test_the_winning_attacker_may_take_the_defenders_card_instead() -> None:
    state = fold(battle(WEAK), when(battle(WEAK), 0, ATTACK))
    after = fold(state, when(state, 0, KeepCard(DEFENDER_LEO)))
    assert (after.lines[0][4], after.lines[1][4]) == (DEFENDER_LEO, None)
    assert after.discard[-1] == card(5, "red")


def test_a_winning_defender_may_keep_the_attackers_card_on_its_own_side() -> None:
    state = fold(battle(STRONG), when(battle(STRONG), 0, ATTACK))
    assert {move.card for move in rules.legal_moves(state, 1)} == {card(5, "red"), DEFENDER_LEO}
    after = fold(state, when(state, 1, KeepCard(card(5, "red"))))
    assert (after.lines[0][4], after.lines[1][4]) == (None, card(5, "red"))
    assert after.discard[-1] == DEFENDER_LEO


def test_only_the_winner_chooses_which_card_to_keep() -> None:
    state = fold(battle(STRONG), when(battle(STRONG), 0, ATTACK))
    assert then_refused(state, 0, KeepCard(card(5, "red"))) == "not_your_choice"
    assert rules.legal_moves(state, 0) == ()


def test_the_kept_card_must_be_one_of_the_disputed_sign() -> None:
    state = fold(battle(STRONG), when(battle(STRONG), 0, ATTACK))
    assert then_refused(state, 1, KeepCard(card(6, "red"))) == "not_disputed"


def test_keeping_a_card_without_a_battle_is_refused() -> None:
    assert then_refused(battle(WEAK), 0, KeepCard(card(5, "red"))) == "no_battle"


def test_the_exchange_takes_one_random_card_from_each_hand_as_they_stood() -> None:
    state = fold(battle(WEAK), when(battle(WEAK), 0, ATTACK))
    picks = set()
    for seed in range(12):
        events = when(state, 0, KeepCard(card(5, "red")), seed=bytes([seed]))
        exchange = events[1]
        assert isinstance(exchange, CardsExchanged)
        assert exchange.to_attacker in state.hands[1]
        assert exchange.to_defender in state.hands[0]
        after = fold(state, events)
        assert exchange.to_attacker in after.hands[0] and exchange.to_defender in after.hands[1]
        assert [len(hand) for hand in after.hands] == [len(hand) for hand in state.hands]
        picks.add((exchange.to_attacker, exchange.to_defender))
    assert len(picks) > 3


def test_the_exchanged_cards_are_known_to_both_seats_and_not_to_spectators() -> None:
    state = fold(battle(WEAK), when(battle(WEAK), 0, ATTACK))
    events = when(state, 0, KeepCard(card(5, "red")))
    exchange = events[1]
    assert isinstance(exchange, CardsExchanged)
    after = fold(state, events)
    assert exchange.to_defender in rules.view(after, 0).shown
    assert exchange.to_attacker in rules.view(after, 1).shown
    assert exchange.to_defender not in rules.hidden(after, 0)
    assert {exchange.to_attacker, exchange.to_defender} <= rules.hidden(after, SPECTATOR)
    for seat in (0, 1):
        assert rules.redact(exchange, seat) == exchange
    assert rules.redact(exchange, SPECTATOR) == CardsExchanged(0, 1, None, None)


def test_after_the_battle_the_turn_passes_to_the_defender() -> None:
    for defender_hand, winner in ((WEAK, 0), (STRONG, 1)):
        state = fold(battle(defender_hand), when(battle(defender_hand), 0, ATTACK))
        assert isinstance(state.phase, Battle) and state.phase.winner == winner
        events = when(state, winner, KeepCard(card(5, "red")))
        assert events[-1] == TurnBegan(1)

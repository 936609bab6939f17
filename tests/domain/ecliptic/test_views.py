"""What each viewer sees: the information each seat and a spectator may have."""

from typing import Any

import msgspec

from domain.decider import REFEREE, SPECTATOR
from domain.games.ecliptic import rules
from domain.games.ecliptic.model import CardsDrawn, Event, GameOpened, Options, PlayTurn
from tests.domain.ecliptic.helpers import card, ctx, fold, given, when
from tests.domain.ecliptic.test_battle import ATTACK, ATTACKER, DEFENDER_LEO, STRONG, WEAK, battle
from tests.domain.playout import cards_in

PLAY = PlayTurn((card(1, "orange"), card(7, "orange")), card(2, "yellow"))


def seen_as(event: Event, viewer: int) -> Any:
    shown = rules.redact(event, viewer)
    assert shown is not None
    return shown


def test_a_seat_sees_its_own_hand_the_other_hand_size_both_lines_and_the_discard() -> None:
    state = given((ATTACKER, WEAK), lines=((), (DEFENDER_LEO,)))
    after = fold(state, when(state, 0, PLAY))
    seen = rules.view(after, 1)
    assert seen.hand == WEAK and seen.hand_sizes == (7, 7)
    assert seen.lines == after.lines and seen.discard == PLAY.pair
    assert seen.stock_size == len(after.stock) and seen.to_move == 1
    assert not set(cards_in(seen, type(DEFENDER_LEO))) & set(after.hands[0])


def test_a_spectator_sees_no_hand_and_the_referee_sees_everything() -> None:
    state = given((ATTACKER, WEAK), lines=((), (DEFENDER_LEO,)))
    spectator = rules.view(state, SPECTATOR)
    assert not set(cards_in(spectator, type(DEFENDER_LEO))) & {*ATTACKER, *WEAK, *state.stock}
    referee = rules.view(state, REFEREE)
    assert referee.hands == state.hands and referee.stock == state.stock
    assert rules.hidden(state, REFEREE) == frozenset()


def test_the_view_shows_each_sides_current_points() -> None:
    state = given(((), ()), lines=((card(1, "red"), card(2, "red")), ()), signs=(2, 5))
    assert rules.view(state, SPECTATOR).points == (2 + 2 + 1, 0)


def test_the_opening_deal_shows_each_seat_only_its_own_hand() -> None:
    (opened,) = rules.start(rules.initial_state(Options(), 2), ctx(0))
    assert isinstance(opened, GameOpened)
    for seat in (0, 1):
        shown = seen_as(opened, seat)
        assert shown.hands[seat] == opened.hands[seat] and shown.hands[1 - seat] == ()
        assert shown.stock == () and shown.stock_size == 58
    assert seen_as(opened, SPECTATOR).hands == ((), ())
    assert rules.redact(opened, REFEREE) == opened


def test_drawn_cards_are_shown_to_the_drawer_only() -> None:
    drawn = CardsDrawn(0, 2, (card(3, "red"), card(4, "red")))
    assert rules.redact(drawn, 0) == drawn
    assert rules.redact(drawn, 1) == CardsDrawn(0, 2)
    assert rules.redact(drawn, SPECTATOR) == CardsDrawn(0, 2)


def test_battle_cards_are_cut_from_the_event_for_spectators_only() -> None:
    fought = when(battle(WEAK), 0, ATTACK)[-1]
    assert rules.redact(fought, 1) == fought
    assert seen_as(fought, SPECTATOR).attacker_cards == ()
    assert seen_as(fought, SPECTATOR).attacker_strength == 7


def test_views_encode_as_json_for_every_viewer() -> None:
    state = fold(battle(STRONG), when(battle(STRONG), 0, ATTACK))
    for viewer in (0, 1, SPECTATOR, REFEREE):
        decoded = msgspec.json.decode(msgspec.json.encode(rules.view(state, viewer)))
        assert decoded["phase"] == "battle" and decoded["to_move"] == 1

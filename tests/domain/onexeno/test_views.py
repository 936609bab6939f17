"""What each viewer sees: own hand private, field and taken piles public."""

from domain.decider import REFEREE, SPECTATOR
from domain.games.onexeno.model import HandDealt, Playing, TricksTaken, TurnBegan
from domain.games.onexeno.views import hidden, redact, view
from tests.domain.onexeno.given import LIGHT, cards, playing, spare

Q0 = 0b0000_0001


def table() -> Playing:
    held = cards(Q0, Q0 << 1)
    taken = [cards(0b0000_0011), ()]
    return playing({(0, 0): LIGHT}, [held, spare(3)], taken=taken)


def test_a_seat_sees_its_own_hand_and_only_the_sizes_of_the_others() -> None:
    state = table()
    seen = view(state, 0)
    assert seen.hand == cards(Q0, Q0 << 1)
    assert [seat.hand_size for seat in seen.seats] == [2, 3]
    assert seen.hands == ()
    assert view(state, 1).hand == spare(3)


def test_a_spectator_sees_the_field_and_taken_piles_but_no_hand() -> None:
    state = table()
    seen = view(state, SPECTATOR)
    assert seen.hand == () and seen.hands == ()
    assert seen.field == state.hand.field
    assert [s.taken_points for s in seen.seats] == [2, 0]
    assert seen.stack_size == len(state.hand.stack)


def test_the_referee_sees_every_hand() -> None:
    state = table()
    assert view(state, REFEREE).hands == state.hand.hands


def test_hidden_cards_are_the_stack_and_the_other_hands() -> None:
    state = table()
    assert hidden(state, 0) == frozenset(spare(3)) | frozenset(state.hand.stack)
    assert hidden(state, REFEREE) == frozenset()


def test_the_deal_shows_each_seat_only_its_own_hand_and_the_up_card() -> None:
    hands = (cards(Q0), cards(Q0 << 1))
    dealt = HandDealt(1, 0, hands, spare(2), cards(LIGHT)[0], (1, 1), 2)
    mine = redact(dealt, 1)
    assert isinstance(mine, HandDealt)
    assert mine.hands == ((), hands[1]) and mine.stack == ()
    assert mine.up_card == dealt.up_card and mine.stack_size == 2
    watched = redact(dealt, SPECTATOR)
    assert isinstance(watched, HandDealt) and watched.hands == ((), ())
    assert redact(dealt, REFEREE) == dealt


def test_a_drawn_card_is_shown_only_to_its_drawer() -> None:
    began = TurnBegan(1, True, cards(Q0)[0])
    assert redact(began, 1) == began
    assert redact(began, 0) == TurnBegan(1, True, None)
    assert redact(began, SPECTATOR) == TurnBegan(1, True, None)


def test_taken_tricks_are_shown_to_everyone() -> None:
    trick = TricksTaken(0, 1, tuple((0, c) for c in range(5)), cards(*range(5)), 4)
    assert redact(trick, SPECTATOR) == trick

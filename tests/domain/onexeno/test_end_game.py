"""The end game and the end of a hand, alone and in partnerships."""

from domain.games.onexeno.cards import DECK, Card
from domain.games.onexeno.model import (
    HandEnded,
    Options,
    Pass,
    Passed,
    PlaceCard,
    Playing,
    TurnBegan,
)
from domain.games.onexeno.rules import decide, legal_moves
from tests.domain.onexeno.given import DARK, LIGHT, after, cards, ctx, playing, spare

Q0 = 0b0000_0001
PARTNERS = Options(teams=2)


def hands(seats: int, first: tuple[Card, ...] = (), size: int = 3) -> list[tuple[Card, ...]]:
    """Seat 0 holds `first` (default: spares); every other seat `size` spare cards."""
    used = set(first)
    dealt = []
    for seat in range(seats):
        held = first if seat == 0 and first else spare(size, used)
        used |= set(held)
        dealt.append(held)
    return dealt


def test_a_pass_before_the_stack_runs_out_is_not_permanent() -> None:
    state = playing({(0, 0): LIGHT}, hands(3))
    events = decide(state, Pass(), ctx(0))
    assert events == (Passed(0), TurnBegan(1, True, state.hand.stack[0]))
    later = after(state, events)
    assert isinstance(later, Playing)
    assert later.hand.benched == (False, False, False)


def test_once_the_stack_is_empty_a_pass_is_permanent_and_the_seat_is_skipped() -> None:
    state = playing({(0, 0): LIGHT}, hands(3), turn=1, stack=())
    events = decide(state, Pass(), ctx(1))
    assert events == (Passed(1, (1,)), TurnBegan(2, False, None))
    later = after(state, events)
    assert isinstance(later, Playing)
    later = after(later, decide(later, Pass(), ctx(2)))
    assert isinstance(later, Playing)
    assert later.hand.turn == 0
    after_zero = decide(later, Pass(), ctx(0))
    assert isinstance(after_zero[-1], HandEnded)


def test_the_seat_that_draws_the_last_card_and_passes_passes_for_good() -> None:
    state = playing({(0, 0): LIGHT}, hands(2), turn=1, stack=spare(10)[-1:])
    events = decide(state, Pass(), ctx(1))
    assert events[-1] == TurnBegan(0, True, state.hand.stack[0])
    later = after(state, events)
    assert isinstance(later, Playing) and later.hand.stack == ()
    passed = decide(later, Pass(), ctx(0))
    assert passed[0] == Passed(0, (0,))


def test_in_the_end_game_a_seat_with_no_legal_placement_must_pass() -> None:
    state = playing({(0, 0): LIGHT}, hands(2, cards(DARK)), stack=())
    assert legal_moves(state, 0) == (Pass(),)


def test_the_hand_ends_when_every_seat_has_passed_for_good() -> None:
    state = playing({(0, 0): LIGHT}, hands(3), turn=2, stack=(), benched=[True, True, False])
    events = decide(state, Pass(), ctx(2))
    assert events[0] == Passed(2, (2,))
    assert isinstance(events[1], HandEnded) and events[1].went_out is None
    assert len(events) == 2


def test_the_last_seat_left_keeps_playing_until_it_passes() -> None:
    held = cards(Q0, Q0 << 1)
    state = playing({(0, 0): LIGHT}, hands(3, held), stack=(), benched=[False, True, True])
    events = decide(state, PlaceCard(held[0], 0, -1, 0), ctx(0))
    assert events[-1] == TurnBegan(0, False, None)


def test_playing_the_last_card_goes_out_and_ends_the_hand_at_once() -> None:
    state = playing({(0, 0): LIGHT}, hands(3, cards(Q0)), stack=())
    events = decide(state, PlaceCard(cards(Q0)[0], 0, -1, 0), ctx(0))
    ended = events[-1]
    assert isinstance(ended, HandEnded)
    assert ended.went_out == 0
    assert not any(isinstance(event, TurnBegan) for event in events)


def test_while_the_stack_lasts_no_hand_falls_below_five_cards() -> None:
    held = DECK[1:7]  # five dealt and one drawn at the start of this turn
    state = playing({(0, 0): LIGHT}, [held, spare(5, held)])
    moves = legal_moves(state, 0)
    assert len(moves) > 1
    for move in moves:
        later = after(state, decide(state, move, ctx(0)))
        assert isinstance(later, Playing)
        assert len(later.hand.hands[0]) >= 5
        assert len(later.hand.hands[1]) == 6


def test_a_partner_passing_in_the_end_game_benches_the_other_partner() -> None:
    state = playing({(0, 0): LIGHT}, hands(4), turn=1, stack=(), options=PARTNERS)
    events = decide(state, Pass(), ctx(1))
    assert events == (Passed(1, (1, 3)), TurnBegan(2, False, None))
    later = after(state, events)
    assert isinstance(later, Playing)
    assert later.hand.benched == (False, True, False, True)
    events = decide(later, Pass(), ctx(2))
    assert events[0] == Passed(2, (0, 2))
    assert isinstance(events[1], HandEnded)


def test_a_partner_passing_before_the_end_game_benches_nobody() -> None:
    state = playing({(0, 0): LIGHT}, hands(4), turn=1, options=PARTNERS)
    assert decide(state, Pass(), ctx(1))[0] == Passed(1)


def test_the_benched_partner_is_skipped_while_the_other_team_plays_on() -> None:
    held = cards(Q0, Q0 << 1, Q0 << 3)
    benched = [False, True, False, True]
    state = playing({(0, 0): LIGHT}, hands(4, held), stack=(), options=PARTNERS, benched=benched)
    events = decide(state, PlaceCard(held[0], 0, -1, 0), ctx(0))
    assert events[-1] == TurnBegan(2, False, None)
    assert legal_moves(state, 1) == () and legal_moves(state, 3) == ()

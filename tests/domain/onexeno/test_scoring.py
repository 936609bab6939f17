"""Scoring and sessions: taken minus held, partners, running totals."""

from domain.decider import Standing
from domain.games.onexeno.model import (
    DealHand,
    Finished,
    HandDealt,
    HandEnded,
    Options,
    Pass,
    PlaceCard,
    Playing,
    TurnBegan,
)
from domain.games.onexeno.rules import decide, is_terminal, legal_moves
from domain.games.onexeno.views import outcome
from tests.domain.onexeno.given import LIGHT, after, cards, ctx, playing, refusal

Q0 = 0b0000_0001
DARK_ISH = 0b0111_1111


def ending(options: Options | None = None, totals: list[int] | None = None) -> Playing:
    """Seat 0 is about to go out with Q0; hands and taken piles are known."""
    seats = 4 if options and options.teams else 2
    held = [cards(Q0), cards(0b0000_0011, 0b0000_0111), cards(DARK_ISH), cards(0b0001_0001)]
    taken = [cards(0b0011_1111), cards(0b0000_1111), (), ()]
    return playing(
        {(0, 0): LIGHT},
        held[:seats],
        stack=(),
        taken=taken[:seats],
        options=options,
        totals=totals,
    )


def test_a_hand_scores_the_values_taken_minus_the_values_left_in_hand() -> None:
    state = ending()
    ended = decide(state, PlaceCard(cards(Q0)[0], 0, -1, 0), ctx(0))[-1]
    assert ended == HandEnded(1, 0, (6, 4), (0, 5), (6, -1), True)


def test_going_out_earns_no_bonus() -> None:
    state = ending()
    ended = decide(state, PlaceCard(cards(Q0)[0], 0, -1, 0), ctx(0))[-1]
    assert isinstance(ended, HandEnded)
    assert ended.scores[0] == ended.taken_points[0]


def test_the_single_hand_session_ends_with_the_hand_and_ranks_by_score() -> None:
    state = ending()
    finished = after(state, decide(state, PlaceCard(cards(Q0)[0], 0, -1, 0), ctx(0)))
    assert is_terminal(finished)
    assert outcome(finished) == (Standing(0, 6, 1), Standing(1, -1, 2))


def test_partners_add_their_scores_and_share_their_place() -> None:
    state = ending(Options(teams=2))
    finished = after(state, decide(state, PlaceCard(cards(Q0)[0], 0, -1, 0), ctx(0)))
    scores = finished.history[-1]  # type: ignore[union-attr]
    assert scores == (6, -1, -7, -2)
    assert outcome(finished) == (
        Standing(0, -1, 1),
        Standing(1, -3, 2),
        Standing(2, -1, 1),
        Standing(3, -3, 2),
    )


def test_equal_totals_share_a_place() -> None:
    state = ending(totals=[0, 7])
    finished = after(state, decide(state, PlaceCard(cards(Q0)[0], 0, -1, 0), ctx(0)))
    assert outcome(finished) == (Standing(0, 6, 1), Standing(1, 6, 1))


def test_a_session_keeps_running_totals_and_passes_the_deal_left() -> None:
    state = ending(Options(hands=2), totals=[0, 0])
    events = decide(state, PlaceCard(cards(Q0)[0], 0, -1, 0), ctx(0))
    assert events[-1] == HandEnded(1, 0, (6, 4), (0, 5), (6, -1), False)
    between = after(state, events)
    assert isinstance(between, Playing) and not is_terminal(between)
    assert between.totals == (6, -1)
    dealer = (state.hand.dealer + 1) % 2
    assert legal_moves(between, dealer) == (DealHand(),)
    assert legal_moves(between, 1 - dealer) == ()
    assert refusal(between, 1 - dealer, DealHand()) == "not_your_deal"
    assert refusal(between, dealer, Pass()) == "hand_over"
    dealt, began = decide(between, DealHand(), ctx(dealer, label=9))
    assert isinstance(dealt, HandDealt) and dealt.number == 2 and dealt.dealer == dealer
    assert began == TurnBegan((dealer + 1) % 2, True, dealt.stack[0])
    second = after(between, (dealt, began))
    assert isinstance(second, Playing)
    assert second.totals == (6, -1)


def test_the_last_hand_of_a_session_finishes_it_with_the_cumulative_totals() -> None:
    first = ending(Options(hands=2), totals=[10, 20])
    hand = first.hand
    state = playing(
        {(0, 0): LIGHT},
        hand.hands,
        stack=(),
        taken=hand.taken,
        options=first.options,
        totals=first.totals,
        number=2,
    )
    finished = after(state, decide(state, PlaceCard(cards(Q0)[0], 0, -1, 0), ctx(0)))
    assert isinstance(finished, Finished)
    assert finished.totals == (16, 19)
    assert outcome(finished) == (Standing(0, 16, 2), Standing(1, 19, 1))


def test_deal_hand_is_refused_while_a_hand_is_in_play() -> None:
    assert refusal(ending(), 0, DealHand()) == "hand_in_play"


def test_nothing_is_accepted_once_the_session_is_over() -> None:
    state = ending()
    finished = after(state, decide(state, PlaceCard(cards(Q0)[0], 0, -1, 0), ctx(0)))
    assert refusal(finished, 0, Pass()) == "game_over"
    assert legal_moves(finished, 0) == ()

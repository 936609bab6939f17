"""Cycling the hand, setting neon-20 aside, declaring Done, the end of a round."""

from domain.games.cno.cards import Card
from domain.games.cno.model import (
    CycleHand,
    DeclareDone,
    HandCycled,
    Intermission,
    NeonSetAside,
    PlayCard,
    RoundEnded,
    SetAsideNeon,
    Source,
    StartPile,
    State,
)
from domain.games.cno.rules import legal_moves
from domain.games.cno.views import view
from tests.domain.cno.given import after, card, cards, fold, refusal, seat, table, when

KEEPER = seat(hand=cards(1, "C12", "N13"), stock=cards(1, "O15", "O15"))


def test_cycling_moves_the_hand_top_to_the_bottom_and_turns_up_the_next_card() -> None:
    a, b, c = cards(0, "F17", "O17", "F18")
    state = table(seat(hand=(a, b, c), stock=cards(0, "O15")), KEEPER)
    assert when(state, 0, CycleHand(a)) == (HandCycled(0),)
    assert after(state, 0, CycleHand(a)).board.players[0].hand == (b, c, a)


def test_the_hand_may_be_cycled_round_again_without_limit() -> None:
    a, b = cards(0, "F17", "O17")
    state: State = table(seat(hand=(a, b), stock=cards(0, "O15")), KEEPER)
    for top in (a, b, a, b, a):
        assert state.board.players[0].hand[0] == top
        state = after(state, 0, CycleHand(top))
    assert state.board.players[0].hand == (b, a)


def test_a_hand_of_one_card_cannot_be_cycled() -> None:
    a = card(0, "F17")
    state = table(seat(hand=[a], stock=cards(0, "O15")), KEEPER)
    assert refusal(state, 0, CycleHand(a)) == "cannot_cycle"
    assert CycleHand(a) not in legal_moves(state, 0)


def test_only_the_hand_top_is_shown_to_anyone_the_owner_included() -> None:
    a, b, c = cards(0, "F17", "O17", "F18")
    state = table(seat(hand=(a, b, c), stock=cards(0, "O15", "O16")), KEEPER)
    for viewer in (0, 1, -1):
        mine = view(state, viewer).seats[0]
        assert (mine.hand_top, mine.hand_size, mine.hand) == (a, 3, None)
        assert (mine.stock_top, mine.stock_size, mine.stock) == (card(0, "O15"), 2, None)


def test_a_face_up_neon_20_may_be_set_aside_from_row_stock_or_hand_top() -> None:
    ne_row, ne_stock, ne_hand = cards(0, "Ne20", "Ne20", "Ne20")
    state = table(
        seat(hand=(ne_hand, card(0, "F17")), stock=(ne_stock, card(0, "O17")), row=[ne_row]),
        KEEPER,
    )
    moves = legal_moves(state, 0)
    spots: tuple[tuple[Source, Card], ...] = (
        ("row_1", ne_row),
        ("stock", ne_stock),
        ("hand", ne_hand),
    )
    for source, ne in spots:
        assert SetAsideNeon(source, ne) in moves
        assert when(state, 0, SetAsideNeon(source, ne)) == (NeonSetAside(0, source, ne),)


def test_a_neon_20_set_aside_from_the_row_is_replaced_from_the_stock() -> None:
    ne, o17, o18 = cards(0, "Ne20", "O17", "O18")
    state = table(seat(stock=(o17, o18), row=[ne]), KEEPER)
    player = after(state, 0, SetAsideNeon("row_1", ne)).board.players[0]
    assert (player.row[0], player.stock, player.set_aside) == (o17, (o18,), (ne,))


def test_a_neon_20_that_could_close_a_pile_may_still_be_set_aside() -> None:
    ne = card(0, "Ne20")
    state = table(seat(row=[ne], stock=cards(0, "O17")), KEEPER, piles=[[card(1, "F19", 3)]])
    moves = legal_moves(state, 0)
    assert PlayCard("row_1", ne, 0, card(1, "F19", 3)) in moves
    assert SetAsideNeon("row_1", ne) in moves


def test_a_neon_20_inside_the_hand_must_be_cycled_up_before_it_is_set_aside() -> None:
    f17, ne = cards(0, "F17", "Ne20")
    state: State = table(seat(hand=(f17, ne), stock=cards(0, "O17")), KEEPER)
    assert refusal(state, 0, SetAsideNeon("hand", ne)) == "stale"
    state = after(state, 0, CycleHand(f17))
    assert SetAsideNeon("hand", ne) in legal_moves(state, 0)


def test_only_neon_20_may_be_set_aside() -> None:
    f17 = card(0, "F17")
    state = table(seat(row=[f17], stock=cards(0, "O17")), KEEPER)
    assert refusal(state, 0, SetAsideNeon("row_1", f17)) == "not_neon_20"


def test_a_seat_with_an_empty_stock_may_declare_done_and_the_round_ends_at_once() -> None:
    state = table(seat(hand=cards(0, "F17"), row=cards(0, "O17")), KEEPER)
    events = when(state, 0, DeclareDone())
    assert len(events) == 1 and isinstance(events[0], RoundEnded)
    assert (events[0].reason, events[0].declared_by) == ("done", 0)


def test_a_seat_with_an_empty_hand_may_declare_done() -> None:
    state = table(seat(stock=cards(0, "F17"), row=cards(0, "O17")), KEEPER)
    assert DeclareDone() in legal_moves(state, 0)
    assert isinstance(when(state, 0, DeclareDone())[0], RoundEnded)


def test_done_is_refused_while_stock_and_hand_both_hold_cards() -> None:
    state = table(seat(hand=cards(0, "F17"), stock=cards(0, "O17")), KEEPER)
    assert refusal(state, 0, DeclareDone()) == "cannot_declare_done"
    assert DeclareDone() not in legal_moves(state, 0)


def test_a_seat_that_may_declare_done_may_keep_playing_instead() -> None:
    c12 = card(0, "C12")
    state = table(seat(hand=[c12]), KEEPER)
    moves = legal_moves(state, 0)
    assert DeclareDone() in moves and StartPile("hand", c12, 0) in moves
    assert not isinstance(after(state, 0, StartPile("hand", c12, 0)), Intermission)


def test_after_done_no_further_action_is_accepted() -> None:
    c12 = card(1, "C12")
    state: State = table(seat(hand=cards(0, "F17")), seat(hand=(c12,), stock=cards(1, "O15")))
    state = fold(state, when(state, 0, DeclareDone()))
    assert refusal(state, 1, StartPile("hand", c12, 0)) == "round_over"
    assert legal_moves(state, 1) == ()

"""Real-time play: every seat acts at any moment, and a command decided against a table
that has moved on is refused as stale."""

from domain.games.cno.model import CardPlayed, CycleHand, PlayCard, SetAsideNeon, StartPile, State
from domain.games.cno.rules import legal_moves
from tests.domain.cno.given import after, card, cards, refusal, seat, table, when


def racing_for_one_pile() -> tuple[State, PlayCard, PlayCard]:
    top = card(0, "N14", 3)
    mine, theirs = card(0, "O15"), card(1, "O15")
    state = table(
        seat(hand=cards(0, "C12", "F17"), row=[mine], stock=cards(0, "O17")),
        seat(hand=cards(1, "C12", "F17"), row=[theirs], stock=cards(1, "O17")),
        piles=[[top]],
    )
    return state, PlayCard("row_1", mine, 0, top), PlayCard("row_1", theirs, 0, top)


def test_every_seat_is_offered_its_moves_at_the_same_moment() -> None:
    state, mine, theirs = racing_for_one_pile()
    assert mine in legal_moves(state, 0)
    assert theirs in legal_moves(state, 1)


def test_any_seat_may_act_first_there_are_no_turns() -> None:
    state, mine, theirs = racing_for_one_pile()
    assert when(state, 1, theirs) == (CardPlayed(1, "row_1", theirs.card, 0),)
    assert when(state, 0, mine) == (CardPlayed(0, "row_1", mine.card, 0),)


def test_the_slower_of_two_seats_racing_for_one_pile_is_refused_as_stale() -> None:
    state, mine, theirs = racing_for_one_pile()
    state = after(state, 0, mine)
    assert refusal(state, 1, theirs) == "stale"


def test_legal_moves_always_name_the_current_pile_top() -> None:
    state, mine, theirs = racing_for_one_pile()
    state = after(state, 0, mine)
    assert theirs not in legal_moves(state, 1)
    assert all(m.top == mine.card for m in legal_moves(state, 1) if isinstance(m, PlayCard))


def test_two_seats_starting_a_pile_at_once_the_second_is_stale_and_is_offered_the_next() -> None:
    mine, theirs = card(0, "C12"), card(1, "C12")
    state: State = table(
        seat(row=[mine], stock=cards(0, "O17")), seat(row=[theirs], stock=cards(1, "O17"))
    )
    state = after(state, 0, StartPile("row_1", mine, 0))
    assert refusal(state, 1, StartPile("row_1", theirs, 0)) == "stale"
    assert StartPile("row_1", theirs, 1) in legal_moves(state, 1)


def test_a_play_naming_a_card_no_longer_at_its_source_is_stale() -> None:
    o15, o17 = cards(0, "O15", "O17")
    top = card(1, "N14", 3)
    state: State = table(
        seat(row=[o15], stock=(o17, *cards(0, "C12"))),
        seat(hand=cards(1, "C12", "F17"), stock=cards(1, "F17")),
        piles=[[top]],
    )
    state = after(state, 0, PlayCard("row_1", o15, 0, top))
    assert refusal(state, 0, PlayCard("row_1", o15, 0, top)) == "stale"
    assert refusal(state, 0, SetAsideNeon("row_1", card(0, "Ne20"))) == "stale"


def test_a_cycle_naming_a_card_no_longer_on_top_of_the_hand_is_stale() -> None:
    a, b, c = cards(0, "F17", "O17", "F18")
    state: State = table(seat(hand=(a, b, c), stock=cards(0, "C12")), seat(hand=cards(1, "C12")))
    state = after(state, 0, CycleHand(a))
    assert refusal(state, 0, CycleHand(a)) == "stale"
    assert CycleHand(b) in legal_moves(state, 0)

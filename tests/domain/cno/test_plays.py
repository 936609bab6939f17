"""Playing cards on reaction piles, starting piles, refills."""

import pytest

from domain.games.cno.cards import Card, Isotope
from domain.games.cno.model import CardPlayed, PileStarted, PlayCard, Playing, Source, StartPile
from domain.games.cno.rules import legal_moves
from tests.domain.cno.given import after, card, cards, refusal, seat, table, when

# A partner seat holding a carbon-12 in its hand keeps the table from being stuck, so the
# stuck rule does not interfere with the play under test.
KEEPER = seat(hand=cards(1, "C12", "N13"), stock=cards(1, "O15", "O15"))


def with_pile(top: Isotope, *mine: Card, stock: tuple[Card, ...] = ()) -> Playing:
    """Seat 0 with `mine` in its row, one pile of seat 1's cards topped by `top`."""
    hand = cards(0, "F17", "F17")
    return table(
        seat(hand=hand, stock=stock or cards(0, "O17", "O18"), row=mine),
        KEEPER,
        piles=[(card(1, "C12", 3), card(1, top, 3))],
    )


def test_a_row_card_goes_on_a_pile_whose_top_it_follows() -> None:
    n13 = card(0, "N13")
    state = table(seat(row=[n13], stock=cards(0, "O17")), KEEPER, piles=[[card(1, "C12", 3)]])
    events = when(state, 0, PlayCard("row_1", n13, 0, card(1, "C12", 3)))
    assert events == (CardPlayed(0, "row_1", n13, 0),)


def test_a_card_laid_on_a_pile_becomes_its_top_and_is_credited_to_its_owner() -> None:
    n14 = card(0, "N14")
    state = with_pile("C13", n14)
    new = after(state, 0, PlayCard("row_1", n14, 0, card(1, "C13", 3)))
    assert new.board.piles[0][-1] == n14
    assert new.board.players[0].played == 1


def test_a_card_that_does_not_follow_the_top_is_refused() -> None:
    o15 = card(0, "O15")
    state = with_pile("C13", o15)
    assert refusal(state, 0, PlayCard("row_1", o15, 0, card(1, "C13", 3))) == "cannot_follow"
    assert not any(isinstance(m, PlayCard) for m in legal_moves(state, 0))


@pytest.mark.parametrize(
    ("top", "follower"),
    [("N15", "O16"), ("F19", "O16"), ("C13", "N14"), ("O17", "N14"), ("O15", "N15"),
     ("O18", "N15"), ("O17", "F18"), ("O18", "F19"), ("N15", "C12")],
)  # fmt: skip
def test_each_branch_point_accepts_either_successor(top: Isotope, follower: Isotope) -> None:
    mine = card(0, follower)
    state = with_pile(top, mine)
    assert PlayCard("row_1", mine, 0, card(1, top, 3)) in legal_moves(state, 0)


def test_carbon_12_may_close_the_cycle_on_a_nitrogen_15_pile() -> None:
    c12 = card(0, "C12")
    state = with_pile("N15", c12)
    events = when(state, 0, PlayCard("row_1", c12, 0, card(1, "N15", 3)))
    assert events == (CardPlayed(0, "row_1", c12, 0),)


def test_the_stock_top_is_playable_and_the_next_stock_card_turns_up() -> None:
    o15, n15 = cards(0, "O15", "N15")
    state = with_pile("N14", stock=(o15, n15))
    new = after(state, 0, PlayCard("stock", o15, 0, card(1, "N14", 3)))
    assert new.board.players[0].stock == (n15,)


def test_the_hand_top_is_playable_and_the_next_hand_card_turns_up() -> None:
    o15, f17 = cards(0, "O15", "F17")
    state = table(seat(hand=(o15, f17), stock=cards(0, "O17")), KEEPER, piles=[[card(1, "N14", 3)]])
    new = after(state, 0, PlayCard("hand", o15, 0, card(1, "N14", 3)))
    assert new.board.players[0].hand == (f17,)


def test_a_row_slot_is_refilled_from_the_stock_top() -> None:
    o15 = card(0, "O15")
    o17, o18 = cards(0, "O17", "O18")
    state = with_pile("N14", o15, stock=(o17, o18))
    new = after(state, 0, PlayCard("row_1", o15, 0, card(1, "N14", 3)))
    assert new.board.players[0].row == (o17, None, None, None)
    assert new.board.players[0].stock == (o18,)


def test_a_row_slot_stays_empty_when_the_stock_is_empty() -> None:
    o15, f17 = cards(0, "O15", "F17")
    state = table(seat(hand=[f17], row=[None, o15]), KEEPER, piles=[[card(1, "N14", 3)]])
    new = after(state, 0, PlayCard("row_2", o15, 0, card(1, "N14", 3)))
    assert new.board.players[0].row == (None,) * 4


def test_a_closed_pile_takes_no_more_cards() -> None:
    o16 = card(0, "O16")
    ne = card(1, "Ne20", 3)
    state = table(
        seat(row=[o16], stock=cards(0, "O17")),
        KEEPER,
        piles=[(card(1, "O18", 3), card(1, "F19", 3), ne)],
    )
    assert refusal(state, 0, PlayCard("row_1", o16, 0, ne)) == "pile_closed"


def test_every_seat_may_play_on_every_pile() -> None:
    o15a, o15b = card(0, "O15"), card(1, "O15", 2)
    top = card(0, "N14")
    state = table(
        seat(row=[o15a], stock=cards(0, "F17")),
        seat(row=[o15b], stock=cards(1, "F17")),
        piles=[[top]],
    )
    assert PlayCard("row_1", o15a, 0, top) in legal_moves(state, 0)
    assert PlayCard("row_1", o15b, 0, top) in legal_moves(state, 1)


def test_a_seat_cannot_play_another_seats_card() -> None:
    theirs = card(1, "O15")
    state = with_pile("N14", stock=(card(0, "O17"),))
    assert refusal(state, 0, PlayCard("row_1", theirs, 0, card(1, "N14", 3))) == "not_your_card"


def test_a_pile_that_does_not_exist_is_refused() -> None:
    o15 = card(0, "O15")
    state = with_pile("N14", o15)
    assert refusal(state, 0, PlayCard("row_1", o15, 1, card(1, "N14", 3))) == "no_such_pile"


@pytest.mark.parametrize("source", ["hand", "stock", "row_1", "row_2", "row_3", "row_4"])
def test_carbon_12_starts_a_new_pile_from_any_face_up_spot(source: Source) -> None:
    c12 = card(0, "C12")
    others = cards(0, "F17", "F17", "F17")
    hand = (c12, *others[:1]) if source == "hand" else others[:1]
    stock = (c12, *others[1:2]) if source == "stock" else others[1:2]
    row: list[Card | None] = [None] * 4
    if source.startswith("row_"):
        row[int(source[-1]) - 1] = c12
    state = table(seat(hand=hand, stock=stock, row=row), KEEPER)
    assert when(state, 0, StartPile(source, c12, 0)) == (PileStarted(0, source, c12, 0),)
    assert after(state, 0, StartPile(source, c12, 0)).board.piles == ((c12,),)


def test_only_carbon_12_starts_a_pile() -> None:
    n13 = card(0, "N13")
    state = table(seat(row=[n13], stock=cards(0, "F17")), KEEPER)
    assert refusal(state, 0, StartPile("row_1", n13, 0)) == "not_carbon_12"


def test_no_more_than_two_piles_per_seat_may_be_started_closed_ones_included() -> None:
    c12 = card(0, "C12")
    closed = (card(1, "F19", 3), card(1, "Ne20", 3))
    piles = [closed, closed, [card(1, "N13", 3)], [card(1, "C13", 3)]]
    state = table(seat(row=[c12], stock=cards(0, "O15")), KEEPER, piles=piles)
    assert refusal(state, 0, StartPile("row_1", c12, 4)) == "pile_limit"
    assert not any(isinstance(m, StartPile) for m in legal_moves(state, 0))


def test_a_pile_may_be_started_while_fewer_than_two_per_seat_exist() -> None:
    c12 = card(0, "C12")
    piles = [[card(1, "N13", 3)], [card(1, "C13", 3)], [card(1, "N14", 3)]]
    state = table(seat(row=[c12], stock=cards(0, "O17")), KEEPER, piles=piles)
    assert StartPile("row_1", c12, 3) in legal_moves(state, 0)

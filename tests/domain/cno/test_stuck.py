"""The global stuck rule, its reset and the loop guard."""

from msgspec.structs import replace

from domain.decider import SPECTATOR
from domain.games.cno.cards import Card
from domain.games.cno.model import (
    CardPlayed,
    Options,
    PlayCard,
    Player,
    Playing,
    RoundEnded,
    RowsReset,
    SetAsideNeon,
    State,
    initial_state,
)
from domain.games.cno.rules import start
from domain.games.cno.views import view
from tests.domain.cno.given import after, card, cards, context, fold, seat, table, when

TOP = card(1, "C12", 3)
"""The one pile: after seat 0 lays its nitrogen-13 on it, only a carbon-13 can follow."""
N13 = card(0, "N13", 3)
PLAY = PlayCard("row_1", N13, 0, TOP)


def idle(owner: int, stock: int = 2, hand: int = 2) -> Player:
    """A seat holding nothing that can follow nitrogen-13 or start a pile."""
    return seat(
        hand=[card(owner, "F17", copy) for copy in range(hand)],
        stock=[card(owner, "O17", copy) for copy in range(stock)],
        row=cards(owner, "F18", "F18", "F18", "F18"),
    )


def about_to_stick(stock: tuple[Card, ...], other: Player | None = None) -> Playing:
    """Seat 0 can lay its nitrogen-13; nothing else anywhere can be played afterwards
    unless `stock` brings up a carbon-13."""
    row = (N13, *cards(0, "F17", "F17", "F17"))
    return table(seat(hand=cards(0, "O17", "O17"), stock=stock, row=row), other or idle(1),
                 piles=[[TOP]])  # fmt: skip


def test_a_stuck_table_where_everyone_holds_stock_and_hand_resets_every_row() -> None:
    a, b, c13, d, e = cards(0, "O18", "O18", "C13", "O18", "O18")
    events = when(about_to_stick((a, b, c13, d, e)), 0, PLAY)
    assert events == (CardPlayed(0, "row_1", N13, 0), RowsReset(1))


def test_a_reset_puts_the_stock_top_then_row_1_to_4_under_the_stock() -> None:
    a, b, c13, d, e = cards(0, "O18", "O18", "C13", "O18", "O18")
    state = after(about_to_stick((a, b, c13, d, e)), 0, PLAY)
    mine = state.board.players[0]
    # after the play: row (a, F17, F17, F17), stock (b, c13, d, e); then the reset
    f1, f2, f3 = cards(0, "F17", "F17", "F17")
    assert mine.row == (c13, d, e, b)
    assert mine.stock == (a, f1, f2, f3)
    theirs = state.board.players[1]
    o1, o2 = cards(1, "O17", "O17")
    r1, r2, r3, r4 = cards(1, "F18", "F18", "F18", "F18")
    assert (theirs.row, theirs.stock) == ((o2, o1, r1, r2), (r3, r4))


def test_the_reset_repeats_while_the_table_stays_stuck() -> None:
    # after the play the stock is s1..s9; the first reset shows s2..s6, the second s7..s9
    stock = cards(0, "O18", "O18", "O18", "O18", "O18", "O18", "O18", "O18", "C13", "O18")
    assert when(about_to_stick(stock), 0, PLAY)[1:] == (RowsReset(2),)


def test_a_stuck_table_where_someone_has_an_empty_stock_ends_the_round() -> None:
    stock = cards(0, "O18", "O18", "C13")
    events = when(about_to_stick(stock, other=idle(1, stock=0)), 0, PLAY)
    assert isinstance(events[-1], RoundEnded) and events[-1].reason == "stuck"
    assert not any(isinstance(e, RowsReset) for e in events)


def test_a_stuck_table_where_someone_has_an_empty_hand_ends_the_round() -> None:
    stock = cards(0, "O18", "O18", "C13")
    events = when(about_to_stick(stock, other=idle(1, hand=0)), 0, PLAY)
    assert isinstance(events[-1], RoundEnded) and events[-1].reason == "stuck"


def test_a_playable_card_deep_in_a_hand_keeps_the_table_from_being_stuck() -> None:
    other = seat(hand=cards(1, "F17", "F17", "F17", "C13"), stock=cards(1, "O17"))
    assert when(about_to_stick(cards(0, "O18", "O18"), other), 0, PLAY) == (
        CardPlayed(0, "row_1", N13, 0),
    )


def test_a_playable_stock_top_keeps_the_table_from_being_stuck() -> None:
    other = seat(hand=cards(1, "F17", "F17"), stock=cards(1, "C13", "O17"))
    assert len(when(about_to_stick(cards(0, "O18", "O18"), other), 0, PLAY)) == 1


def test_a_neon_20_that_can_only_be_set_aside_does_not_keep_the_table_from_being_stuck() -> None:
    other = seat(hand=cards(1, "F17", "F17"), stock=cards(1, "O17"), row=cards(1, "Ne20"))
    events = when(about_to_stick(cards(0, "O18", "O18", "O18", "C13")), 0, PLAY)
    assert isinstance(events[-1], RowsReset)
    events = when(about_to_stick(cards(0, "O18", "O18", "C13"), other), 0, PLAY)
    assert isinstance(events[-1], RowsReset | RoundEnded)


def test_the_loop_guard_ends_the_round_after_ceil_of_stock_and_row_over_5_plus_1_resets() -> None:
    # largest stock + row: seat 0 holds 4 + 6 = 10 after its play, so the limit is
    # ceil(10 / 5) + 1 = 3: three resets, and the fourth would end the round instead
    stock = cards(0, *("O18",) * 7)
    events = when(about_to_stick(stock), 0, PLAY)
    assert events[1] == RowsReset(3)
    assert isinstance(events[2], RoundEnded) and events[2].reason == "loop_guard"


def neon_holder(resets: int, stock: tuple[Card, ...] = cards(0, *("O18",) * 6)) -> Playing:
    """Seat 0's neon-20 could close the fluorine-19 pile; nothing else can be played."""
    row = (NE, *cards(0, "F17", "F17", "F17"))
    mine = seat(hand=cards(0, "O17", "O17"), stock=stock, row=row)
    return table(mine, idle(1), piles=[[card(1, "O18", 3), F19]], resets=resets)


NE, F19 = card(0, "Ne20"), card(1, "F19", 3)


def test_the_loop_guard_counts_resets_made_by_earlier_commands() -> None:
    # after setting the neon aside seat 0 holds 4 + 5 cards: the limit is ceil(9 / 5) + 1 = 3
    assert when(neon_holder(0), 0, SetAsideNeon("row_1", NE))[1] == RowsReset(3)
    events = when(neon_holder(3), 0, SetAsideNeon("row_1", NE))
    assert isinstance(events[1], RoundEnded) and events[1].reason == "loop_guard"


def test_the_loop_guard_lets_ceil_of_stock_and_row_over_5_plus_1_resets_happen() -> None:
    # given: seat 0 will hold 4 + 5 cards, so ceil(9 / 5) = 2, and one more reset brings
    # up the oxygen-16 (stock card s3) that can follow the fluorine-19
    stock = cards(0, "O18", "O18", "O18", "O16", "O18", "O18")
    assert view(neon_holder(2, stock), SPECTATOR).reset_limit == 3
    # when: the neon is set aside after 2 resets, then: a third reset is made and the
    # round goes on
    state = after(neon_holder(2, stock), 0, SetAsideNeon("row_1", NE))
    assert isinstance(state, Playing) and state.resets == 3
    # when: the same happens after 3 resets, then: the loop guard ends the round
    events = when(neon_holder(3, stock), 0, SetAsideNeon("row_1", NE))
    assert isinstance(events[1], RoundEnded) and events[1].reason == "loop_guard"


def test_setting_a_neon_aside_does_not_clear_the_count_of_resets() -> None:
    # one reset brings up the oxygen-16 (stock card s3) that can follow the fluorine-19
    stock = cards(0, "O18", "O18", "O18", "O16", "O18", "O18")
    state = after(neon_holder(1, stock), 0, SetAsideNeon("row_1", NE))
    assert isinstance(state, Playing) and state.resets == 2


def test_a_card_laid_on_a_pile_clears_the_count_of_resets() -> None:
    other = seat(hand=cards(1, "F17", "F17"), stock=cards(1, "C13", "O17"))
    state: State = replace(about_to_stick(cards(0, "O18", "O18"), other), resets=2)
    state = after(state, 0, PLAY)
    assert isinstance(state, Playing) and state.resets == 0


def test_once_every_pile_is_closed_and_no_pile_may_be_started_the_round_ends() -> None:
    ne = card(0, "Ne20")
    closed = (card(1, "F19", 2), card(1, "Ne20", 2))
    others = [closed, closed, closed]
    holders = (
        seat(hand=cards(0, "C12", "C12"), stock=cards(0, "C12", "C12"), row=[ne]),
        seat(hand=cards(1, "C12", "C12"), stock=cards(1, "C12", "C12")),
    )
    state = table(*holders, piles=[*others, [card(1, "F19", 3)]])
    events = when(state, 0, PlayCard("row_1", ne, 3, card(1, "F19", 3)))
    assert isinstance(events[-1], RoundEnded)
    assert events[-1].reason in ("stuck", "loop_guard")


def test_a_deal_that_leaves_nobody_a_carbon_12_in_reach_is_reset_at_once() -> None:
    state = initial_state(Options(), 2)
    openings = (start(state, context(None, label)) for label in range(500))
    events = next(events for events in openings if len(events) > 1)
    dealt = fold(state, events[:1])
    assert isinstance(dealt, Playing)
    reachable = (c for p in dealt.board.players for c in (*p.hand, *p.row, *p.stock[:1]))
    assert all(c is not None and c.isotope != "C12" for c in reachable)
    assert isinstance(events[1], RowsReset)

"""What each viewer may see: face-up cards and piles
are public, face-down cards are shown to nobody."""

from domain.decider import REFEREE, SPECTATOR
from domain.games.cno.model import CycleHand, HandCycled, Options, RoundDealt, State, initial_state
from domain.games.cno.rules import start
from domain.games.cno.views import PileView, RoundDealtSeen, all_cards, hidden, redact, view
from tests.domain.cno.given import after, card, cards, context, fold, seat, table, when


def dealt_table() -> tuple[RoundDealt, State]:
    state = initial_state(Options(), 2)
    events = start(state, context(None))
    assert isinstance(events[0], RoundDealt)
    return events[0], fold(state, events)


def test_a_deal_shows_seats_and_spectators_the_sizes_only() -> None:
    event, _ = dealt_table()
    for viewer in (0, 1, SPECTATOR):
        assert redact(event, viewer) == RoundDealtSeen(1, (15, 15), (33, 33))


def test_the_referee_sees_the_whole_deal() -> None:
    event, _ = dealt_table()
    assert redact(event, REFEREE) == event


def test_face_down_cards_are_hidden_from_every_seat_their_owner_included() -> None:
    event, state = dealt_table()
    for viewer in (0, 1, SPECTATOR):
        secret = hidden(state, viewer)
        for layout in event.layouts:
            assert secret >= {*layout.hand[1:], *layout.stock[1:]}
            assert not secret & {layout.hand[0], layout.stock[0], *layout.row}
    assert hidden(state, REFEREE) == frozenset()


def test_every_seat_and_spectator_sees_the_same_public_table() -> None:
    _, state = dealt_table()
    seen = [view(state, viewer) for viewer in (0, 1, SPECTATOR)]
    assert seen[0] == seen[1] == seen[2]
    assert all(s.hand is None and s.stock is None for s in seen[0].seats)


def test_the_referee_view_lists_whole_hands_and_stocks() -> None:
    event, state = dealt_table()
    mine = view(state, REFEREE).seats[0]
    assert (mine.hand, mine.stock) == (event.layouts[0].hand, event.layouts[0].stock)


def test_piles_show_their_top_size_and_whether_neon_closed_them() -> None:
    open_pile = (card(1, "C12"), card(0, "N13"))
    closed = (card(1, "F19"), card(0, "Ne20"))
    state = table(seat(hand=cards(0, "C12")), seat(), piles=[open_pile, closed])
    assert view(state, SPECTATOR).piles == (
        PileView(card(0, "N13"), 2, False),
        PileView(card(0, "Ne20"), 2, True),
    )


def test_cycling_names_no_card_since_the_card_going_under_turns_face_down() -> None:
    a, b = cards(0, "F17", "O17")
    state = table(seat(hand=(a, b), stock=cards(0, "C12")), seat())
    assert when(state, 0, CycleHand(a)) == (HandCycled(0),)
    assert view(after(state, 0, CycleHand(a)), 1).seats[0].hand_top == b


def test_every_card_is_somewhere_on_the_table() -> None:
    _, state = dealt_table()
    assert len(list(all_cards(state))) == 104

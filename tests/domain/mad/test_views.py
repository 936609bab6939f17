"""What each viewer sees: own hand, public Core and counts, public pick-ups."""

from domain.decider import REFEREE, SPECTATOR
from domain.games.mad.model import (
    CardPlaced,
    CardsDrawn,
    CardsPickedUp,
    Dealt,
    FalloutDraw,
    FalloutDrawn,
    GameEnded,
    Options,
    Playing,
    initial_state,
)
from domain.games.mad.views import SeatView, hidden, redact, view
from tests.domain.mad.given import card, cards, fold, place, playing, when
from tests.domain.playout import cards_in

RA5 = (". . . . .", ". . . . .", ". . Ra5")


def table() -> Playing:
    return playing(
        rows=RA5,
        hands=("U1 Ra9", "Pu2 Th3 Th4", "U7"),
        stockpile="U9 U10",
        exposed="Th3",
    )


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others() -> None:
    seen = view(table(), 0)

    assert seen.hand == cards("Ra9 U1")
    assert [seat.hand_size for seat in seen.seats] == [2, 3, 1]
    assert seen.hands == () and seen.stockpile_size == 2
    assert seen.core[2][2] == card("Ra5") and seen.turn == 0


def test_a_seat_is_shown_no_card_but_its_own_the_core_and_the_picked_up_ones() -> None:
    state = table()

    shown = set(cards_in(view(state, 0), type(card("U1"))))

    assert shown == set(cards("U1 Ra9 Ra5 Th3"))
    assert hidden(state, 0) == set(cards("Pu2 Th4 U7 U9 U10"))


def test_cards_picked_up_from_the_core_stay_public_while_held() -> None:
    seen = view(table(), 2)

    assert seen.seats[1] == SeatView(3, cards("Th3"))
    assert card("Th3") not in hidden(table(), 2)


def test_a_pick_up_makes_its_cards_public() -> None:
    rows = ("Pu13", ". . . . .", "Ra5 Ra7")
    state = playing(rows=rows, hands=("Ra9 U1", "Th5 Pu2"), stockpile="U9")

    picked = fold(state, when(state, place("Ra9", 2, 2)))

    assert view(picked, 1).seats[0].picked_up == cards("Ra5 Ra7 Ra9")
    assert hidden(picked, 1) == {card("U1")}


def test_a_picked_up_card_placed_again_is_no_longer_listed_as_held() -> None:
    state = playing(rows=RA5, hands=("Ra7 Th9 U1", "Pu2"), stockpile="U9", exposed="Ra7 Th9")

    placed = fold(state, when(state, place("Ra7", 2, 1)))

    assert view(placed, 1).seats[0].picked_up == cards("Th9")
    assert isinstance(placed, Playing) and placed.exposed == {card("Th9")}


def test_a_spectator_sees_the_core_and_the_counts_but_no_hand() -> None:
    seen = view(table(), SPECTATOR)

    assert seen.hand == () and seen.hands == () and seen.must_place is None
    assert [seat.hand_size for seat in seen.seats] == [2, 3, 1]
    assert hidden(table(), SPECTATOR) == set(cards("U1 Ra9 Pu2 Th4 U7 U9 U10"))


def test_the_referee_sees_every_hand() -> None:
    state = table()

    assert view(state, REFEREE).hands == state.hands
    assert hidden(state, REFEREE) == frozenset()


def test_the_card_a_forced_draw_made_playable_is_shown_to_its_holder_only() -> None:
    state = playing(rows=RA5, hands=("U1 Th5", "Pu2"), stockpile="U2", drawn="Th5")

    assert view(state, 0).must_place == card("Th5")
    assert view(state, 1).must_place is None and view(state, SPECTATOR).must_place is None


def test_the_deal_shows_each_seat_its_own_hand_only() -> None:
    dealt = Dealt(1, 2, 2, (cards("U1 U2"), cards("Pu1 Pu2")), cards("Th1 Th2"))

    assert redact(dealt, 1) == Dealt(1, 2, 2, ((), cards("Pu1 Pu2")), ())
    assert redact(dealt, SPECTATOR) == Dealt(1, 2, 2, ((), ()), ())
    assert redact(dealt, REFEREE) == dealt


def test_a_forced_draw_shows_the_drawn_cards_to_the_drawer_only() -> None:
    drawn = CardsDrawn(0, 2, True, cards("U2 Th5"))

    assert redact(drawn, 0) == drawn
    assert redact(drawn, 1) == CardsDrawn(0, 2, True, ())
    assert redact(drawn, SPECTATOR) == CardsDrawn(0, 2, True, ())


def test_fallout_shows_each_seat_only_its_own_card() -> None:
    fallout = FalloutDrawn((FalloutDraw(1, card("U2")), FalloutDraw(2, card("U3"))))

    assert redact(fallout, 1) == FalloutDrawn((FalloutDraw(1, card("U2")), FalloutDraw(2, None)))
    assert redact(fallout, 0) == FalloutDrawn((FalloutDraw(1, None), FalloutDraw(2, None)))


def test_placements_pick_ups_and_the_end_are_public() -> None:
    public = (
        CardPlaced(0, card("Ra9"), 2, 2),
        CardsPickedUp(0, cards("Ra5 Ra7 Ra9")),
        GameEnded(("core_emptied",)),
    )

    assert [redact(event, SPECTATOR) for event in public] == list(public)


def test_the_view_names_the_phase() -> None:
    state = table()

    assert view(initial_state(Options(), 3), 0).phase == "dealing"
    assert view(playing(hands=("U1", "U2"), seeding=2), 0).phase == "proliferation"
    assert view(state, 0).phase == "escalation"
    finished = view(fold(state, (GameEnded(("core_full",)),)), 0)
    assert finished.phase == "finished" and finished.end_reasons == ("core_full",)
    assert finished.turn is None

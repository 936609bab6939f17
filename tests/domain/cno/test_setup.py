"""Components and setup."""

from collections import Counter

import msgspec
import pytest

from domain.games.cno import rules
from domain.games.cno.cards import ISOTOPES, deck
from domain.games.cno.model import Intermission, Options, Playing, RoundDealt, initial_state
from domain.games.cno.rules import start
from tests.domain.cno.given import context, fold


def dealt(seats: int = 2, options: Options | None = None) -> tuple[RoundDealt, Playing]:
    state = initial_state(options or Options(), seats)
    events = start(state, context(None))
    after = fold(state, events)
    assert isinstance(events[0], RoundDealt) and isinstance(after, Playing)
    return events[0], after


def test_a_deck_holds_four_copies_of_each_of_the_thirteen_isotopes() -> None:
    cards = deck(0, Options().copies)
    assert len(cards) == 52
    assert Counter(card.isotope for card in cards) == dict.fromkeys(ISOTOPES, 4)


def test_every_seat_has_its_own_deck_tagged_with_its_owner() -> None:
    event, _ = dealt(seats=3)
    for seat, layout in enumerate(event.layouts):
        mine = (*layout.hand, *layout.row, *layout.stock)
        assert sorted(mine) == sorted(deck(seat, Options().copies))


def test_each_seat_shuffles_its_own_deck() -> None:
    event, _ = dealt(seats=2)
    first, second = (tuple(c.isotope for c in lay.hand + lay.stock) for lay in event.layouts)
    assert first != second
    assert first != tuple(c.isotope for c in deck(0, Options().copies))[: len(first)]


def test_the_deal_gives_fifteen_to_the_hand_four_to_the_row_and_the_rest_to_the_stock() -> None:
    _, state = dealt()
    for player in state.board.players:
        assert (len(player.hand), len(player.row), len(player.stock)) == (15, 4, 33)
        assert None not in player.row


def test_a_round_starts_with_no_reaction_piles_and_nothing_played() -> None:
    _, state = dealt()
    assert state.board.piles == ()
    assert all(p.played == 0 and p.set_aside == () for p in state.board.players)


def test_the_multiplicity_of_each_isotope_is_an_option() -> None:
    copies = (2, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 5)
    _, state = dealt(options=Options(copies=copies))
    player = state.board.players[0]
    held = Counter(c.isotope for c in (*player.hand, *player.row, *player.stock) if c)
    assert held == dict(zip(ISOTOPES, copies, strict=True))


@pytest.mark.parametrize(
    "options",
    [{"copies": [4] * 12}, {"copies": [1] * 13}, {"rounds": 0}, {"target_score": -1}, {"x": 1}],
)
def test_options_outside_their_range_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert(options, Options)


def test_two_to_four_players_take_part_and_two_is_the_least() -> None:
    assert (rules.min_seats, rules.max_seats) == (2, 4)


def test_before_the_first_deal_the_series_waits_at_round_zero() -> None:
    state = initial_state(Options(), 3)
    assert isinstance(state, Intermission)
    assert (state.round, state.totals) == (0, (0, 0, 0))

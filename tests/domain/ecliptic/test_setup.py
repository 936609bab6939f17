"""Ecliptic: the components and the setup."""

from collections import Counter
from datetime import UTC, datetime

import msgspec
import pytest

from domain import table as tables
from domain.games.ecliptic import rules
from domain.games.ecliptic.cards import COLOURS, DECK, SYMBOLS
from domain.games.ecliptic.model import GameOpened, Options, Turn
from tests.domain.ecliptic.helpers import ctx, fold

SIGN_DAYS = [
    ((3, 20), 12),
    ((3, 21), 1),
    ((4, 19), 1),
    ((4, 20), 2),
    ((5, 21), 3),
    ((6, 21), 4),
    ((7, 22), 4),
    ((7, 23), 5),
    ((8, 23), 6),
    ((9, 23), 7),
    ((10, 23), 8),
    ((11, 21), 8),
    ((11, 22), 9),
    ((12, 21), 9),
    ((12, 22), 10),
    ((1, 19), 10),
    ((1, 20), 11),
    ((2, 18), 11),
    ((2, 19), 12),
]


def opening(options: Options, seed: bytes = b"ecliptic", now: datetime | None = None) -> GameOpened:
    context = ctx(0, seed=seed) if now is None else ctx(0, now=now, seed=seed)
    (event,) = rules.start(rules.initial_state(options, 2), context)
    assert isinstance(event, GameOpened)
    return event


def test_the_deck_has_one_card_per_sign_and_colour_each_colour_with_its_symbol() -> None:
    assert len(DECK) == len(set(DECK)) == 72
    assert Counter(card.sign for card in DECK) == {sign: 6 for sign in range(1, 13)}
    assert Counter(card.colour for card in DECK) == {colour: 12 for colour in COLOURS}
    assert all(card.symbol == SYMBOLS[card.colour] for card in DECK)
    assert len(set(SYMBOLS.values())) == 6


def test_no_two_cards_share_both_sign_and_colour() -> None:
    assert len({(card.sign, card.colour) for card in DECK}) == len(DECK)


def test_the_opening_deals_seven_cards_each_and_leaves_fifty_eight_in_the_stock() -> None:
    event = opening(Options())
    assert [len(hand) for hand in event.hands] == [7, 7]
    assert len(event.stock) == event.stock_size == 58
    assert {*event.hands[0], *event.hands[1], *event.stock} == set(DECK)


def test_the_deal_is_shuffled_by_the_seed() -> None:
    assert opening(Options(), seed=b"one").stock != opening(Options(), seed=b"two").stock


def test_given_own_signs_are_recorded_and_both_seats_may_share_one() -> None:
    assert opening(Options(signs=("leo", "leo"))).signs == (5, 5)


def test_a_missing_own_sign_is_drawn_at_random_and_recorded_in_the_opening() -> None:
    drawn = [opening(Options(signs=("pisces",)), seed=bytes([n])).signs for n in range(40)]
    assert all(signs[0] == 12 for signs in drawn)
    assert all(1 <= signs[1] <= 12 for signs in drawn)
    assert len({signs[1] for signs in drawn}) > 3


@pytest.mark.parametrize(("day", "sign"), SIGN_DAYS)
def test_the_sign_of_the_day_is_the_sun_sign_of_the_start_date(
    day: tuple[int, int], sign: int
) -> None:
    now = datetime(2026, *day, 9, 30, tzinfo=UTC)
    event = opening(Options(), now=now)
    assert (event.day_sign, event.day) == (sign, f"2026-{day[0]:02}-{day[1]:02}")


def test_the_sign_of_the_day_uses_the_configured_time_zone() -> None:
    late = datetime(2026, 3, 20, 23, 30, tzinfo=UTC)
    assert opening(Options(), now=late).day_sign == 12
    east = opening(Options(utc_offset_minutes=60), now=late)
    assert (east.day, east.day_sign) == ("2026-03-21", 1)


def test_the_first_player_is_drawn_at_random_takes_white_and_moves_first() -> None:
    openings = [opening(Options(), seed=bytes([n])) for n in range(20)]
    assert {event.white for event in openings} == {0, 1}
    for event in openings[:4]:
        state = fold(rules.initial_state(Options(), 2), [event])
        assert state.phase == Turn(event.white)
        assert state.white == event.white


@pytest.mark.parametrize(
    "options",
    [
        {"signs": ["ophiuchus"]},
        {"signs": ["leo", "leo", "leo"]},
        {"colour_scoring": "rainbow"},
        {"utc_offset_minutes": 900},
        {"hand_size": 8},
    ],
)
def test_options_outside_the_rules_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert(options, Options)


def test_options_default_to_random_signs_and_colour_groups() -> None:
    assert msgspec.convert({}, Options) == Options(signs=(), colour_scoring="group")


def test_a_table_started_on_a_date_records_that_days_sign_when_the_game_opens() -> None:
    table = tables.fold(rules, ())
    autumn = datetime(2026, 9, 30, 8, 0, tzinfo=UTC)
    commands = (
        tables.CreateTable("ecliptic", {"signs": ["virgo"]}),
        tables.TakeSeat("ada"),
        tables.TakeSeat("bob"),
        tables.StartGame(),
    )
    events: tuple[object, ...] = ()
    for seat, command in zip((None, None, None, 0), commands, strict=True):
        events = tables.decide(rules, table, command, ctx(seat, now=autumn))
        table = tables.fold(rules, events, table)
    opened = events[-1]
    assert isinstance(opened, GameOpened)
    assert (opened.day, opened.day_sign, opened.signs[0]) == ("2026-09-30", 7, 6)
    assert table.status == "playing" and table.game.phase == Turn(opened.white)

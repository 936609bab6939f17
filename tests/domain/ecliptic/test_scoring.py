"""Ecliptic: scoring and tie-breaks."""

from collections.abc import Sequence

from domain.games.ecliptic import rules
from domain.games.ecliptic.cards import Card
from domain.games.ecliptic.model import GameEnded, Options
from tests.domain.ecliptic.helpers import card, fold, given

COLOURS = ("red", "grey", "green", "violet", "orange", "yellow")


def finished(
    white: Sequence[Card],
    blue: Sequence[Card],
    *,
    signs: tuple[int, int] = (11, 11),
    day_sign: int = 10,
    options: Options | None = None,
) -> tuple[tuple[int, int], ...]:
    state = given(((), ()), lines=(white, blue), signs=signs, day_sign=day_sign, options=options)
    over = fold(state, [GameEnded("no_legal_turn", 0)])
    return tuple((standing.score, standing.place) for standing in rules.outcome(over))


def test_a_side_scores_its_longest_run_of_signs_round_the_zodiac() -> None:
    side = (
        card(11, "red"),
        card(12, "grey"),
        card(1, "green"),
        card(2, "violet"),
        card(5, "orange"),
    )
    assert finished(side, (), signs=(3, 3))[0][0] == 4 + 1


def test_a_full_side_scores_a_run_of_twelve() -> None:
    side = tuple(card(sign, COLOURS[sign % 6]) for sign in range(1, 13))
    assert finished(side, (), signs=(3, 3))[0][0] == 12 + 2 + 1


def test_a_side_scores_its_largest_colour_group_wherever_its_cards_lie() -> None:
    side = (card(1, "yellow"), card(5, "yellow"), card(9, "yellow"), card(3, "red"))
    assert finished(side, ())[0][0] == 1 + 3


def test_run_colour_scoring_counts_only_adjacent_signs_of_one_colour() -> None:
    side = (card(1, "yellow"), card(2, "yellow"), card(3, "red"), card(7, "yellow"))
    assert finished(side, ())[0][0] == 3 + 3
    assert finished(side, (), options=Options(colour_scoring="run"))[0][0] == 3 + 2


def test_occupying_ones_own_sign_scores_one_point() -> None:
    side = (card(4, "red"), card(8, "grey"))
    assert finished(side, side[1:], signs=(4, 4))[0][0] == 1 + 1 + 1
    assert finished(side, (), signs=(5, 5))[0][0] == 1 + 1


def test_the_higher_score_wins() -> None:
    assert finished((card(1, "red"), card(2, "red")), (card(6, "grey"),)) == ((4, 1), (2, 2))


def test_on_equal_scores_more_cards_on_ones_side_wins() -> None:
    three = (card(1, "yellow"), card(2, "green"), card(3, "red"))
    two = (card(6, "yellow"), card(7, "yellow"))
    assert finished(three, two) == ((4, 1), (4, 2))


def test_then_fewer_different_colours_wins() -> None:
    one_colour = (card(1, "yellow"), card(2, "yellow"), card(5, "yellow"))
    two_colours = (card(7, "green"), card(8, "red"), card(9, "green"))
    assert finished(one_colour, two_colours) == ((5, 1), (5, 2))


def test_then_occupying_the_sign_of_the_day_wins() -> None:
    white = (card(1, "yellow"), card(2, "yellow"))
    blue = (card(5, "green"), card(6, "green"))
    assert finished(white, blue, day_sign=5) == ((4, 2), (4, 1))


def test_a_tie_through_every_tie_break_is_a_draw_sharing_first_place() -> None:
    white = (card(1, "yellow"), card(2, "yellow"))
    neither = (card(5, "green"), card(6, "green"))
    both = (card(1, "green"), card(2, "green"))
    assert finished(white, neither, day_sign=10) == ((4, 1), (4, 1))
    assert finished(white, both, day_sign=1) == ((4, 1), (4, 1))

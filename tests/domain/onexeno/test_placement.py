"""Placing a card: touch, match, stay within five by five."""

import pytest

from domain.games.onexeno.cards import DECK, card_of
from domain.games.onexeno.model import CardPlaced, Options, Pass, PlaceCard, TurnBegan
from domain.games.onexeno.rules import decide, legal_moves
from tests.domain.onexeno.given import (
    DARK,
    LIGHT,
    cards,
    ctx,
    matched,
    place,
    playing,
    refusal,
    spare,
)

Q0 = 0b0000_0001  # only the top-left cell dark


def test_a_card_matching_its_neighbour_is_placed_and_the_turn_passes_left() -> None:
    state = playing({(0, 0): LIGHT}, [cards(Q0 << 2, DARK), spare(5)])
    command = place(0, 1, Q0 << 2)  # dark cell at top-right: the shared edge is all light
    events = decide(state, command, ctx(0))
    card = card_of(Q0)
    assert events[0] == CardPlaced(0, card, 0, 1, 1, Q0 << 2)
    assert events[1] == TurnBegan(1, True, state.hand.stack[0])


def test_a_horizontal_neighbour_must_match_on_the_whole_shared_edge() -> None:
    state = playing({(0, 0): LIGHT}, [cards(Q0), spare(5)])
    assert refusal(state, 0, PlaceCard(card_of(Q0), 0, 1, 0)) == "mismatch"
    assert refusal(state, 0, PlaceCard(card_of(Q0), 0, -1, 1)) == "mismatch"
    decide(state, PlaceCard(card_of(Q0), 0, -1, 0), ctx(0))


def test_a_vertical_neighbour_must_match_on_the_whole_shared_edge() -> None:
    bottom_row_dark = 0b0111_0000
    state = playing({(0, 0): bottom_row_dark}, [cards(DARK, LIGHT), spare(5)])
    decide(state, place(1, 0, DARK), ctx(0))
    assert refusal(state, 0, place(-1, 0, DARK)) == "mismatch"
    decide(state, place(-1, 0, LIGHT), ctx(0))
    assert refusal(state, 0, place(1, 0, LIGHT)) == "mismatch"


def test_a_card_must_match_every_orthogonal_neighbour() -> None:
    grid = matched([(0, 0), (0, 1), (1, 0), (1, 1)])
    field = {cell: face for cell, face in grid.items() if cell != (1, 1)}
    fitting = card_of(grid[(1, 1)])
    state = playing(field, [(fitting,), spare(5)], stack=())
    moves = [m for m in legal_moves(state, 0) if isinstance(m, PlaceCard) and m.row == 1]
    assert place(1, 1, grid[(1, 1)]) in moves
    for rotation in range(4):
        if PlaceCard(fitting, 1, 1, rotation) not in moves and rotation < 4:
            code = refusal(state, 0, PlaceCard(fitting, 1, 1, rotation))
            assert code in {"mismatch", "redundant_rotation"}


def test_a_diagonal_neighbour_must_match_at_the_shared_corner_by_default() -> None:
    bottom_left_light = 0b0000_0010  # only the top middle cell dark
    bottom_left_dark = 0b0100_0000
    field = {(1, 0): DARK, (0, 2): LIGHT}  # (1, 0) touches (0, 1) at one corner only
    state = playing(field, [cards(bottom_left_light, bottom_left_dark), spare(5)])
    assert refusal(state, 0, place(0, 1, bottom_left_light)) == "mismatch"
    decide(state, place(0, 1, bottom_left_dark), ctx(0))


def test_without_corner_matching_only_edges_must_match() -> None:
    bottom_left_light = 0b0000_0010
    field = {(1, 0): DARK, (0, 2): LIGHT}
    options = Options(corner_match=False)
    state = playing(field, [cards(bottom_left_light), spare(5)], options=options)
    events = decide(state, place(0, 1, bottom_left_light), ctx(0))
    assert isinstance(events[0], CardPlaced)


def test_without_corner_matching_cells_around_a_clashing_corner_stay_empty() -> None:
    dark_bottom_left = 0b0100_0000
    light_everywhere = LIGHT
    field = {(0, 1): dark_bottom_left, (1, 0): light_everywhere}
    every_card = tuple(c for c in DECK if c not in cards(*field.values()))
    state = playing(field, [every_card, spare(5)], options=Options(corner_match=False))
    cells = {(m.row, m.col) for m in legal_moves(state, 0) if isinstance(m, PlaceCard)}
    assert cells and (0, 0) not in cells and (1, 1) not in cells
    for card in every_card:
        assert refusal(state, 0, PlaceCard(card, 0, 0, 0)) == "mismatch"
        assert refusal(state, 0, PlaceCard(card, 1, 1, 0)) == "mismatch"


def test_a_card_touching_the_field_only_at_a_corner_is_refused() -> None:
    state = playing({(0, 0): LIGHT}, [cards(Q0), spare(5)])
    assert refusal(state, 0, place(1, 1, Q0 << 6)) == "not_adjacent"


def test_a_card_cannot_go_on_an_occupied_cell() -> None:
    state = playing({(0, 0): LIGHT}, [cards(Q0), spare(5)])
    assert refusal(state, 0, PlaceCard(card_of(Q0), 0, 0, 0)) == "cell_occupied"


def test_the_field_may_not_grow_wider_than_five_cards() -> None:
    row = matched([(0, col) for col in range(6)])
    field = {(0, col): row[(0, col)] for col in range(4)}
    state = playing(field, [cards(row[(0, 4)], row[(0, 5)]), spare(5)])
    assert isinstance(decide(state, place(0, 4, row[(0, 4)]), ctx(0))[0], CardPlaced)
    gapped = {(0, col): row[(0, col)] for col in (0, 1, 2, 4)}
    wide = playing(gapped, [cards(row[(0, 3)], row[(0, 5)]), spare(5)])
    assert refusal(wide, 0, place(0, 5, row[(0, 5)])) == "field_too_large"


def test_the_field_may_not_grow_taller_than_five_cards() -> None:
    column = matched([(row, 0) for row in range(-1, 5)])
    field = {(row, 0): column[(row, 0)] for row in (0, 1, 3, 4)}
    state = playing(field, [cards(column[(-1, 0)]), spare(5)])
    assert refusal(state, 0, place(-1, 0, column[(-1, 0)])) == "field_too_large"


def test_a_closed_field_accepts_cards_only_inside_its_five_by_five_square() -> None:
    grid = matched([(r, c) for r in range(-1, 6) for c in range(-1, 6)])
    field = {cell: grid[cell] for cell in [(0, 0), (0, 1), (0, 3), (0, 4), (1, 0), (4, 4)]}
    state = playing(field, [cards(grid[(-1, 0)], grid[(1, -1)], grid[(1, 1)]), spare(5)])
    opened = {(m.row, m.col) for m in legal_moves(state, 0) if isinstance(m, PlaceCard)}
    assert (1, 1) in opened
    assert all(0 <= row <= 4 and 0 <= col <= 4 for row, col in opened)
    assert refusal(state, 0, place(-1, 0, grid[(-1, 0)])) == "field_too_large"
    assert refusal(state, 0, place(1, -1, grid[(1, -1)])) == "field_too_large"


def test_a_card_not_held_cannot_be_placed() -> None:
    state = playing({(0, 0): LIGHT}, [cards(Q0), spare(5)])
    assert refusal(state, 0, place(0, -1, 0b0000_0011)) == "card_not_in_hand"


def test_only_the_seat_whose_turn_it_is_may_act() -> None:
    state = playing({(0, 0): LIGHT}, [cards(Q0), spare(5)])
    assert refusal(state, 1, Pass()) == "not_your_turn"
    assert legal_moves(state, 1) == ()


@pytest.mark.parametrize("rotation", [1, 2, 3])
def test_a_card_alike_under_every_turn_is_placed_only_unturned(rotation: int) -> None:
    right_edge_dark_light_dark = 0b0001_0100
    state = playing({(0, 0): right_edge_dark_light_dark}, [cards(0b0101_0101, DARK), spare(5)])
    card = card_of(0b0101_0101)  # the four corners dark
    assert refusal(state, 0, PlaceCard(card, 0, 1, rotation)) == "redundant_rotation"
    assert isinstance(decide(state, PlaceCard(card, 0, 1, 0), ctx(0))[0], CardPlaced)


def test_a_rotation_showing_a_face_already_offered_is_refused() -> None:
    half_turn_symmetric = 0b0001_0001  # top-left and bottom-right dark
    card = card_of(half_turn_symmetric)
    state = playing({(0, 0): LIGHT}, [(card,), spare(5)])
    assert refusal(state, 0, PlaceCard(card, 0, -1, 2)) == "redundant_rotation"
    assert refusal(state, 0, PlaceCard(card, 0, -1, 3)) == "redundant_rotation"


def test_a_voluntary_pass_is_allowed_while_a_placement_is_possible() -> None:
    state = playing({(0, 0): LIGHT}, [cards(Q0), spare(5)])
    assert any(isinstance(move, PlaceCard) for move in legal_moves(state, 0))
    assert Pass() in legal_moves(state, 0)
    decide(state, Pass(), ctx(0))

"""Tricks: every completed line of five through the placed card is taken."""

from domain.games.onexeno import board as field
from domain.games.onexeno.cards import FACES, card_of
from domain.games.onexeno.model import CardPlaced, Event, Pass, PlaceCard, Playing, TricksTaken
from domain.games.onexeno.rules import decide, legal_moves
from domain.games.onexeno.views import view
from tests.domain.onexeno.given import after, ctx, matched, place, playing, refusal, spare

Cell = tuple[int, int]


def play_into(cells: list[Cell], target: Cell, extra: int = 1) -> tuple[Playing, tuple[Event, ...]]:
    """Seat 0 holds the card for `target` (and `extra` more) on a matched field of `cells`."""
    grid = matched([*cells, target])
    field = {cell: grid[cell] for cell in cells}
    hand = (card_of(grid[target]), *spare(extra, [card_of(face) for face in grid.values()]))
    used = {card_of(face) for face in grid.values()} | set(hand)
    state = playing(field, [hand, spare(5, used)], stack=())
    return state, decide(state, place(*target, grid[target]), ctx(0))


def taken(events: tuple[Event, ...]) -> TricksTaken:
    found = [event for event in events if isinstance(event, TricksTaken)]
    assert len(found) == 1
    return found[0]


def test_completing_a_row_of_five_takes_it() -> None:
    state, events = play_into([(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)], (0, 4))
    trick = taken(events)
    assert trick.tricks == 1
    assert trick.cells == ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4))
    assert trick.points == sum(card.value for card in trick.cards)
    later = after(state, events)
    assert isinstance(later, Playing)
    assert [(p.row, p.col) for p in later.hand.field] == [(1, 3)]
    assert set(later.hand.taken[0]) == set(trick.cards)


def test_completing_a_column_of_five_takes_it() -> None:
    _, events = play_into([(-2, 0), (-1, 0), (1, 0), (2, 0)], (0, 0))
    assert taken(events).cells == ((-2, 0), (-1, 0), (0, 0), (1, 0), (2, 0))


def test_completing_a_diagonal_of_five_takes_it() -> None:
    cells = [(0, 0), (1, 1), (2, 2), (3, 3), (3, 4)]
    state, events = play_into(cells, (4, 4))
    assert taken(events).cells == ((0, 0), (1, 1), (2, 2), (3, 3), (4, 4))
    later = after(state, events)
    assert isinstance(later, Playing)
    assert [(p.row, p.col) for p in later.hand.field] == [(3, 4)]


def test_completing_an_anti_diagonal_of_five_takes_it() -> None:
    cells = [(0, 4), (1, 3), (2, 2), (4, 0), (4, 1)]
    _, events = play_into(cells, (3, 1))
    assert taken(events).cells == ((0, 4), (1, 3), (2, 2), (3, 1), (4, 0))


def test_a_line_with_a_gap_is_no_trick() -> None:
    _, events = play_into([(0, 0), (0, 1), (0, 3), (0, 4), (1, 1)], (1, 2))
    assert not any(isinstance(event, TricksTaken) for event in events)


def test_the_centre_of_a_closed_field_can_take_four_tricks_of_seventeen_cards() -> None:
    lines = {(2, c) for c in range(5)} | {(r, 2) for r in range(5)}
    lines |= {(i, i) for i in range(5)} | {(i, 4 - i) for i in range(5)}
    strays = [(0, 1), (4, 3)]
    state, events = play_into(sorted((lines - {(2, 2)}) | set(strays)), (2, 2))
    trick = taken(events)
    assert trick.tricks == 4
    assert len(trick.cells) == len(trick.cards) == 17
    later = after(state, events)
    assert isinstance(later, Playing)
    assert sorted((p.row, p.col) for p in later.hand.field) == strays


def test_one_placement_completing_two_lines_takes_both() -> None:
    cells = [(0, 0), (0, 1), (0, 2), (0, 3), (1, 4), (2, 4), (3, 4), (4, 4)]
    _, events = play_into(cells, (0, 4))
    trick = taken(events)
    assert trick.tricks == 2
    assert len(trick.cells) == 9


def test_the_field_reopens_after_a_trick_removes_its_far_side() -> None:
    grid = matched([(row, col) for row in (0, 1) for col in range(-1, 5)])
    field = {(0, col): grid[(0, col)] for col in (0, 1, 2, 4)} | {(1, 0): grid[(1, 0)]}
    first, second = card_of(grid[(0, 3)]), card_of(grid[(1, -1)])
    extra = spare(2, [card_of(face) for face in grid.values()])
    state = playing(field, [(first, extra[0]), (second, extra[1])])
    assert refusal(state, 1, place(1, -1, grid[(1, -1)])) == "not_your_turn"
    closed = playing(field, [(first, extra[0]), (second, extra[1])], turn=1)
    assert refusal(closed, 1, place(1, -1, grid[(1, -1)])) == "field_too_large"
    later = after(state, decide(state, place(0, 3, grid[(0, 3)]), ctx(0)))
    assert isinstance(later, Playing) and later.hand.turn == 1
    events = decide(later, place(1, -1, grid[(1, -1)]), ctx(1))
    assert isinstance(events[0], CardPlaced)


def test_cards_left_apart_after_a_trick_stay_and_either_may_be_built_on() -> None:
    cells = [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 3)]
    state, events = play_into(cells, (0, 4), extra=4)
    later = after(state, events)
    assert isinstance(later, Playing)
    assert sorted((p.row, p.col) for p in later.hand.field) == [(1, 0), (1, 3)]
    held = later.hand.hands[1][0]
    assert refusal(later, 1, PlaceCard(held, 3, 5, 0)) == "not_adjacent"
    faces = {(p.row, p.col): FACES[p.card.pattern][p.rotation] for p in later.hand.field}
    neighbours = {(2, 0), (1, -1), (1, 1), (0, 0), (2, 3), (1, 2), (1, 4), (0, 3)}
    assert set(field.open_cells(faces)) == neighbours


def test_after_a_trick_clears_the_field_the_next_seat_must_place_at_the_centre() -> None:
    state, events = play_into([(0, 0), (0, 1), (0, 2), (0, 3)], (0, 4), extra=4)
    later = after(state, events)
    assert isinstance(later, Playing)
    assert later.hand.field == () and later.hand.turn == 1
    moves = legal_moves(later, 1)
    assert moves and Pass() not in moves
    assert {(m.row, m.col) for m in moves if isinstance(m, PlaceCard)} == {(0, 0)}
    assert refusal(later, 1, Pass()) == "must_place"
    held = later.hand.hands[1][0]
    assert refusal(later, 1, PlaceCard(held, 0, 1, 0)) == "must_place_at_centre"
    assert isinstance(decide(later, PlaceCard(held, 0, 0, 0), ctx(1))[0], CardPlaced)


def test_the_line_taken_shows_where_it_lay_until_the_next_card() -> None:
    state, events = play_into([(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)], (0, 4))
    later = after(state, events)
    assert isinstance(later, Playing)
    shown = view(later, 1).captured
    assert shown is not None and shown.seat == 0
    assert [(p.row, p.col) for p in shown.cards] == [(0, c) for c in range(5)]
    assert {p.card for p in shown.cards} == set(taken(events).cards)
    move = next(m for m in legal_moves(later, 1) if isinstance(m, PlaceCard))
    placed = tuple(e for e in decide(later, move, ctx(1)) if isinstance(e, CardPlaced))
    assert view(after(later, placed), 1).captured is None

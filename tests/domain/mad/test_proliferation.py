"""Nuclear Proliferation: each seat's first card, placed apart from the others."""

from domain.games.mad.model import SIZE, CardPlaced, Playing, TurnPassed
from domain.games.mad.rules import legal_moves
from tests.domain.mad.given import card, fold, place, placements, playing, refusal, when

CENTRE_SEED = (". . . . .", ". . . . .", ". . Ra3 . .")


def test_the_first_card_may_go_on_any_space_of_the_empty_core_not_only_the_centre() -> None:
    state = playing(hands=("Pu1 Pu2", "Ra3 Ra4"), seeding=2)

    assert len(legal_moves(state, 0)) == 2 * 25
    assert when(state, place("Pu1", 0, 0)) == (CardPlaced(0, card("Pu1"), 0, 0), TurnPassed(1))


def test_a_seed_beside_a_placed_card_is_refused() -> None:
    state = playing(rows=CENTRE_SEED, hands=("Ra5 Pu2", "Ra4"), seeding=1)

    assert refusal(state, place("Ra5", 2, 1)) == "space_not_isolated"
    assert refusal(state, place("Ra5", 1, 2)) == "space_not_isolated"


def test_a_seed_may_touch_a_placed_card_at_a_corner_only() -> None:
    state = playing(rows=CENTRE_SEED, hands=("Pu1 Pu2", "Ra4"), seeding=1)

    assert when(state, place("Pu1", 1, 1))[0] == CardPlaced(0, card("Pu1"), 1, 1)


def test_a_seed_needs_to_match_nothing() -> None:
    state = playing(rows=CENTRE_SEED, hands=("Pu1 Pu2", "Ra4"), seeding=1)

    assert when(state, place("Pu1", 4, 4))[0] == CardPlaced(0, card("Pu1"), 4, 4)


def test_every_card_may_go_on_every_space_with_no_card_beside_it() -> None:
    state = playing(rows=CENTRE_SEED, hands=("Pu1 Pu2", "Ra4"), seeding=1)

    moves = placements(state, 0)

    assert len(moves) == 2 * (25 - 1 - 4)
    assert {(move.row, move.column) for move in moves}.isdisjoint({(2, 2), (1, 2), (2, 1)})


def test_proliferation_ends_after_the_last_seat_in_the_rotation_has_placed() -> None:
    rows = ("Pu7 . . . .", ". . . . .", ". . . . .", ". . . . .", ". . . . Th9")
    state = playing(rows=rows, hands=("U1 U2", "Ra9 Th12", "U3 U4"), seeding=1, turn=0)

    after = fold(state, when(state, place("U1", 2, 2)))

    assert isinstance(after, Playing) and after.turn == 1 and after.seeding == 0
    assert refusal(after, place("Th12", 0, 2)) == "space_not_adjacent"
    assert refusal(after, place("Ra9", 0, 1)) == "no_match"
    assert when(after, place("Th12", 3, 4))[0] == CardPlaced(1, card("Th12"), 3, 4)


def test_proliferation_always_leaves_a_space_for_each_of_up_to_six_seats() -> None:
    def isolated(taken: frozenset[int]) -> list[int]:
        return [at for at in range(SIZE * SIZE) if not taken & _closed(at)]

    def check(taken: frozenset[int], last: int) -> int:
        spaces = isolated(taken)
        assert spaces, f"no space left after seeds {sorted(taken)}"
        if len(taken) == 5:
            return 1
        return sum(check(taken | {at}, at) for at in spaces if at > last)

    assert check(frozenset(), -1) > 0


def _closed(at: int) -> frozenset[int]:
    row, column = divmod(at, SIZE)
    steps = [(row, column), (row - 1, column), (row + 1, column), (row, column - 1)]
    steps.append((row, column + 1))
    return frozenset(r * SIZE + c for r, c in steps if 0 <= r < SIZE and 0 <= c < SIZE)

"""Legal moves: each distinct placement once, exactly the commands `decide` accepts."""

from collections import Counter
from typing import Any

from commands.log.registry import GAMES
from domain.errors import DomainError
from domain.games.onexeno import board as field
from domain.games.onexeno.cards import DECK, FACES, card_of
from domain.games.onexeno.model import Options, Pass, PlaceCard, Playing
from domain.games.onexeno.rules import decide, legal_moves
from tests.domain.onexeno.given import LIGHT, ctx, matched, playing, spare
from tests.domain.playout import Playout


def crowded(hand_size: int = 30) -> Playing:
    """A 5x5 field missing its main diagonal (so no line is complete), and a big hand."""
    grid = matched([(row, col) for row in range(5) for col in range(5)])
    field = {cell: face for cell, face in grid.items() if cell[0] != cell[1]}
    used = [card_of(face) for face in field.values()]
    held = spare(hand_size, used)
    return playing(field, [held, spare(5, [*used, *held])], stack=())


def accepted(state: Playing, command: object) -> bool:
    try:
        decide(state, command, ctx(0))  # type: ignore[arg-type]
    except DomainError:
        return False
    return True


def brute_force(state: Playing) -> set[PlaceCard]:
    """Every (cell, card, rotation) around the field that `decide` accepts."""
    rows = [p.row for p in state.hand.field] or [0]
    cols = [p.col for p in state.hand.field] or [0]
    return {
        command
        for row in range(min(rows) - 5, max(rows) + 6)
        for col in range(min(cols) - 5, max(cols) + 6)
        for card in state.hand.hands[0]
        for rotation in range(4)
        if accepted(state, command := PlaceCard(card, row, col, rotation))
    }


def test_each_distinct_placement_is_listed_once() -> None:
    state = crowded()
    moves = legal_moves(state, 0)
    assert len(moves) == len(set(moves))
    faces = Counter(
        (m.row, m.col, FACES[m.card.pattern][m.rotation]) for m in moves if isinstance(m, PlaceCard)
    )
    assert max(faces.values()) == 1


def test_the_listed_placements_are_exactly_those_decide_accepts_on_a_crowded_field() -> None:
    state = crowded(hand_size=12)
    moves = legal_moves(state, 0)
    assert moves[-1] == Pass()
    assert set(moves[:-1]) == brute_force(state)
    assert len(moves) > 1


def test_the_listed_placements_are_exactly_those_decide_accepts_on_a_small_field() -> None:
    state = playing({(0, 0): LIGHT}, [DECK[1:13], spare(5)], stack=())
    moves = legal_moves(state, 0)
    assert set(moves[:-1]) == brute_force(state)
    assert {(m.row, m.col) for m in moves if isinstance(m, PlaceCard)} == {
        (-1, 0),
        (1, 0),
        (0, -1),
        (0, 1),
    }


def test_a_symmetric_card_is_offered_once_per_distinct_face() -> None:
    corners = card_of(0b0101_0101)
    right_edge_dark_light_dark = 0b0001_0100
    state = playing({(0, 0): right_edge_dark_light_dark}, [(corners,), spare(5)], stack=())
    assert [m for m in legal_moves(state, 0) if isinstance(m, PlaceCard)] == [
        PlaceCard(corners, 0, 1, 0)
    ]


def test_no_mismatched_card_ever_lies_on_the_field_so_there_is_nothing_to_claim() -> None:
    rules = GAMES["onexeno"]
    sessions: list[dict[str, Any]] = [{}, {"teams": 2}, {"corner_match": False}, {"hands": 2}]
    for seed, options in enumerate(sessions):
        seats = 4 if options.get("teams") else 3
        playout = Playout(rules, seats, seed, options)
        while playout.step() is not None:
            game = playout.table.game
            faces = {(p.row, p.col): FACES[p.card.pattern][p.rotation] for p in game.hand.field}
            corners = game.options.corner_match
            for cell, face in faces.items():
                others = {k: v for k, v in faces.items() if k != cell}
                assert field.fits(others, cell, face, corners)
            if game.hand.stack:
                assert all(len(cards) >= 5 for cards in game.hand.hands)


def test_default_options_keep_every_rule_on() -> None:
    assert Options().corner_match

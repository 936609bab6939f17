"""The field: where a card may go, what its neighbours demand of it, and which lines it takes.

Cells are (row, column) with rows growing downward. A field is read as a mapping from cell
to the face shown there (see `cards`). Neighbours constrain a new card's border cells:
orthogonal neighbours edge by edge, diagonal neighbours (when corners must match) at the
one corner they touch. A constraint is a (mask, bits) pair: a face meets it when
`face & mask == bits`.
"""

from collections.abc import Mapping
from typing import Literal

from domain.errors import Refusal
from domain.games.onexeno.cards import CELLS

Cell = tuple[int, int]
Faces = Mapping[Cell, int]
Box = tuple[int, int, int, int]
"""A field's bounding box: top, bottom, left, right."""
Code = Literal["must_place_at_centre", "cell_occupied", "not_adjacent", "field_too_large"]
"""Why no card may go at a cell."""
Refused = Refusal[Code]
Constraint = tuple[int, int]
"""What the neighbours of a cell demand of a face placed there: a (mask, bits) pair."""

SPAN = 5
"""The field never exceeds SPAN x SPAN cards; a line of SPAN cards is a trick."""
CENTRE: Cell = (0, 0)
UNSATISFIABLE: Constraint = (0, 1)
"""A constraint no face meets (face & 0 is never 1)."""

# For a neighbour at (d_row, d_col): which of our cells (first) must equal which of theirs.
ORTHOGONAL: tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...] = (
    (0, -1, ((0, 2), (7, 3), (6, 4))),
    (0, 1, ((2, 0), (3, 7), (4, 6))),
    (-1, 0, ((0, 6), (1, 5), (2, 4))),
    (1, 0, ((6, 0), (5, 1), (4, 2))),
)
DIAGONAL: tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...] = (
    (-1, -1, ((0, 4),)),
    (-1, 1, ((2, 6),)),
    (1, -1, ((6, 2),)),
    (1, 1, ((4, 0),)),
)
LINES: tuple[Cell, ...] = ((0, 1), (1, 0), (1, 1), (1, -1))
"""Horizontal, vertical and both diagonals: the four lines through a cell."""


def _demands(pairs: tuple[tuple[int, int], ...]) -> tuple[int, tuple[int, ...]]:
    """The mask one neighbour constrains and, per neighbour face, the bits it demands."""
    mask = sum(1 << ours for ours, _ in pairs)
    bits = tuple(
        sum(((face >> theirs) & 1) << ours for ours, theirs in pairs) for face in range(1 << CELLS)
    )
    return mask, bits


def _table(
    neighbours: tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...],
) -> tuple[tuple[int, int, int, tuple[int, ...]], ...]:
    return tuple((dr, dc, *_demands(pairs)) for dr, dc, pairs in neighbours)


_ORTHOGONAL = _table(ORTHOGONAL)
_AROUND = _ORTHOGONAL + _table(DIAGONAL)


def constraint(faces: Faces, cell: Cell, corners: bool) -> Constraint:
    """The (mask, bits) every neighbour of `cell` demands of a face placed there."""
    row, col = cell
    mask = bits = 0
    for dr, dc, demanded, by_face in _AROUND if corners else _ORTHOGONAL:
        face = faces.get((row + dr, col + dc))
        if face is not None:
            wanted = by_face[face]
            if (wanted ^ bits) & mask & demanded:
                return UNSATISFIABLE  # two neighbours disagree on a shared corner
            mask |= demanded
            bits |= wanted
    return mask, bits


def meets(face: int, demand: Constraint) -> bool:
    """Whether `face` shows every colour the constraint demands."""
    mask, bits = demand
    return face & mask == bits


def fits(faces: Faces, cell: Cell, face: int, corners: bool) -> bool:
    """Whether `face` at `cell` matches every neighbour."""
    return meets(face, constraint(faces, cell, corners))


def open_cells(faces: Faces) -> tuple[Cell, ...]:
    """Every cell `refusal` accepts, sorted: of the field's side neighbours (the centre when
    the field is empty), those it does not refuse. The bounding box is found once."""
    box = _box(faces)
    around = {(row + dr, col + dc) for row, col in faces for dr, dc, _, _ in _ORTHOGONAL}
    candidates = around - faces.keys() if faces else {CENTRE}
    return tuple(sorted(cell for cell in candidates if _refusal(faces, box, cell) is None))


def refusal(faces: Faces, cell: Cell) -> Refused | None:
    """Why no card may go at `cell`, or None when it is open."""
    return _refusal(faces, _box(faces), cell)


def tricks(faces: Faces, cell: Cell) -> tuple[tuple[Cell, ...], ...]:
    """Every line of SPAN occupied cells through `cell` (which `faces` must include): the
    cell and the occupied cells outward from it both ways, each run up to its first gap."""
    row, col = cell
    found = []
    for dr, dc in LINES:
        line = [cell]
        for way_r, way_c in ((dr, dc), (-dr, -dc)):
            for step in range(1, SPAN):
                here = (row + way_r * step, col + way_c * step)
                if here not in faces:
                    break
                line.append(here)
        if len(line) == SPAN:
            found.append(tuple(sorted(line)))
    return tuple(found)


def _refusal(faces: Faces, box: Box | None, cell: Cell) -> Refused | None:
    """`refusal` on a field whose bounding box is `box` (None when the field is empty)."""
    if box is None:
        if cell == CENTRE:
            return None
        return Refused("must_place_at_centre", "on an empty field the card goes at (0, 0)")
    if cell in faces:
        return Refused("cell_occupied", "that cell already holds a card")
    row, col = cell
    if (
        (row, col - 1) not in faces
        and (row, col + 1) not in faces
        and (row - 1, col) not in faces
        and (row + 1, col) not in faces
    ):
        return Refused("not_adjacent", "a card must touch the field by a side")
    top, bottom, left, right = box
    if max(bottom, row) - min(top, row) >= SPAN or max(right, col) - min(left, col) >= SPAN:
        return Refused("field_too_large", "the field may not exceed five by five cards")
    return None


def _box(faces: Faces) -> Box | None:
    """The field's bounding box: top, bottom, left, right (None for an empty field)."""
    if not faces:
        return None
    rows = [row for row, _ in faces]
    cols = [col for _, col in faces]
    return min(rows), max(rows), min(cols), max(cols)

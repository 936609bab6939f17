"""The ONEXENO cards and deck: every two-colour border of a 3x3 card, counted once under rotation.

A pattern is eight bits, bit i for border cell q_i, clockwise from the top-left corner:
q0 top-left, q1 top, q2 top-right, q3 right, q4 bottom-right, q5 bottom, q6 bottom-left,
q7 left. A set bit is a dark cell. A card is named by its canonical pattern (the smallest of
its four quarter turns) and is worth its number of dark cells, the number printed in its
centre. A placed card turned `r` quarter turns clockwise shows, in cell i, the colour of
its pattern's cell (i - 2r) mod 8: its face.
"""

import msgspec

CELLS = 8
FULL = (1 << CELLS) - 1
QUARTER_TURNS = 4
CELL_NAMES = (
    "top-left", "top", "top-right", "right", "bottom-right", "bottom", "bottom-left", "left"
)  # fmt: skip
"""The border cells q0 to q7 by name."""


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One of the 70 cards: `pattern` is its canonical border, `value` its centre number."""

    pattern: int
    value: int

    def __str__(self) -> str:
        """The card as a player names it: its number and its dark border cells, as the
        canonical pattern shows them: "the 3 with dark top-left, top and right"."""
        dark = [name for cell, name in enumerate(CELL_NAMES) if self.pattern >> cell & 1]
        if not dark:
            return "the 0, all light"
        if len(dark) == CELLS:
            return f"the {CELLS}, all dark"
        listed = dark[0] if len(dark) == 1 else f"{', '.join(dark[:-1])} and {dark[-1]}"
        return f"the {self.value} with dark {listed}"


def turned(pattern: int, quarter_turns: int) -> int:
    """The face a pattern shows after `quarter_turns` clockwise quarter turns."""
    shift = 2 * (quarter_turns % QUARTER_TURNS)
    return ((pattern << shift) | (pattern >> (CELLS - shift))) & FULL


def canonical(pattern: int) -> int:
    """The smallest of a pattern's four quarter turns: the name of its card."""
    return min(turned(pattern, r) for r in range(QUARTER_TURNS))


def period(pattern: int) -> int:
    """How many quarter turns show distinct faces: 1, 2 or 4."""
    return next(r for r in (1, 2, 4) if turned(pattern, r) == pattern)


def card_of(face: int) -> Card:
    """The card that shows `face` in some rotation."""
    pattern = canonical(face)
    return Card(pattern, pattern.bit_count())


def rotation_of(card: Card, face: int) -> int:
    """The quarter turns that make `card` show `face`."""
    return next(r for r in range(period(card.pattern)) if turned(card.pattern, r) == face)


DECK: tuple[Card, ...] = tuple(
    Card(pattern, pattern.bit_count())
    for pattern in range(FULL + 1)
    if pattern == canonical(pattern)
)
"""Every card once, in the fixed order of their canonical patterns."""

FACES: tuple[tuple[int, ...], ...] = tuple(
    tuple(turned(pattern, r) for r in range(period(pattern))) for pattern in range(FULL + 1)
)
"""Indexed by pattern (a card's is `FACES[card.pattern]`): the distinct faces it can show,
indexed by rotation."""

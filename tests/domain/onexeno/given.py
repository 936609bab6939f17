"""Building ONEXENO situations for tests: faces, matched fields, and playing states."""

from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from functools import reduce
from itertools import product

from domain.chance import Chance
from domain.decider import Context
from domain.errors import DomainError
from domain.games.onexeno.cards import DECK, Card, canonical, card_of, rotation_of
from domain.games.onexeno.model import (
    Event,
    Hand,
    Options,
    PlaceCard,
    Placed,
    Playing,
    State,
)
from domain.games.onexeno.rules import decide, evolve

NOW = datetime(2026, 3, 21, 12, 0, tzinfo=UTC)
Cell = tuple[int, int]
LIGHT = 0x00
DARK = 0xFF


def ctx(seat: int | None, label: int = 0) -> Context:
    return Context(seat=seat, now=NOW, chance=Chance(b"test seed", label), seed=b"test seed")


def placed(row: int, col: int, face: int) -> Placed:
    """The field card showing `face` at (row, col)."""
    card = card_of(face)
    return Placed(row, col, card, rotation_of(card, face))


def place(row: int, col: int, face: int) -> PlaceCard:
    """The command placing the card that shows `face` at (row, col), turned to show it."""
    card = card_of(face)
    return PlaceCard(card, row, col, rotation_of(card, face))


def matched(cells: Iterable[Cell], avoid: Iterable[int] = ()) -> dict[Cell, int]:
    """Faces for `cells`, every card distinct (and not in `avoid`), all neighbours matching.

    Neighbouring cards share the colour points on their common edge and corners: corner
    points V, top/bottom edge middles H and left/right edge middles W, indexed by cell.
    """
    order = sorted(cells)
    found = _fill(order, {}, {}, {canonical(face) for face in avoid})
    assert found is not None, "no matched field of distinct cards"
    return found


def playing(
    field: Mapping[Cell, int],
    hands: Sequence[Sequence[Card]],
    *,
    turn: int = 0,
    dealer: int | None = None,
    stack: Sequence[Card] | None = None,
    taken: Sequence[Sequence[Card]] | None = None,
    benched: Sequence[bool] | None = None,
    options: Options | None = None,
    number: int = 1,
    totals: Sequence[int] | None = None,
) -> Playing:
    """A hand in play; unless given, the stack holds every card not used elsewhere."""
    seats = len(hands)
    taken = taken or [()] * seats
    board = tuple(placed(row, col, face) for (row, col), face in sorted(field.items()))
    used = {p.card for p in board} | {c for cards in (*hands, *taken) for c in cards}
    hand = Hand(
        number=number,
        dealer=(turn - 1) % seats if dealer is None else dealer,
        turn=turn,
        hands=tuple(tuple(cards) for cards in hands),
        stack=tuple(c for c in DECK if c not in used) if stack is None else tuple(stack),
        field=board,
        taken=tuple(tuple(cards) for cards in taken),
        benched=tuple(benched or [False] * seats),
    )
    totals = tuple(totals or [0] * seats)
    return Playing(options or Options(), seats, totals, (), hand)


def cards(*faces: int) -> tuple[Card, ...]:
    return tuple(card_of(face) for face in faces)


def spare(count: int, avoid: Iterable[Card] = ()) -> tuple[Card, ...]:
    """`count` cards of the deck not in `avoid`, from the end of the deck."""
    avoided = set(avoid)
    return tuple(card for card in reversed(DECK) if card not in avoided)[:count]


def after(state: State, events: Iterable[Event]) -> State:
    return reduce(evolve, events, state)


def refusal(state: State, seat: int, command: object) -> str:
    """The error code `decide` refuses the command with."""
    try:
        decide(state, command, ctx(seat))  # type: ignore[arg-type]
    except DomainError as error:
        return error.code
    raise AssertionError(f"{command} was accepted")


def face_at(cell: Cell, points: Mapping[tuple[str, int, int], int]) -> int:
    """The face of the card at `cell` from the colour points around it."""
    return sum(points[key] << bit for bit, key in enumerate(_points(cell)))


def _points(cell: Cell) -> tuple[tuple[str, int, int], ...]:
    """The colour points of q0..q7 for the card at `cell`."""
    r, c = cell
    return (
        ("V", r, c),
        ("H", r, c),
        ("V", r, c + 1),
        ("W", r, c + 1),
        ("V", r + 1, c + 1),
        ("H", r + 1, c),
        ("V", r + 1, c),
        ("W", r, c),
    )


def _fill(
    order: list[Cell],
    points: dict[tuple[str, int, int], int],
    faces: dict[Cell, int],
    used: set[int],
) -> dict[Cell, int] | None:
    if len(faces) == len(order):
        return dict(faces)
    cell = order[len(faces)]
    free = [key for key in dict.fromkeys(_points(cell)) if key not in points]
    for colours in product((1, 0), repeat=len(free)):
        trial = {**points, **dict(zip(free, colours, strict=True))}
        face = face_at(cell, trial)
        if canonical(face) in used:
            continue
        found = _fill(order, trial, {**faces, cell: face}, used | {canonical(face)})
        if found is not None:
            return found
    return None

"""Seat arithmetic around a table: seats are numbered 0..n-1 clockwise."""

CLOCKWISE = 1
COUNTER_CLOCKWISE = -1


def next_seat(seat: int, seats: int, direction: int = CLOCKWISE, steps: int = 1) -> int:
    """The seat `steps` places after `seat` in `direction`."""
    return (seat + direction * steps) % seats


def rotation(first: int, seats: int, direction: int = CLOCKWISE) -> tuple[int, ...]:
    """Every seat once, starting at `first` and going round in `direction`."""
    return tuple(next_seat(first, seats, direction, step) for step in range(seats))


def opposite(seat: int, seats: int) -> int:
    """The seat across the table (for partnerships of two)."""
    return (seat + seats // 2) % seats

"""Time controls for any table with turns, derived from the log alone.

A table may take a clock among its options (`{"clock": {...}}`, off by default): a time per
turn (`turn_seconds`) or a Fischer bank (`bank_seconds`, plus `increment_seconds` for each
move a seat makes). The seats that must act are those with a move to make; they wait since
the last accepted command, whose time the table records in `ClockRestarted` together with
each seat's bank and its timeouts in a row. So the clock is a fold of the events like the
rest of the table, and every deadline survives a restart.

A seat whose deadline has passed is first warned (`SeatWarned`, the clock worker's
`warn_seat`): it gets a grace of `grace_seconds` (`DEFAULT_GRACE`, 15 s, unless the table
chose another; 0 for none) to move, and only then may it be claimed timed out (`domain.table`
decides the claim and makes the seat's move for it). A seat that timed out `ABSENT_AFTER`
times in a row is marked absent: its deadline is then the moment its turn comes, so it is
warned at once and its move made once the grace is over, every turn until its player acts
again or says they are back (`return_to_table`). Tables recorded before the grace (whose
clock has no `grace_seconds`) have none, so their logs decide again as they were played.
"""

from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta
from typing import Annotated, Any, Literal

import msgspec

from domain.errors import Refusal, require

CLOCK = "clock"
Code = Literal["invalid_options", "not_warned", "in_grace", "warned"]
"""Why a clock (or any table option) is refused."""
Refused = Refusal[Code]
"""The option that holds a table's clock, beside the game's own options."""
ABSENT_AFTER = 3
"""Timeouts in a row after which a seat is marked absent."""
DEFAULT_GRACE = 15
"""Seconds a warned seat has to move before its move is made for it, unless the table says."""
MAX_GRACE = 600
MAX_SECONDS = 86_400
MAX_INCREMENT = 3_600
_MS = timedelta(milliseconds=1)

Seconds = Annotated[int, msgspec.Meta(ge=1, le=MAX_SECONDS)]


class ClockOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """Either `turn_seconds` for every turn, or a Fischer bank of `bank_seconds` that gains
    `increment_seconds` with each move of its seat."""

    turn_seconds: Seconds | None = None
    bank_seconds: Seconds | None = None
    increment_seconds: Annotated[int, msgspec.Meta(ge=0, le=MAX_INCREMENT)] = 0
    grace_seconds: Annotated[int, msgspec.Meta(ge=0, le=MAX_GRACE)] | None = None
    """The grace a warned seat has (`DEFAULT_GRACE` on a new table when not given)."""


class ClaimTimeout(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="claim_timeout"):
    """Record that `seat` ran out of time; its move is then made for it."""

    seat: int


class WarnSeat(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="warn_seat"):
    """Warn `seat`, whose time has run out, that its move is made for it after the grace."""

    seat: int


class ReturnToTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="return_to_table"):
    """An absent seat's player is back: their turns wait for them again."""


class ClockRestarted(msgspec.Struct, frozen=True, tag="table.clock_restarted"):
    """From `at` the seats with a move to make are waiting; `banks_ms` is each seat's bank
    then (Fischer clocks only), `timeouts` each seat's timeouts in a row."""

    at: str
    banks_ms: tuple[int, ...]
    timeouts: tuple[int, ...]


class SeatTimedOut(msgspec.Struct, frozen=True, tag="table.seat_timed_out"):
    seat: int
    at: str


class SeatWarned(msgspec.Struct, frozen=True, tag="table.seat_warned"):
    """`seat`'s time ran out: it may still move until `until`, then its move is made for it."""

    seat: int
    until: str


class SeatMarkedAbsent(msgspec.Struct, frozen=True, tag="table.seat_marked_absent"):
    seat: int


class SeatMarkedPresent(msgspec.Struct, frozen=True, tag="table.seat_marked_present"):
    seat: int


ClockEvent = ClockRestarted | SeatTimedOut | SeatWarned | SeatMarkedAbsent | SeatMarkedPresent


class Clock(msgspec.Struct, frozen=True):
    """A table's clock as the log leaves it."""

    options: ClockOptions
    since: str = ""
    banks_ms: tuple[int, ...] = ()
    timeouts: tuple[int, ...] = ()
    absent: frozenset[int] = frozenset()
    warned: tuple[str, ...] = ()
    """When each seat's grace ends, once warned since the last restart ('' while not)."""


class SeatClock(msgspec.Struct, frozen=True):
    """One seat's clock: time left as of the clock's `since` (its bank, or the turn's time
    while it must act), its deadline while it must act, and whether it is marked absent."""

    seat: int
    remaining_ms: int | None
    deadline: str | None
    absent: bool
    timeouts: int
    grace_until: str | None = None
    """Once warned, when the seat's grace ends and its move is made for it."""


class ClockView(msgspec.Struct, frozen=True):
    options: ClockOptions
    since: str
    seats: tuple[SeatClock, ...]


def split_options(options: Mapping[str, Any]) -> tuple[dict[str, Any], ClockOptions | None]:
    """A table's options as the game's own and the clock (None when there is none); refuses
    a clock that is not one (`invalid_options`)."""
    game = {name: value for name, value in options.items() if name != CLOCK}
    given = options.get(CLOCK)
    if given is None:
        return game, None
    try:
        clock = msgspec.convert(given, ClockOptions)
    except msgspec.ValidationError as error:
        raise Refused("invalid_options", "invalid options: clock: {}", error).error() from None
    timed = (clock.turn_seconds is None) != (clock.bank_seconds is None)
    require(timed, Refused("invalid_options", "a clock has either turn_seconds or bank_seconds"))
    require(
        clock.bank_seconds is not None or clock.increment_seconds == 0,
        Refused("invalid_options", "increment_seconds goes with bank_seconds"),
    )
    return game, clock


def with_grace(clock: ClockOptions | None) -> ClockOptions | None:
    """A new table's clock, its grace `DEFAULT_GRACE` unless chosen."""
    if clock is None or clock.grace_seconds is not None:
        return clock
    return msgspec.structs.replace(clock, grace_seconds=DEFAULT_GRACE)


def grace(clock: Clock) -> int:
    """The seconds of grace a warned seat has (0: its move is made at its deadline)."""
    return clock.options.grace_seconds or 0


def with_clock(options: dict[str, Any], clock: ClockOptions | None) -> dict[str, Any]:
    """The options as a table records them: the game's, and the clock when there is one."""
    return options if clock is None else {**options, CLOCK: msgspec.to_builtins(clock)}


def started(options: ClockOptions, seats: int) -> Clock:
    bank = 0 if options.bank_seconds is None else options.bank_seconds * 1000
    return Clock(options, banks_ms=(bank,) * seats, timeouts=(0,) * seats, warned=("",) * seats)


def deadline(clock: Clock, seat: int) -> datetime:
    """When `seat`, if it must act, runs out of time."""
    since = datetime.fromisoformat(clock.since)
    return since + _allowance(clock, seat) * _MS


def restarted(
    clock: Clock,
    now: datetime,
    acting: Iterable[int],
    mover: int | None,
    timeouts: Mapping[int, int],
) -> ClockRestarted:
    """The clock after a command at `now`: every seat that was acting has spent the time
    since the last restart from its bank, `mover` (who made a move) gains the increment, and
    `timeouts` sets seats' timeouts in a row."""
    banks = list(clock.banks_ms)
    if clock.options.bank_seconds is not None:
        elapsed = (now - datetime.fromisoformat(clock.since)) // _MS if clock.since else 0
        for seat in acting:
            banks[seat] = max(0, banks[seat] - elapsed)
        if mover is not None:
            banks[mover] += clock.options.increment_seconds * 1000
    counts = tuple(timeouts.get(seat, count) for seat, count in enumerate(clock.timeouts))
    return ClockRestarted(now.isoformat(), tuple(banks), counts)


def evolve(clock: Clock, event: ClockEvent) -> Clock:
    replace = msgspec.structs.replace
    match event:
        case ClockRestarted():
            unwarned = ("",) * len(event.timeouts)
            return replace(
                clock,
                since=event.at,
                banks_ms=event.banks_ms,
                timeouts=event.timeouts,
                warned=unwarned,
            )
        case SeatWarned():
            warned = list(clock.warned or ("",) * len(clock.timeouts))
            warned[event.seat] = event.until
            return replace(clock, warned=tuple(warned))
        case SeatMarkedAbsent():
            return replace(clock, absent=clock.absent | {event.seat})
        case SeatMarkedPresent():
            return replace(clock, absent=clock.absent - {event.seat})
        case SeatTimedOut():
            return clock


def view(clock: Clock, acting: frozenset[int]) -> ClockView:
    seats = tuple(_seat_view(clock, seat, seat in acting) for seat in range(len(clock.timeouts)))
    return ClockView(clock.options, clock.since, seats)


def _seat_view(clock: Clock, seat: int, acts: bool) -> SeatClock:
    bank = clock.options.bank_seconds is not None
    remaining = _allowance(clock, seat) if acts or bank else None
    when = deadline(clock, seat).isoformat() if acts and clock.since else None
    until = warned_until(clock, seat) if acts else None
    return SeatClock(seat, remaining, when, seat in clock.absent, clock.timeouts[seat], until)


def warned_until(clock: Clock, seat: int) -> str | None:
    """When `seat`'s grace ends, once it was warned since the last restart."""
    return (clock.warned[seat] if seat < len(clock.warned) else "") or None


def _allowance(clock: Clock, seat: int) -> int:
    """The milliseconds `seat` has from the last restart, should it have to act."""
    if seat in clock.absent:
        return 0
    if clock.options.turn_seconds is not None:
        return clock.options.turn_seconds * 1000
    return clock.banks_ms[seat]

"""What the host sets for the table itself, beside the game's options and its clock.

The setup travels among the table's options (`{"seats": 2, "start_when_full": true}`) and is
recorded in `table.created` with them, only the fields that differ from their defaults, so a
table created without any reads as it always did.

- `seats`: the table's size, within the kind's seat range (none: the kind's most). A table
  takes no seat beyond it, and leaves the lobby's waiting list once every seat is taken.
- `start_when_full`: the seat that fills the table starts its game, in the same decision.
- `bot_pace`: the seconds a bot lets pass before it moves, so that a person sees each move
  (none: `WATCHABLE_PACE` for a table with turns and a person seated, the service's own pace
  for a real-time table with a person, and no pause at a table of bots only).

The host is the first seat: only the host seats bots once someone sits, or cancels a table
before its start.
"""

from collections.abc import Mapping
from typing import Annotated, Any

import msgspec

from domain.errors import require
from domain.table.refusals import Refused

SEATS = "seats"
START_WHEN_FULL = "start_when_full"
BOT_PACE = "bot_pace"
FIELDS = frozenset({SEATS, START_WHEN_FULL, BOT_PACE})
"""The options that set the table up rather than the game."""
HOST = 0
"""The host's seat: the first taken."""
MAX_BOT_PACE = 10.0
WATCHABLE_PACE = 0.8
"""Seconds a bot waits before its move at a table with turns where a person sits."""


_SEATS = "The table's size, within the kind's seat range; none: the kind's most."
_START = "The seat that fills the table starts its game."
_PACE = "Seconds a bot waits before it moves; none: 0.8 with turns when a person sits."


class TableSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """The table's size, whether filling it starts the game, and its bots' pace in seconds."""

    seats: Annotated[int, msgspec.Meta(ge=1, description=_SEATS)] | None = None
    start_when_full: Annotated[bool, msgspec.Meta(description=_START)] = False
    bot_pace: Annotated[float, msgspec.Meta(ge=0, le=MAX_BOT_PACE, description=_PACE)] | None = None


def split_setup(options: Mapping[str, Any]) -> tuple[dict[str, Any], TableSetup]:
    """A table's options as the rest (the game's and the clock) and the setup; refuses a
    setup that is not one (`invalid_options`)."""
    whole = {name: _whole(value) for name, value in options.items()}
    rest = {name: value for name, value in whole.items() if name not in FIELDS}
    given = {name: value for name, value in whole.items() if name in FIELDS}
    try:
        return rest, msgspec.convert(given, TableSetup)
    except msgspec.ValidationError as error:
        raise Refused("invalid_options", "invalid options: {}", error).error() from None


def with_setup(options: dict[str, Any], setup: TableSetup) -> dict[str, Any]:
    """The options as a table records them: the rest, and the setup's chosen fields."""
    chosen: dict[str, Any] = msgspec.to_builtins(setup)
    return {**options, **chosen}


def check_size(setup: TableSetup, seat_range: tuple[int, int]) -> None:
    """Refuse a size outside the kind's seat range (`invalid_options`)."""
    low, high = seat_range
    fits = setup.seats is None or low <= setup.seats <= high
    seats = f"invalid options: seats: a table has {low} to {high} seats"
    require(fits, Refused("invalid_options", seats))


def size(setup: TableSetup, seat_range: tuple[int, int]) -> int:
    """How many seats the table has."""
    return seat_range[1] if setup.seats is None else setup.seats


def bot_pace(setup: TableSetup, people_seated: bool, real_time: bool, service_pace: float) -> float:
    """Seconds a bot lets pass before its move: the host's choice, else none among bots
    only, else `WATCHABLE_PACE` with turns and `service_pace` in real time."""
    if setup.bot_pace is not None:
        return setup.bot_pace
    if not people_seated:
        return 0.0
    return service_pace if real_time else WATCHABLE_PACE


def _whole(value: Any) -> Any:
    """A number with no fraction as the integer it is (JSON's `2.0` is the integer 2, as the
    contract's `integer` says), inside lists too; any other value as it is."""
    if isinstance(value, float) and value.is_integer() and abs(value) <= 2**53:
        return int(value)
    if isinstance(value, list):
        return [_whole(each) for each in value]
    return value

"""Taking a seat, and the hygiene of what a seat brings: its name and its entropy.

A name is trimmed and bounded, a seat's entropy bounded; neither may hold a control
character or a lone surrogate. `check_seat` stands alone too, so a seat can be refused
before any table is chosen for it. A table takes seats up to its size (`domain.table.setup`);
once someone sits, only the host seats bots. A bot seated without a name gets the first of
`BOT_NAMES` nobody at the table has, so every seat can be told apart.
"""

import unicodedata

import msgspec

from domain.decider import CommandT, Context, EventT, OptionsT, Rules, StateT
from domain.errors import require
from domain.search import check_budget
from domain.table.refusals import Refused
from domain.table.setup import HOST, size
from domain.table.vocabulary import AnyTable, SeatTaken, Table, TableEvent, TakeSeat, options_of

MAX_NAME = 40
MAX_ENTROPY = 256
"""The most characters of entropy a seat may bring."""
UNPRINTABLE = frozenset({"Cc", "Cs"})
"""Unicode categories no name or entropy may hold: control characters and lone surrogates."""
BOT_NAMES = (
    "Ada", "Basil", "Cleo", "Dmitri", "Edie", "Farid", "Greta", "Hugo", "Ines", "Jonas",
    "Kiri", "Lars", "Mina", "Nils", "Olga", "Pavel", "Quinn", "Rosa", "Sven", "Tove",
)  # fmt: skip
"""Names for bots seated without one, taken in this order."""


def take_seat(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    table: Table[OptionsT, StateT],
    command: TakeSeat,
) -> tuple[TableEvent, ...]:
    """The next seat taken, while the table is open and has one free."""
    require(
        table.status == "open",
        Refused("table_not_open", "seats can only be taken before the start"),
    )
    high = size(table.setup, rules.seat_range(options_of(table)))
    require(
        len(table.seats) < high, Refused("table_full", f"this table has all {high} seats taken")
    )
    if command.bot is not None:
        hosted = not table.seats or command.by == HOST
        require(hosted, Refused("not_host", "only the host (the table's first seat) may seat bots"))
    if command.bot is not None and not command.name.strip():
        command = msgspec.structs.replace(command, name=_bot_name(table))
    name = check_seat(command)
    seated = command.player is not None and command.player in (s.player for s in table.seats)
    require(not seated, Refused("already_seated", "this player holds a seat at this table already"))
    if command.think is not None:
        require(command.bot is not None, Refused("think_without_bot", "only a bot takes a budget"))
        check_budget(command.think)
    return (
        SeatTaken(
            len(table.seats), name, command.entropy, command.bot, command.player, command.think
        ),
    )


def _bot_name(table: AnyTable) -> str:
    taken = {seat.name.casefold() for seat in table.seats}
    free = (name for name in BOT_NAMES if name.casefold() not in taken)
    return next(free, f"bot {len(table.seats) + 1}")


def check_seat(command: TakeSeat) -> str:
    """Refuse a seat's name or entropy that no table takes; returns the name as seated."""
    name = command.name.strip()
    require(
        len(name) > 0 and len(command.name) <= MAX_NAME,
        Refused("invalid_name", f"a name has 1 to {MAX_NAME} characters"),
    )
    require(printable(name), Refused("invalid_name", "a name holds no control characters"))
    entropy = command.entropy
    require(
        len(entropy) <= MAX_ENTROPY,
        Refused("invalid_entropy", f"entropy has at most {MAX_ENTROPY} characters"),
    )
    require(printable(entropy), Refused("invalid_entropy", "entropy holds no control characters"))
    return name


def printable(text: str) -> bool:
    """Whether `text` holds no control character and no lone surrogate."""
    return not any(unicodedata.category(character) in UNPRINTABLE for character in text)


def require_seated(table: AnyTable, ctx: Context) -> None:
    """Refuse a command from anyone but a seated player."""
    seated = ctx.seat is not None and 0 <= ctx.seat < len(table.seats)
    require(seated, _NOT_SEATED)


_NOT_SEATED = Refused("not_seated", "only a seated player may do that")


def require_host(table: AnyTable, ctx: Context) -> None:
    """Refuse a command from anyone but the host."""
    require_seated(table, ctx)
    require(
        ctx.seat == HOST, Refused("not_host", "only the host (the table's first seat) may do that")
    )

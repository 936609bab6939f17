"""How a command that moved the game ends: with the standings and the revealed seed when the
game is over after it, else, at a table with a clock, with the clock restarted for the seats
that act next. The ending is decided on the table the command's events produced, so they are
folded once."""

from typing import Any, NamedTuple

from domain import clocks
from domain.decider import CommandT, Context, EventT, OptionsT, Rules, StateT
from domain.table.vocabulary import GameFinished, SeedRevealed, TableEvent


class Ending(NamedTuple):
    """A command's events moved the game: see whether it is over once they are applied.
    `restart` is the clock restarted when it is not (None at a table without a clock)."""

    restart: clocks.ClockRestarted | None = None


Plan = tuple[tuple[Any, ...], Ending | None]
"""A command's events, and whether an ending follows them."""


def closing(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    game: StateT,
    ending: Ending,
    ctx: Context,
    sandbox: bool = False,
) -> tuple[TableEvent, ...]:
    """What ends the command, given the game after its events; a sandbox's end says it is
    one (`domain.table.sandbox`)."""
    if rules.is_terminal(game):
        standings = tuple(rules.outcome(game))
        finished = GameFinished(standings, sandbox=True) if sandbox else GameFinished(standings)
        return (finished, SeedRevealed(ctx.seed.hex()))
    return () if ending.restart is None else (ending.restart,)

"""How a command's events end: with the standings and the revealed seed when they end the
game, else, at a table with a clock, with the clock restarted for the seats that act next."""

from functools import reduce

from domain import clocks
from domain.decider import CommandT, Context, EventT, OptionsT, Rules, StateT
from domain.table.vocabulary import GameFinished, SeedRevealed, TableEvent


def finish_if_over(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    game: StateT,
    events: tuple[EventT, ...],
    ctx: Context,
) -> tuple[TableEvent | EventT, ...]:
    """Append the standings and the revealed seed when the game's `events` end it."""
    after = reduce(rules.evolve, events, game)
    if not rules.is_terminal(after):
        return events
    return (*events, GameFinished(tuple(rules.outcome(after))), SeedRevealed(ctx.seed.hex()))


def conclude(
    rules: Rules[OptionsT, CommandT, EventT, StateT],
    game: StateT,
    events: tuple[EventT, ...],
    ctx: Context,
    restart: clocks.ClockRestarted,
) -> tuple[TableEvent | EventT, ...]:
    """The game's `events` at a table with a clock and what ends the command: the standings
    when they end the game, else the clock restarted for the seats that must act next."""
    concluded = finish_if_over(rules, game, events, ctx)
    return concluded if len(concluded) > len(events) else (*events, restart)

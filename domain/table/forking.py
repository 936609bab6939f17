"""Forking a finished game at one of its versions into a sandbox (`domain.table.sandbox`).

Only a finished game is forked, so no card of a table still played is ever shown: once a
game is over its whole log is public. The version must stand between two commands while the
game was played (a seat had a move to make). The sandbox gets the state of then, with every
card no seat could see (a stockpile, a pick-up pile) dealt anew from the sandbox's own seed,
so what is drawn next is not the source's future; its `table.forked` names the source, the
version and the source's hash-chain link there, which the sandbox's audit checks against the
source's log. The decision reads the source's events alone, so an audit makes it again.
"""

from collections.abc import Sequence
from functools import reduce
from typing import Any

import msgspec

from domain.chance import commitment
from domain.decider import AnyRules, Context, phases
from domain.errors import require
from domain.table.lifecycle import fold
from domain.table.refusals import Refused
from domain.table.sandbox import seats_of
from domain.table.vocabulary import ForkTable, Sandbox, TableForked, game_of


def fork(
    rules: AnyRules,
    source: Sequence[Any],
    between_commands: bool,
    command: ForkTable,
    ctx: Context,
) -> tuple[TableForked]:
    """The sandbox opened at `command.at` of the game whose events are `source` (its whole
    log, the game over); `between_commands` says whether no command was half applied then."""
    whole = fold(rules, source)
    require(whole.status == "finished", Refused("not_finished", "only a finished game is forked"))
    last = len(source)
    beyond = f"this game has versions 1 to {last}"
    require(1 <= command.at <= last, Refused("beyond_end", beyond))
    then = fold(rules, source[: command.at])
    playing = then.status == "playing" and between_commands
    playing = playing and not rules.is_terminal(game_of(then))
    idle = f"at version {command.at} no seat had a move to make"
    require(playing, Refused("not_in_play", idle))
    game = dealt_anew(rules, game_of(then), len(then.seats), ctx)
    return (
        TableForked(
            kind=rules.kind,
            options=msgspec.to_builtins(then.options),
            commitment=commitment(ctx.seed),
            sandbox=Sandbox(command.source, command.at, command.link, command.by),
            seats=seats_of(then),
            phase=type(game).__name__,
            game=msgspec.to_builtins(game),
        ),
    )


def dealt_anew(rules: AnyRules, game: Any, seats: int, ctx: Context) -> Any:
    """The game with the cards no seat can see dealt anew from the decision's chance."""
    assert type(game).__name__ in phases(rules), "a game's state is one of its phases"
    if rules.deal_unseen is None:
        return game
    hidden = (frozenset(rules.hidden(game, seat)) for seat in range(seats))
    unseen: frozenset[Any] = reduce(frozenset.intersection, hidden)
    return rules.deal_unseen(game, unseen, ctx.chance)

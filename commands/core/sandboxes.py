"""Sandboxes as the application keeps them: the source a fork is decided from (its events
and its hash chain's link at the version forked), and expiry: one idle longer than
`domain.table.sandbox.IDLE` refuses moves and hints (`sandbox_expired`)."""

from datetime import datetime
from typing import Any, Literal, NamedTuple

import msgspec

from commands.core.games import GameRepository
from commands.core.loaded import LoadedGame
from commands.log import codec
from domain import table
from domain.decider import AnyRules
from domain.errors import Refusal, require
from domain.table.sandbox import IDLE

EXPIRED = Refusal[Literal["sandbox_expired"]](
    "sandbox_expired", f"this sandbox sat idle for more than {IDLE.days} days: fork the game again"
)


async def require_active(games: GameRepository, game: LoadedGame, now: datetime) -> None:
    """Refuse a sandbox still played whose latest event is older than `IDLE` at `now`."""
    if game.table.sandbox is None or game.table.status != "playing":
        return
    rows = await games.stored_events(game.game_id, game.table.version - 1, 1)
    require(not rows or now - rows[-1].recorded_at <= IDLE, EXPIRED)


class Source(NamedTuple):
    """What a fork is decided from: the command naming the source, version and link, the
    source's events, whether the version stands between two commands, the game's rules."""

    command: table.ForkTable
    events: list[Any]
    between: bool
    rules: AnyRules


async def source_at(games: GameRepository, source_id: str, at: int, by: str | None) -> Source:
    """The source of a fork at version `at` of game `source_id` (refused when it is no game;
    the fork itself refuses a version it has not, with `beyond_end`)."""
    source = await games.latest(source_id)
    rows = await games.stored_events(source_id, 0)
    chosen = rows[at - 1] if 1 <= at <= len(rows) else None
    link = "" if chosen is None else msgspec.json.decode(chosen.metadata)["hash"]
    between = chosen is None or chosen.ends_command
    events = codec.decode_events(source.rules.kind, rows)
    return Source(table.ForkTable(source_id, at, link, by), events, between, source.rules)

"""Hints: a seat's legal moves ranked by the search bot's estimate (`domain.search.rank`),
thought about in a process of a pool (`commands.workers.thinking`), never on the event loop.

Hints are given at a sandbox (`domain.table.sandbox`), and at any version of a finished game
(its replay), never at a table still played that is no sandbox (`not_a_sandbox`), where they
would help a seat cheat. The search reads the state only through the seat's `sample`, so a
hint tells nothing the seat could not see. The budget is the request's, up to `MILLISECONDS`.
"""

from concurrent.futures import Executor
from typing import Any, Final, Literal

import msgspec

from commands.core.games import GameRepository
from commands.core.loaded import LoadedGame
from commands.log import codec, replay
from commands.workers.thinking import Position, rank_apart
from domain import table
from domain.bots import bot_chance
from domain.errors import Refusal, require
from domain.search import ITERATIONS, Budget

MILLISECONDS: Final = (10, 2_000)
"""The bounds of the thinking time a request may ask for hints within."""
DEFAULT_MILLISECONDS: Final = 500
PROCESSES: Final = 1
"""The processes an API process thinks about hints in, started with the first hint asked
for: one, so that hints take at most one core from the service's answers."""

Code = Literal["not_a_sandbox", "beyond_end", "no_such_seat"]
Refused = Refusal[Code]


class Hint(msgspec.Struct, frozen=True):
    """One legal move, its estimated result for the seat (0: last, 1: first) and the number
    of sampled states played out behind the estimate."""

    move: Any
    estimate: float
    samples: int


class Hints(msgspec.Struct, frozen=True):
    """The seat's legal moves at `version`, best first by the search's estimate, thought
    about for at most `milliseconds` (none when the seat had no move to make)."""

    seat: int
    version: int
    milliseconds: int
    moves: list[Hint]


async def hints(
    games: GameRepository,
    pool: Executor | None,
    game: LoadedGame,
    seat: int,
    at: int | None,
    milliseconds: int,
) -> Hints:
    """The hints for `seat` at version `at` (None: the game as it stands now)."""
    over = game.table.status == "finished"
    anywhere = "hints are given at a sandbox or a finished game's replay, not at a game played"
    require(over or game.table.sandbox is not None, Refused("not_a_sandbox", anywhere))
    then, between = await _table_at(games, game, at)
    seated = 0 <= seat < len(then.seats)
    require(seated, Refused("no_such_seat", f"the table has seats 0 to {len(then.seats) - 1}"))
    moves = game.rules.legal_moves(then.game, seat) if then.status == "playing" else ()
    if not between or not moves:
        return Hints(seat, then.version, milliseconds, [])
    chance = bot_chance(game.game_id, seat, then.version)
    budget = Budget(ITERATIONS[1], milliseconds)
    position = Position(game.rules.kind, then.game, len(then.seats), seat, moves, chance, budget)
    ranked = await rank_apart(pool, position)
    found = [Hint(each.move, round(each.estimate, 4), each.samples) for each in ranked]
    return Hints(seat, then.version, milliseconds, found)


async def _table_at(
    games: GameRepository, game: LoadedGame, at: int | None
) -> tuple[table.AnyTable, bool]:
    """The table at version `at`, and whether that version stands between two commands."""
    if at is None:
        return game.table, True
    rows = await games.stored_events(game.game_id, 0, at)
    last = game.table.version
    require(at <= last, Refused("beyond_end", f"this game has versions 1 to {last}"))
    events = codec.decode_events(game.rules.kind, rows)
    return replay.table_at(game.rules, events, at), rows[-1].ends_command

"""The bot worker: it acts for the bot seats of every game, through the one command handler.

Each game with a bot seat gets a task. The task loads the game and lets the bot seat that
waited longest and has a move make it; the move is chosen inside
`CommandHandler.choose_and_execute`, from the game exactly as the command will meet it, so no
command of this process can overtake a bot's view. Then it looks again; once no bot can
move it sleeps until the game's next event. Events are `notice`d from the process's event bus
(`commands.core.bus`), and a task also looks again after `FALLBACK_SECONDS`, so a
lost notification only delays a bot.

Bots never start a game: the seat-taker does, so a table fills as its creator means it to.
A bot lets its table's pace pass (`domain.table.setup.bot_pace`: none among bots only) so a
person sees each move: in a game with turns, after each change of the game, before it moves;
in a real-time game (no turns), between two moves of the same bot seat, like a quick person.
The pace is counted from when this worker first saw the game's version, and only delays a
move. The search bot thinks in a process of the worker's pool (`commands.workers.thinking`) before
the game is held, and its move is sent only if it is still legal in the game as the handler
then holds it (else it thinks again: in a real-time game others move meanwhile); a real-time
game's search thinks within half its pace. A bot's command id is `bot-<seat>-<version>` and
its choice is a function of the game, seat and version, so two workers acting for the same
seat choose the same move and the second is answered as a retry, appending nothing.
"""

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

import msgspec
from prometheus_client import Counter as MetricCounter

from commands.core.bus import News
from commands.core.envelope import Envelope
from commands.core.handler import CommandHandler
from commands.core.loaded import LoadedGame
from commands.log.store import WatchedGames
from commands.workers.strategies import strategy
from commands.workers.thinking import Position, think_apart
from commands.workers.watching import FALLBACK_SECONDS, GameWatch, Step
from domain import clocks, table
from domain.bots import bot_chance
from domain.errors import DomainError
from domain.matches import Player
from domain.search import Budget, Searcher

log = logging.getLogger(__name__)
EXPECTED_REFUSALS = frozenset({"stale"})
"""A command of another process can overtake a bot in a real-time race; any other refusal
is a bot's mistake, and logged as one."""
BOT_COMMANDS = MetricCounter("cardroom_bot_commands", "Commands sent by bots.")
BOT_REFUSALS = MetricCounter(
    "cardroom_bot_refusals", "Bot commands refused, by problem code.", ["code"]
)


class BotWorker:
    def __init__(
        self,
        handler: CommandHandler,
        watched: WatchedGames,
        pace: float,
        thinkers: Executor | None = None,
    ) -> None:
        """`thinkers` is the pool the search bot thinks in (None: threads, for tests)."""
        self._handler = handler
        self._watched = watched
        self.pace = pace
        self._thinkers = thinkers
        self.refusals: Counter[str] = Counter()
        self._watch = GameWatch(handler, self._new_step, _seats_a_bot, "the bots")

    async def run(self, stopping: asyncio.Event) -> None:
        """Play for the bots of unfinished games, and of new ones as they come, until stopped."""
        log.info("bots: starting")
        try:
            await self._watch.run(stopping, self._watched.games_with_bots)
        finally:
            if self._thinkers is not None:
                self._thinkers.shutdown(wait=False, cancel_futures=True)
        log.info("bots: stopped")

    def notice(self, news: News) -> None:
        """Called with every news on the event bus: wake the game's task, or start one for a
        bot."""
        self._watch.notice(news)

    def _new_step(self) -> Step:
        """A game's step: act for its bots until it is over."""
        seats = _BotSeats()

        async def step(game: LoadedGame) -> float | None:
            if table.is_over(game.table):
                return None
            return await self._act(game, seats)

        return step

    async def _act(self, game: LoadedGame, seats: "_BotSeats") -> float:
        """Let the bot seat that waited longest make a move; 0 once one did, else how long
        to wait before one may (its pace), at most `FALLBACK_SECONDS`."""
        people = any(seat.bot is None for seat in game.table.seats)
        pace = table.bot_pace(game.table.setup, people, game.rules.real_time, self.pace)
        paced = pace if game.rules.real_time else 0.0
        unseen = pace - seats.seen_for(game.table.version) if not game.rules.real_time else 0.0
        if unseen > 0:
            return min(unseen, FALLBACK_SECONDS)
        wait = FALLBACK_SECONDS
        for seat in seats.longest_waiting(game.table):
            moves = _moves(game, seat)
            if not moves or seats.refused.get(seat) == game.table.version:
                continue
            early = seats.acted.get(seat, -paced) + paced - time.monotonic()
            if early > 0:
                wait = min(wait, early)
                continue
            seats.acted[seat] = time.monotonic()
            if not await self._send(game, seat):
                seats.refused[seat] = game.table.version
            return 0.0
        return wait

    async def _send(self, game: LoadedGame, seat: int) -> bool:
        """Send the bot's move, chosen from the game as the handler holds it; False when it
        was refused (and counted)."""
        game_id = game.game_id
        try:
            await self._handler.choose_and_execute(game_id, await self._chooser(game, seat))
        except DomainError as refusal:
            self.refusals[refusal.code] += 1
            BOT_REFUSALS.labels(refusal.code).inc()
            if refusal.code not in EXPECTED_REFUSALS:
                log.warning("bot %s at game %s refused: %s", seat, game_id, refusal)
            return False
        BOT_COMMANDS.inc()
        return True

    async def _chooser(
        self, game: LoadedGame, seat: int
    ) -> Callable[[LoadedGame], Envelope | None]:
        """How the seat's command is chosen from the game as the handler holds it: there by
        a strategy; by the search beforehand, standing only while it is still legal."""
        bot = strategy(game.rules.kind, str(game.table.seats[seat].bot))
        if not isinstance(bot, Searcher):
            return lambda held: _choose(held, seat, bot)
        version, budget = game.table.version, self._budget(game, seat, bot)
        chance = bot_chance(game.game_id, seat, version)
        seats = len(game.table.seats)
        at = Position(
            game.rules.kind, game.table.game, seats, seat, _moves(game, seat), chance, budget
        )
        move = await think_apart(self._thinkers, at)
        envelope = Envelope(game.game_id, seat, move, f"bot-{seat}-{version}")
        return lambda held: envelope if move in _moves(held, seat) else None

    def _budget(self, game: LoadedGame, seat: int, bot: Searcher) -> Budget:
        """The seat's budget (the bot's default when it asked for none), within half the
        pace in a real-time game."""
        budget = game.table.budgets[seat] or bot.budget
        if not game.rules.real_time:
            return budget
        paced = max(1, min(budget.milliseconds, int(self.pace * 500)))
        return msgspec.structs.replace(budget, milliseconds=paced)


@dataclass
class _BotSeats:
    """Per game: when each bot seat last acted (monotonic seconds), the version at which
    its last command was refused (it waits for the game to change before trying again), and
    the latest version seen with when it was first seen."""

    acted: dict[int, float] = field(default_factory=dict)
    refused: dict[int, int] = field(default_factory=dict)
    seen: tuple[int, float] = (-1, 0.0)

    def seen_for(self, version: int) -> float:
        """Seconds since `version` of the game was first seen."""
        if self.seen[0] != version:
            self.seen = (version, time.monotonic())
        return time.monotonic() - self.seen[1]

    def longest_waiting(self, state: table.AnyTable) -> list[int]:
        bots = [seat for seat, taken in enumerate(state.seats) if taken.bot]
        return sorted(bots, key=lambda seat: self.acted.get(seat, 0.0))


def _seats_a_bot(news: News) -> bool:
    return any(
        (isinstance(e, table.SeatTaken) and e.bot)
        or (isinstance(e, table.SeatsHanded) and any(e.bots))
        for e in news.table_events
    )


def _choose(game: LoadedGame, seat: int, bot: Player) -> Envelope | None:
    """The bot's command at this version of the game, or None when it has no move now."""
    moves = _moves(game, seat)
    if not moves or isinstance(bot, Searcher):
        return None
    version = game.table.version
    move = bot(game.view(seat).game, moves, bot_chance(game.game_id, seat, version))
    return Envelope(game.game_id, seat, move, f"bot-{seat}-{version}")


def _moves(game: LoadedGame, seat: int) -> tuple[Any, ...]:
    """The seat's moves of the game while it is played (bots leave the start to people; a
    bot marked absent comes back by making its move)."""
    if game.table.status != "playing":
        return ()
    moves = game.view(seat).legal_moves
    return tuple(move for move in moves if not isinstance(move, clocks.ReturnToTable))

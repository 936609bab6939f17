"""Tournaments as the application runs them: each a stream of its own, decided against its
folded events and appended with the expected version, like a challenge; and the tables its
rounds open, through the command handler.

A round's tables are recorded first (`tournament.round_started`, naming each table's game
id, derived from the tournament's) and opened after: created, each entry seated in the
order the round lists them (players with their handle, so their player token plays the
seat; bots by the table's host), the last seat starting the game. Each step carries an
idempotency key derived from the table, so whoever opens a table (two directors, or one
after a restart) opens it once. A game's result is recorded from its own log
(`RecordGame`), and that decision opens what follows it (`domain.tournaments.deciding`).
"""

import logging
import uuid
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from commands.core.challenges import checked_table
from commands.core.handler import CommandHandler
from commands.core.streams import TOURNAMENTS
from commands.log.registry import game_rules
from commands.log.store import ConcurrencyConflict
from domain import clocks, table
from domain import tournaments as t
from domain.errors import DomainError
from domain.table import setup

log = logging.getLogger(__name__)
DEFAULT_CLOCK = {"turn_seconds": 60}
"""The clock of a tournament's tables (of a kind with turns) when its organiser sets none,
so a seat that does not move loses on time and every round ends."""
PASSED_OVER = frozenset({"game_recorded", "tournament_over", "nothing_due", "not_due"})
"""Refusals a director meets when another got there first, or nothing is due."""


DECISIONS = 5
"""How many times a player's or organiser's command is decided before it is refused as
`tournament_changed`, each time against the tournament as another append left it."""


class Tournaments:
    def __init__(self, handler: CommandHandler) -> None:
        self._handler = handler
        self._streams = handler.streams
        self._opened: set[str] = set()
        """Tables this process saw opened and started."""

    async def create(
        self,
        organiser: str,
        kind: str,
        format: t.Format,
        seats: int,
        options: dict[str, Any],
        starts_in: timedelta,
        rounds: int = 0,
        minutes: float = 0.0,
        max_entries: int = 64,
    ) -> str:
        """Record a new tournament; returns its id. Its tables' options are checked as a
        table of the kind would check them, with `seats` seats."""
        now = self._streams.now()
        if clocks.CLOCK not in options and not game_rules(kind).real_time:
            options = {**options, clocks.CLOCK: DEFAULT_CLOCK}
        created = checked_table(kind, options, seats, now)
        tournament_id = str(uuid.uuid4())
        kept = {name: value for name, value in created.options.items() if name != setup.SEATS}
        command = t.CreateTournament(
            tournament_id,
            organiser,
            kind,
            format,
            seats,
            kept,
            now + starts_in,
            rounds=rounds,
            minutes=minutes,
            max_entries=max_entries,
        )
        await self._record(tournament_id, command)
        return tournament_id

    async def enter(self, tournament_id: str, player: str) -> t.Entry:
        """The player's own entry."""
        return await self._entry(tournament_id, t.Enter(player=player))

    async def add_bot(self, tournament_id: str, organiser: str, bot: str) -> t.Entry:
        """A bot of strategy `bot`, entered by the organiser."""
        return await self._entry(tournament_id, t.Enter(bot=bot, by=organiser))

    async def withdraw(self, tournament_id: str, player: str) -> None:
        await self._record(tournament_id, t.Withdraw(player))

    async def start(self, tournament_id: str, organiser: str) -> t.Tournament:
        """Start now, as its organiser; its first tables open at once."""
        started = await self._record(tournament_id, t.Start(organiser))
        await self._open_tables(tournament_id, started)
        return started

    async def tournament(self, tournament_id: str, at: int | None = None) -> t.Tournament:
        """A tournament as its events leave it (as its first `at` leave it, when given);
        refused when there is none."""
        tournament = (await self._streams.load(TOURNAMENTS, tournament_id, at)).state
        if tournament.created is None:
            raise DomainError("tournament_not_found", f"there is no tournament {tournament_id}")
        return tournament

    async def advance(self, tournament_id: str) -> t.Tournament:
        """The director's step: start once due, open the tables recorded, record the games
        finished (which opens what follows), end an arena on time. Safe to take in any
        number of processes at once: a step another took first is passed over."""
        tournament = await self.tournament(tournament_id)
        if tournament.status == "upcoming":
            tournament = await self._passing(tournament_id, t.Advance(), tournament)
        while tournament.status == "running":
            await self._open_tables(tournament_id, tournament)
            finished = await self._finished_games(tournament)
            for game_id, standings in finished:
                record = t.RecordGame(game_id, standings)
                tournament = await self._passing(tournament_id, record, tournament)
            if not finished:
                break
        if (
            tournament.status == "running"
            and tournament.created
            and tournament.created.format == "arena"
        ):
            tournament = await self._passing(tournament_id, t.Advance(), tournament)
            await self._open_tables(tournament_id, tournament)
        return tournament

    async def _finished_games(
        self, tournament: t.Tournament
    ) -> list[tuple[str, tuple[t.GameStanding, ...]]]:
        """The games of tables playing that finished, with their standings as logged; a
        table that ended unplayed (`UNPLAYED`) with none, so that its round goes on."""
        finished = []
        for seating in tournament.playing:
            game = (await self._handler.games.latest(seating.game_id)).table
            if game.status == "finished" or game.status in UNPLAYED:
                self._opened.discard(seating.game_id)
                standings = tuple(t.GameStanding(s.seat, s.score, s.place) for s in game.standings)
                finished.append((seating.game_id, standings))
        return finished

    async def _open_tables(self, tournament_id: str, tournament: t.Tournament) -> None:
        created = tournament.created
        assert created is not None
        entries = {entry.entry: entry for entry in tournament.entries}
        options = table_options(created)
        for seating in tournament.playing:
            if seating.game_id in self._opened:
                continue
            key = table_key(tournament_id, seating.game_id)
            await self._handler.create(created.kind, options, key, seating.game_id)
            if (await self._handler.games.latest(seating.game_id)).table.status in UNPLAYED:
                continue  # recorded with no result (`_finished_games`)
            for seat, name in enumerate(seating.entries):
                command = entry_seat(entries[name])
                await self._handler.take_seat(seating.game_id, command, seat_key(key, seat))
            self._opened.add(seating.game_id)

    async def _entry(self, tournament_id: str, command: t.Enter) -> t.Entry:
        entered = await self._record(tournament_id, command)
        return entered.entries[-1]

    async def _passing(
        self, tournament_id: str, command: t.TournamentCommand, tournament: t.Tournament
    ) -> t.Tournament:
        """Record a director's command; when another got there first or nothing is due,
        the tournament as it now stands."""
        try:
            return await self._record(tournament_id, command, conflicts=True)
        except ConcurrencyConflict:
            return await self.tournament(tournament_id)
        except DomainError as refusal:
            if refusal.code not in PASSED_OVER:
                raise
            return await self.tournament(tournament_id)

    async def _record(
        self, tournament_id: str, command: t.TournamentCommand, conflicts: bool = False
    ) -> t.Tournament:
        """Decide `command` against the tournament and append its events with the expected
        version. A concurrent append makes the store refuse this one: a director's command
        (`conflicts`) gives the conflict back at once; a player's or organiser's is decided
        again against the tournament as it now stands, up to `DECISIONS` times, then refused
        (`tournament_changed`)."""

        def decide(tournament: t.Tournament, now: datetime) -> Sequence[t.TournamentEvent]:
            if tournament.created is None and not isinstance(command, t.CreateTournament):
                raise DomainError("tournament_not_found", f"there is no tournament {tournament_id}")
            return t.decide(tournament, command, now)

        for _ in range(1 if conflicts else DECISIONS - 1):
            try:
                return await self._streams.decide(TOURNAMENTS, tournament_id, command, decide)
            except ConcurrencyConflict:
                if conflicts:
                    raise
        try:
            return await self._streams.decide(TOURNAMENTS, tournament_id, command, decide)
        except ConcurrencyConflict:
            raise DomainError(
                "tournament_changed", "the tournament changed meanwhile; send it again"
            ) from None


UNPLAYED = frozenset({"cancelled", "expired"})
"""How a tournament's table ends without a game: its host cancelled it, or it expired, before
it filled (a director stopped between its seats for longer than an open table waits)."""


def table_options(created: t.TournamentCreated) -> dict[str, Any]:
    """The options a tournament's tables are opened with: its own, its seats, and the start
    as the last seat is taken."""
    return {**created.options, setup.SEATS: created.seats, setup.START_WHEN_FULL: True}


def table_key(tournament_id: str, game_id: str) -> str:
    """The idempotency key a tournament's table is created under (its seats add theirs)."""
    return f"tournament {tournament_id} table {game_id}"


def seat_key(table_key: str, seat: int) -> str:
    """The idempotency key of the seat a tournament's table gives its entry."""
    return f"{table_key} seat {seat}"


def entry_seat(entry: t.Entry) -> table.TakeSeat:
    """The seat an entry takes at its table: a player's, or a bot seated by the host."""
    if entry.bot is None:
        return table.TakeSeat(entry.name, player=entry.player)
    return table.TakeSeat(entry.name, bot=entry.bot, by=table.HOST)

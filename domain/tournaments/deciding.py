"""A tournament's decisions and its fold: `decide(tournament, command, now)` gives the
events a command records (or raises a refusal with a stable code), `evolve` applies one.

Starting and recording a game's result also decide what follows, in the same decision
(`domain.tournaments.following`).
"""

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Literal

import msgspec

from domain.errors import Refusal, require
from domain.tournaments import scoring
from domain.tournaments.following import next_events, seatable
from domain.tournaments.vocabulary import (
    Advance,
    CreateTournament,
    Enter,
    Entry,
    EntryAdded,
    EntryWithdrew,
    GameRecorded,
    RecordGame,
    RoundEnded,
    RoundStarted,
    Start,
    Tournament,
    TournamentCancelled,
    TournamentCommand,
    TournamentCreated,
    TournamentEvent,
    TournamentFinished,
    TournamentStarted,
    Withdraw,
)

STREAM_PREFIX = "tournament:"
BOT_ENTRY = "bot:"
MAX_ROUNDS = 30
MAX_MINUTES = 24 * 60
Code = Literal[
    "tournament_exists",
    "tournament_not_found",
    "invalid_tournament",
    "tournament_started",
    "tournament_over",
    "tournament_full",
    "already_entered",
    "not_entered",
    "not_organiser",
    "too_few_entries",
    "not_due",
    "nothing_due",
    "not_in_tournament",
    "game_recorded",
]
Refused = Refusal[Code]


def stream_id(tournament_id: str) -> str:
    return STREAM_PREFIX + tournament_id


def decide(
    tournament: Tournament, command: TournamentCommand, now: datetime
) -> tuple[TournamentEvent, ...]:
    """The events `command` records at `now`."""
    if isinstance(command, CreateTournament):
        return (_created(tournament, command),)
    created = _known(tournament)
    match command:
        case Enter():
            return (_entered(tournament, created, command),)
        case Withdraw(player):
            return (_withdrawn(tournament, player),)
        case Start(by):
            require(by == created.organiser, Refused("not_organiser", "only its organiser may"))
            _require_upcoming(tournament)
            require(seatable(tournament), _too_few(created))
            return _started(tournament, now)
        case RecordGame():
            return _recorded(tournament, command, now)
        case Advance():
            return _advanced(tournament, now)
    raise AssertionError(command)


def evolve(tournament: Tournament, event: TournamentEvent) -> Tournament:
    """The tournament after `event`, which it applies and nothing more."""
    replace = msgspec.structs.replace
    version = tournament.version + 1
    match event:
        case TournamentCreated():
            return Tournament("upcoming", event, version=version)
        case EntryAdded(entry, name, player, bot):
            added = (*tournament.entries, Entry(entry, name, player, bot))
            return replace(tournament, entries=added, version=version)
        case EntryWithdrew(entry):
            entries = tuple(
                replace(each, withdrawn=True) if each.entry == entry else each
                for each in tournament.entries
            )
            return replace(tournament, entries=entries, version=version)
        case TournamentStarted(at, ends_at):
            return replace(
                tournament, status="running", started_at=at, ends_at=ends_at, version=version
            )
        case RoundStarted():
            return replace(tournament, rounds=(*tournament.rounds, event), version=version)
        case GameRecorded(game_id=game):
            results = {**tournament.results, game: event}
            return replace(tournament, results=results, version=version)
        case RoundEnded(round):
            return replace(tournament, ended_rounds=round, version=version)
        case TournamentFinished(standings=standings):
            return replace(tournament, status="finished", standings=standings, version=version)
        case TournamentCancelled():
            return replace(tournament, status="cancelled", version=version)


def fold(events: Sequence[TournamentEvent], tournament: Tournament | None = None) -> Tournament:
    for event in events:
        tournament = evolve(tournament or Tournament(), event)
    return tournament or Tournament()


def _created(tournament: Tournament, command: CreateTournament) -> TournamentCreated:
    require(tournament.status == "new", Refused("tournament_exists", "it exists already"))
    if command.format == "swiss":
        require(
            1 <= command.rounds <= MAX_ROUNDS and command.minutes == 0,
            Refused("invalid_tournament", f"a Swiss plays 1 to {MAX_ROUNDS} rounds"),
        )
    else:
        require(
            0 < command.minutes <= MAX_MINUTES and command.rounds == 0,
            Refused("invalid_tournament", f"an arena lasts up to {MAX_MINUTES} minutes"),
        )
    require(command.max_entries >= command.seats >= 2, _too_few_places(command.seats))
    return TournamentCreated(**msgspec.structs.asdict(command))


def _too_few_places(seats: int) -> Refusal[Code]:
    return Refused("invalid_tournament", "it takes at least {} entries", seats)


def _known(tournament: Tournament) -> TournamentCreated:
    if tournament.created is None:
        raise Refused("tournament_not_found", "there is no such tournament").error()
    return tournament.created


def _require_upcoming(tournament: Tournament) -> None:
    require(tournament.status != "running", Refused("tournament_started", "it has started"))
    require(tournament.status == "upcoming", Refused("tournament_over", "it is over"))


def _entered(tournament: Tournament, created: TournamentCreated, command: Enter) -> EntryAdded:
    _require_upcoming(tournament)
    taking = [each for each in tournament.entries if not each.withdrawn]
    require(len(taking) < created.max_entries, Refused("tournament_full", "every place is taken"))
    number = len(tournament.entries) + 1
    if command.bot is not None:
        require(command.by == created.organiser, Refused("not_organiser", "only its organiser"))
        return EntryAdded(
            f"{BOT_ENTRY}{command.bot}:{number}", f"{command.bot} {number}", None, command.bot
        )
    assert command.player is not None
    entered = any(each.player == command.player and not each.withdrawn for each in taking)
    require(not entered, Refused("already_entered", "you have an entry already"))
    return EntryAdded(command.player, command.player, command.player)


def _withdrawn(tournament: Tournament, player: str) -> EntryWithdrew:
    require(tournament.status in ("upcoming", "running"), Refused("tournament_over", "it is over"))
    mine = [each for each in tournament.entries if each.player == player and not each.withdrawn]
    require(bool(mine), Refused("not_entered", "you have no entry in this tournament"))
    return EntryWithdrew(mine[0].entry)


def _too_few(created: TournamentCreated) -> Refusal[Code]:
    return Refused("too_few_entries", "a table of {} seats needs as many entries", created.seats)


def _started(tournament: Tournament, now: datetime) -> tuple[TournamentEvent, ...]:
    created = _known(tournament)
    ends_at = now + timedelta(minutes=created.minutes) if created.format == "arena" else None
    started = TournamentStarted(now, ends_at)
    return (started, *next_events(evolve(tournament, started), now))


def _advanced(tournament: Tournament, now: datetime) -> tuple[TournamentEvent, ...]:
    created = _known(tournament)
    if tournament.status == "upcoming":
        require(now >= created.starts_at, Refused("not_due", "its start is to come"))
        if not seatable(tournament):
            return (TournamentCancelled("too_few_entries"),)
        return _started(tournament, now)
    require(tournament.status == "running", Refused("tournament_over", "it is over"))
    require(created.format == "arena", Refused("nothing_due", "a Swiss moves on with its games"))
    follow = next_events(tournament, now)
    require(bool(follow), Refused("nothing_due", "nothing is due"))
    return follow


def _recorded(
    tournament: Tournament, command: RecordGame, now: datetime
) -> tuple[TournamentEvent, ...]:
    require(tournament.status == "running", Refused("tournament_over", "it is not running"))
    found = [
        (each.round, seating)
        for each in tournament.rounds
        for seating in each.tables
        if seating.game_id == command.game_id
    ]
    require(bool(found), Refused("not_in_tournament", "no table of this tournament"))
    require(
        command.game_id not in tournament.results,
        Refused("game_recorded", "this game is recorded already"),
    )
    round, seating = found[0]
    fire: frozenset[str] = frozenset()
    if _known(tournament).format == "arena":
        fire = scoring.on_fire(tournament.results.values())
    recorded = GameRecorded(
        round, command.game_id, scoring.results(seating, command.standings, fire)
    )
    return (recorded, *next_events(evolve(tournament, recorded), now))

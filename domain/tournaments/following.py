"""What follows a start or a game's result, decided with it: in a Swiss, the round's end
once its last table is recorded, and the next round's tables or the finish; in an arena,
the tables of the entries now waiting, or the finish once the time is up and no table
plays. Game ids are derived from the tournament's id, the round and the table's number, so
whoever opens a table opens the same one.
"""

import uuid
from collections.abc import Sequence
from datetime import datetime

from domain.tournaments import pairing, scoring
from domain.tournaments.vocabulary import (
    RoundEnded,
    RoundStarted,
    TableSeating,
    Tournament,
    TournamentCreated,
    TournamentEvent,
    TournamentFinished,
)

_GAMES = uuid.UUID("7a3f1c2e-5b4d-4e6f-8a9b-746f75726e79")


def game_id(tournament_id: str, round: int, table: int) -> str:
    """The id of a round's table (the same whoever opens it)."""
    return str(uuid.uuid5(_GAMES, f"{tournament_id}/{round}/{table}"))


def active(tournament: Tournament) -> list[str]:
    """The entries not withdrawn, ranked: points, tie-breaks, entry order."""
    ranked = [row.entry for row in scoring.standings(tournament)]
    playing = {each.entry for each in tournament.entries if not each.withdrawn}
    return [entry for entry in ranked if entry in playing]


def seatable(tournament: Tournament) -> bool:
    created = tournament.created
    assert created is not None
    return len([each for each in tournament.entries if not each.withdrawn]) >= created.seats


def next_events(tournament: Tournament, now: datetime) -> tuple[TournamentEvent, ...]:
    """What follows in a running tournament: tables to open, a round's end, the finish."""
    created = tournament.created
    assert created is not None
    if created.format == "swiss":
        return _swiss_next(tournament, created, now)
    return _arena_next(tournament, created, now)


def _swiss_next(
    tournament: Tournament, created: TournamentCreated, now: datetime
) -> tuple[TournamentEvent, ...]:
    if tournament.playing:
        return ()
    ended: tuple[TournamentEvent, ...] = ()
    played = len(tournament.rounds)
    if played > tournament.ended_rounds:
        ended = (RoundEnded(played),)
    if played >= created.rounds or not seatable(tournament):
        return (*ended, _finished(tournament, now))
    met = pairing.met_pairs(
        [seating.entries for each in tournament.rounds for seating in each.tables]
    )
    had = {
        entry: sum(entry in each.byes for each in tournament.rounds) for entry in active(tournament)
    }
    tables, byes = pairing.swiss(
        active(tournament), created.seats, lambda a, b: frozenset((a, b)) in met, had
    )
    return (*ended, _round(created, played + 1, tables, byes))


def _arena_next(
    tournament: Tournament, created: TournamentCreated, now: datetime
) -> tuple[TournamentEvent, ...]:
    assert tournament.ends_at is not None
    playing = tournament.playing
    if now >= tournament.ends_at:
        return () if playing else (_finished(tournament, now),)
    busy = {entry for seating in playing for entry in seating.entries}
    waiting = [entry for entry in active(tournament) if entry not in busy]
    opened = [seating.entries for each in tournament.rounds for seating in each.tables]
    just_met = pairing.last_opponents(opened, set(waiting))
    tables = pairing.arena(waiting, created.seats, just_met, bool(playing))
    if not tables:
        return ()
    return (_round(created, len(tournament.rounds) + 1, tables, ()),)


def _round(
    created: TournamentCreated,
    number: int,
    tables: Sequence[tuple[str, ...]],
    byes: tuple[str, ...],
) -> RoundStarted:
    seatings = tuple(
        TableSeating(game_id(created.tournament_id, number, index), entries)
        for index, entries in enumerate(tables)
    )
    points = scoring.bye_points(created.seats) if byes else 0
    return RoundStarted(number, seatings, byes, points)


def _finished(tournament: Tournament, now: datetime) -> TournamentFinished:
    return TournamentFinished(now, scoring.standings(tournament))

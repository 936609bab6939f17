"""Every event told to one viewer in one short sentence: the table's own events here, the
game's by its rules' `narrate`. The event given is the one the viewer may see (redacted)."""

from typing import Any

from domain import clocks
from domain.decider import AnyRules, Standing
from domain.narration import Voice, counted, listed, opening, ordinal
from domain.table.vocabulary import (
    TABLE_EVENTS,
    GameFinished,
    GameStarted,
    RematchOpened,
    Seat,
    SeatsHanded,
    SeatTaken,
    SeedRevealed,
    TableCancelled,
    TableCreated,
    TableExpired,
    TableForked,
)


def voice(seats: tuple[Seat, ...], viewer: int) -> Voice:
    """How a table's seats are named to `viewer`."""
    return Voice(viewer, tuple(seat.name for seat in seats))


def narrate(rules: AnyRules, shown: Any, heard_by: Voice) -> str:
    """The event `shown` (as the viewer may see it) in one sentence."""
    if not isinstance(shown, TABLE_EVENTS):
        return rules.narrate(shown, heard_by)
    match shown:
        case TableCreated():
            return f"A table of {rules.title} was opened"
        case SeatTaken():
            bot = " (a bot)" if shown.bot else ""
            who = "You" if shown.seat == heard_by.viewer else shown.name
            return f"{who}{bot} took seat {shown.seat + 1}"
        case GameStarted():
            return f"The game started with {shown.seats} seats"
        case GameFinished():
            return _finished(shown.standings, heard_by)
        case SeedRevealed():
            return "The shuffle's secret seed was revealed: anyone may now audit the game"
        case RematchOpened():
            return "A rematch table is open"
        case TableCancelled():
            return f"{heard_by.subject(shown.seat)} called the table off"
        case TableForked():
            at = shown.sandbox
            return f"A sandbox of {rules.title} was opened at step {at.at} of game {at.source}"
        case SeatsHanded():
            bots = [f"{name} plays seat {seat + 1}" for seat, name in enumerate(shown.bots) if name]
            return f"Bots hold the seats: {listed(bots)}" if bots else "Every seat is yours to play"
        case TableExpired():
            return f"Nobody started the table in {minutes(shown.idle_seconds)}: it closed"
        case clocks.ClockRestarted():
            return "The clock restarted"
        case clocks.SeatTimedOut():
            return f"{heard_by.subject(shown.seat)} ran out of time; a move was made for them"
        case clocks.SeatWarned():
            whose = opening(heard_by.whose(shown.seat))
            return f"{whose} time is up: a move is made for {heard_by.who(shown.seat)} soon"
        case clocks.SeatMarkedAbsent():
            seat = shown.seat
            away = heard_by.does(seat, "are", "is")
            return f"{opening(away)} away: {heard_by.whose(seat)} moves are made after a grace"
        case clocks.SeatMarkedPresent():
            return f"{heard_by.subject(shown.seat)} came back to the table"
    raise TypeError(f"no words for {type(shown).__name__}")


def _finished(standings: tuple[Standing, ...], heard_by: Voice) -> str:
    first = [standing.seat for standing in standings if standing.place == 1]
    winners = listed(heard_by.who(seat) for seat in first)
    said = f"{winners} won" if len(first) == 1 else f"{winners} share first place"
    yours = [s.place for s in standings if s.seat == heard_by.viewer and s.place != 1]
    place = f"; you came {ordinal(yours[0])}" if yours else ""
    return f"Game over: {said}{place}"


def minutes(seconds: int) -> str:
    """A wait in words: whole minutes when it is some, else seconds."""
    if seconds >= 60 and seconds % 60 == 0:
        return counted(seconds // 60, "minute")
    return counted(seconds, "second")

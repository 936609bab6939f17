"""Tournaments: Swiss and arena, each a stream of its own, decided and folded like a table.

A tournament is created by its organiser (a registered player) for a kind, its options
(a clock among them) and the seats of its tables; players enter with their own token and
the organiser adds bots, until the start (by the organiser, or by itself at its start
time). A Swiss plays a fixed number of rounds, an arena seats entries again as they finish,
until its time is up. Its events record every table opened (with the game ids, derived from
the tournament's), every game's result as that game's log records it, each round's end and
the final standings, so the standings replay from the log and an audit recomputes them from
the games' own logs.

The rooms: `vocabulary` (commands, events, state), `pairing` (who sits with whom),
`scoring` (points per place, streaks, tie-breaks, standings), `following` (what a start or
a result opens), `deciding` (decide, evolve).
"""

from domain.tournaments.deciding import (
    BOT_ENTRY,
    STREAM_PREFIX,
    Code,
    Refused,
    decide,
    evolve,
    fold,
    stream_id,
)
from domain.tournaments.following import active, game_id
from domain.tournaments.scoring import standings
from domain.tournaments.vocabulary import (
    FORMATS,
    Advance,
    CreateTournament,
    Enter,
    Entry,
    EntryAdded,
    EntryWithdrew,
    Format,
    GameRecorded,
    GameStanding,
    RecordGame,
    Result,
    RoundEnded,
    RoundStarted,
    StandingRow,
    Start,
    Status,
    TableSeating,
    Tournament,
    TournamentCancelled,
    TournamentCommand,
    TournamentCreated,
    TournamentEvent,
    TournamentFinished,
    TournamentStarted,
    Withdraw,
)

TOURNAMENT_EVENTS = (
    TournamentCreated,
    EntryAdded,
    EntryWithdrew,
    TournamentStarted,
    RoundStarted,
    GameRecorded,
    RoundEnded,
    TournamentFinished,
    TournamentCancelled,
)

__all__ = [
    "BOT_ENTRY",
    "FORMATS",
    "STREAM_PREFIX",
    "TOURNAMENT_EVENTS",
    "Advance",
    "Code",
    "CreateTournament",
    "Enter",
    "Entry",
    "EntryAdded",
    "EntryWithdrew",
    "Format",
    "GameRecorded",
    "GameStanding",
    "RecordGame",
    "Refused",
    "Result",
    "RoundEnded",
    "RoundStarted",
    "StandingRow",
    "Start",
    "Status",
    "TableSeating",
    "Tournament",
    "TournamentCancelled",
    "TournamentCommand",
    "TournamentCreated",
    "TournamentEvent",
    "TournamentFinished",
    "TournamentStarted",
    "Withdraw",
    "active",
    "decide",
    "evolve",
    "fold",
    "game_id",
    "standings",
    "stream_id",
]

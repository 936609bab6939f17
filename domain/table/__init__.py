"""The table around every game: created, seats taken, started, played, finished.

Written once and composed with any `GameRules`: table commands are handled here, every
other command goes to the game's `decide` while the table is playing. When the game reaches
its end, the table appends the standings and reveals the secret seed in the same decision.
At a table with a clock (`domain.clocks`) every accepted command also restarts the clock,
and a seat out of time has its move made for it by the `random` bot (`claim_timeout`).

The rooms, from the ground up: `vocabulary` (commands, events, the table and its view),
`seating` (taking a seat; names and entropy), `ending` (what ends a command's events),
`clock` (timeout claims, acting seats), `lifecycle` (decide, evolve, fold), `views` (view,
legal moves, redact).
"""

from domain.decider import Standing
from domain.table.clock import acting_seats
from domain.table.lifecycle import (
    Decision,
    command_type,
    created_options,
    decide,
    decided,
    decision_context,
    event_type,
    evolve,
    fold,
)
from domain.table.narration import narrate, voice
from domain.table.seating import MAX_ENTROPY, MAX_NAME, UNPRINTABLE, check_seat, printable
from domain.table.views import legal_moves, redact, view
from domain.table.vocabulary import (
    TABLE_EVENTS,
    TABLE_TAGS,
    AnyTable,
    CreateTable,
    GameFinished,
    GameStarted,
    OpenRematch,
    RematchOpened,
    Seat,
    SeatTaken,
    SeedRevealed,
    StartGame,
    Status,
    Table,
    TableCommand,
    TableCreated,
    TableEvent,
    TableView,
    TakeSeat,
)

__all__ = [
    "MAX_ENTROPY",
    "MAX_NAME",
    "TABLE_EVENTS",
    "TABLE_TAGS",
    "UNPRINTABLE",
    "AnyTable",
    "CreateTable",
    "Decision",
    "GameFinished",
    "GameStarted",
    "OpenRematch",
    "RematchOpened",
    "Seat",
    "SeatTaken",
    "SeedRevealed",
    "Standing",
    "StartGame",
    "Status",
    "Table",
    "TableCommand",
    "TableCreated",
    "TableEvent",
    "TableView",
    "TakeSeat",
    "acting_seats",
    "check_seat",
    "command_type",
    "created_options",
    "decide",
    "decided",
    "decision_context",
    "event_type",
    "evolve",
    "fold",
    "legal_moves",
    "narrate",
    "printable",
    "redact",
    "view",
    "voice",
]

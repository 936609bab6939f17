"""The table around every game: created, seats taken, started, played, finished.

Written once and composed with any `GameRules`: table commands are handled here, every
other command goes to the game's `decide` while the table is playing. When the game reaches
its end, the table appends the standings and reveals the secret seed in the same decision.
At a table with a clock (`domain.clocks`) every accepted command also restarts the clock,
and a seat out of time has its move made for it by the `random` bot (`claim_timeout`).

The rooms, from the ground up: `vocabulary` (commands, events, the table and its view),
`seating` (taking a seat; names and entropy), `ending` (what ends a command's events),
`clock` (timeout claims, acting seats), `setup` (the table's size, start and bots' pace, set
by its host), `starting` (the start and the cancelling), `lifecycle` (decide, evolve, fold),
`views` (view, legal moves, redact), `sandbox` and `forking` (a finished game forked at one of
its versions, to study it).
"""

from domain.decider import Standing
from domain.table.clock import acting_seats
from domain.table.forking import fork
from domain.table.lifecycle import (
    Decision,
    command_type,
    created_options,
    created_seats,
    decide,
    decided,
    decision_context,
    event_type,
    evolve,
    fold,
)
from domain.table.narration import narrate, voice
from domain.table.sandbox import acting_seat
from domain.table.seating import (
    BOT_NAMES,
    MAX_ENTROPY,
    MAX_NAME,
    UNPRINTABLE,
    check_seat,
    printable,
)
from domain.table.setup import HOST, TableSetup, bot_pace, with_setup
from domain.table.views import legal_moves, redact, view
from domain.table.vocabulary import (
    TABLE_EVENTS,
    TABLE_TAGS,
    AnyTable,
    CancelTable,
    CreateTable,
    ExpireTable,
    ForkTable,
    GameFinished,
    GameStarted,
    HandSeats,
    OpenRematch,
    RematchOpened,
    Sandbox,
    Seat,
    SeatsHanded,
    SeatTaken,
    SeedRevealed,
    StartGame,
    Status,
    Table,
    TableCancelled,
    TableCommand,
    TableCreated,
    TableEvent,
    TableExpired,
    TableForked,
    TableView,
    TakeSeat,
    is_over,
)

__all__ = [
    "BOT_NAMES",
    "HOST",
    "MAX_ENTROPY",
    "MAX_NAME",
    "TABLE_EVENTS",
    "TABLE_TAGS",
    "UNPRINTABLE",
    "AnyTable",
    "CancelTable",
    "CreateTable",
    "Decision",
    "ExpireTable",
    "ForkTable",
    "GameFinished",
    "GameStarted",
    "HandSeats",
    "OpenRematch",
    "RematchOpened",
    "Sandbox",
    "Seat",
    "SeatTaken",
    "SeatsHanded",
    "SeedRevealed",
    "Standing",
    "StartGame",
    "Status",
    "Table",
    "TableCancelled",
    "TableCommand",
    "TableCreated",
    "TableEvent",
    "TableExpired",
    "TableForked",
    "TableSetup",
    "TableView",
    "TakeSeat",
    "acting_seat",
    "acting_seats",
    "bot_pace",
    "check_seat",
    "command_type",
    "created_options",
    "created_seats",
    "decide",
    "decided",
    "decision_context",
    "event_type",
    "evolve",
    "fold",
    "fork",
    "is_over",
    "legal_moves",
    "narrate",
    "printable",
    "redact",
    "view",
    "voice",
    "with_setup",
]

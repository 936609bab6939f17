"""The codes the table refuses a command with, before any game is asked (or instead of it)."""

from typing import Literal

from domain import clocks
from domain.errors import Refusal

Playing = Literal[
    "already_started",
    "not_enough_seats",
    "not_started",
    "game_over",
    "not_seated",
    "no_clock",
    "not_absent",
    "not_host",
    "table_not_open",
]
"""What a command a seat posts to a table (`start_game`, `cancel_table`, `return_to_table` or
the game's own) may be refused with before the game is asked."""
Seating = Literal[
    "table_not_open",
    "table_full",
    "already_seated",
    "invalid_name",
    "invalid_entropy",
    "not_host",
    "think_without_bot",
    "think_out_of_bounds",
]
"""Why a seat is refused."""
Forking = Literal["not_finished", "beyond_end", "not_in_play"]
"""Why a game cannot be forked at a version (`domain.table.forking`)."""
Studying = Literal["not_a_sandbox", "not_every_seat", "wrong_seats"]
"""Why a sandbox refuses to hand its seats (`domain.table.sandbox`)."""
Code = (
    Playing
    | Seating
    | Forking
    | Studying
    | Literal["table_exists", "not_to_act", "not_timed_out", "game_not_over", "rematch_opened"]
    | clocks.Code
)
Refused = Refusal[Code]

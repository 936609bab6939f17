"""Any game at any version: its events folded up to that version, and what a viewer saw then.

While a game is live, a replay follows the same redaction as the current view (a seat sees
its own hand, a spectator the public table). Once it is over every hand is open to anyone at
every version, as the published log shows them anyway.
"""

from collections.abc import Sequence
from typing import Any, Literal

import msgspec

from domain import table
from domain.decider import REFEREE, AnyRules
from domain.errors import Refusal, require


def table_at(rules: AnyRules, events: Sequence[Any], at: int) -> table.AnyTable:
    """The table at version `at`: the first `at` events folded."""
    last = len(events)
    versions = f"this game has versions 1 to {last}"
    require(1 <= at <= last, Refusal[Literal["version_not_found"]]("version_not_found", versions))
    return table.fold(rules, events[:at])


def view_at(
    rules: AnyRules,
    events: Sequence[Any],
    at: int,
    viewer: int,
    game_over: bool,
    between_commands: bool = True,
) -> table.TableView:
    """What `viewer` sees of the table at version `at`; every hand once the game is over."""
    then = table_at(rules, events, at)
    seen = table.view(rules, then, viewer, between_commands)
    if not game_over or then.game is None:
        return seen
    return msgspec.structs.replace(seen, game=rules.view(then.game, REFEREE))

"""One game at one version, as every reader in a process shares it: the game repository holds
these, a committed command produces one, the bus carries it to the live feeds and the bots."""

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import msgspec

from commands.log import codec
from commands.log.store import StoredEvent
from domain import table
from domain.decider import AnyRules
from domain.table import AnyTable, TableView


@dataclass(frozen=True, slots=True)
class LoadedGame:
    """One game at one version. It is the one place derived values are cached: each viewer's
    view, legal moves included, is computed at most once per version however many readers
    and bots ask."""

    game_id: str
    rules: AnyRules
    secret: bytes
    table: AnyTable
    last_hash: str = ""
    _views: dict[int, TableView] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def view(self, viewer: int) -> TableView:
        """The table as `viewer` sees it at this version, with its legal moves."""
        if viewer not in self._views:
            self._views[viewer] = table.view(self.rules, self.table, viewer)
        return self._views[viewer]

    def after(self, rows: list[StoredEvent]) -> "LoadedGame":
        """The game moved on by stored events that follow on from its version."""
        if not rows:
            return self
        events = codec.decode_events(self.rules.kind, rows)
        return self.moved_on(events, msgspec.json.decode(rows[-1].metadata)["hash"])

    def moved_on(self, events: Sequence[Any], last_hash: str) -> "LoadedGame":
        """The game moved on by decoded events, the last of which has `last_hash`."""
        return replace(self, table=table.fold(self.rules, events, self.table), last_hash=last_hash)


def token_hash(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()

"""Stored events as a viewer may see them: decoded, then redacted by the game's rules (once a
game is over every card is open to all). Answers, pages of events and live streams all show
events through here."""

from collections.abc import Sequence
from typing import Any

import msgspec

from commands.core.games import GameRepository
from commands.core.loaded import LoadedGame
from commands.log import codec
from commands.log.store import StoredEvent
from domain import table
from domain.decider import REFEREE


class VersionedEvent(msgspec.Struct, frozen=True):
    """An event as one viewer may see it, and what it means to them in one sentence."""

    version: int
    event: Any
    narration: str = ""


class Narration(msgspec.Struct, frozen=True):
    """A live stream's words for the event of `version` (of type `type`) it just sent."""

    version: int
    type: str
    narration: str


async def events_after(
    games: GameRepository, game: LoadedGame, after: int, seat: int
) -> list[VersionedEvent]:
    """The game's events after a version, as `seat` may see them."""
    return shown(game, await rows_after(games, game, after), seat)


async def rows_after(
    games: GameRepository, game: LoadedGame, after: int, limit: int | None = None
) -> list[StoredEvent]:
    """The stored events after a version, up to the version loaded, at most `limit`."""
    rows = await games.stored_events(game.game_id, after, limit)
    return [row for row in rows if row.version <= game.table.version]


def shown(game: LoadedGame, rows: Sequence[StoredEvent], seat: int) -> list[VersionedEvent]:
    """Stored events decoded and redacted as `seat` may see them."""
    kind = game.rules.kind
    return redacted(game, ((row.version, codec.decode_event(kind, row)) for row in rows), seat)


def redacted(game: LoadedGame, events: Any, seat: int) -> list[VersionedEvent]:
    """Events as `seat` may see them, each told to `seat` in a sentence; once the game is
    over every card is open to all."""
    viewer = REFEREE if game.table.status == "finished" else seat
    voice = table.voice(game.table.seats, seat)
    shown = ((version, table.redact(game.rules, event, viewer)) for version, event in events)
    return [
        VersionedEvent(version, event, table.narrate(game.rules, event, voice))
        for version, event in shown
        if event is not None
    ]

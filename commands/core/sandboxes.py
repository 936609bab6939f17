"""Sandboxes as the application keeps them: one idle longer than `domain.table.sandbox.IDLE`
has expired, and refuses moves and hints (`sandbox_expired`)."""

from datetime import datetime
from typing import Literal

from commands.core.games import GameRepository
from commands.core.loaded import LoadedGame
from domain.errors import Refusal, require
from domain.table.sandbox import IDLE

EXPIRED = Refusal[Literal["sandbox_expired"]](
    "sandbox_expired", f"this sandbox sat idle for more than {IDLE.days} days: fork the game again"
)


async def require_active(games: GameRepository, game: LoadedGame, now: datetime) -> None:
    """Refuse a sandbox still played whose latest event is older than `IDLE` at `now`."""
    if game.table.sandbox is None or game.table.status != "playing":
        return
    rows = await games.stored_events(game.game_id, game.table.version - 1, 1)
    require(not rows or now - rows[-1].recorded_at <= IDLE, EXPIRED)

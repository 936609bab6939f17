"""Bounds of the path and query parameters: each within what the database holds, so that
what is out of bounds is refused at the edge instead of reaching a query."""

from typing import Annotated

from litestar.params import PathParameter

MAX_VERSION = 2**31 - 1
"""The highest version a game can have (the versions are stored as 32-bit integers)."""
MAX_OFFSET = 2**63 - 1
"""The most items a page can skip (offsets are 64-bit integers)."""
UUID_PATTERN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"

GameId = Annotated[str, PathParameter(pattern=UUID_PATTERN, description="the game's id (a UUID)")]
"""A game id in a path: anything but a UUID names no game (`game_not_found`)."""

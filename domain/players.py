"""Players: a unique handle, registered once, to which seats are linked.

Two handles are the same when they differ only by case or by a compatibility form of a
character (`Ada`, `ADA` and `ada` in full-width letters are one handle): the first registered
takes it, and is shown as it was typed.

A seat taken with a player's token counts for that player in the scoreboards and ratings; a
seat taken with a free name counts for nobody. Bots count as the players `bot:<strategy>`,
a prefix no registered handle may take.
"""

import unicodedata
from typing import Literal

import msgspec

from domain.errors import Refusal, require

MAX_HANDLE = 40
BOT_PREFIX = "bot:"
STREAM_PREFIX = "player:"
Code = Literal["invalid_handle"]
"""Why a handle is refused (whether it is taken is the store's to say)."""
Refused = Refusal[Code]


class RegisterPlayer(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    handle: str


class PlayerRegistered(msgspec.Struct, frozen=True, tag="player.registered"):
    handle: str


def register(command: RegisterPlayer) -> PlayerRegistered:
    """The registration of a handle (whether it is taken is the event store's to say: each
    handle is the first version of a stream of its own)."""
    return PlayerRegistered(checked_handle(command.handle))


def checked_handle(text: str) -> str:
    """A handle as registered (without surrounding spaces), or the refusal of one that no
    player can have."""
    handle = text.strip()
    require(
        len(handle) > 0 and len(text) <= MAX_HANDLE,
        Refused("invalid_handle", f"a handle has 1 to {MAX_HANDLE} characters"),
    )
    require(
        handle.isprintable(),
        Refused("invalid_handle", "a handle holds no control or invisible characters"),
    )
    require("/" not in handle, Refused("invalid_handle", "a handle holds no `/`"))
    require(
        not handle_key(handle).startswith(BOT_PREFIX),
        Refused("invalid_handle", f"handles starting with {BOT_PREFIX!r} are the bots'"),
    )
    return handle


def handle_key(handle: str) -> str:
    """What two handles that are the same have in common: the NFKC form, case-folded."""
    return unicodedata.normalize("NFKC", handle).casefold()


def stream_id(handle: str) -> str:
    """The stream a player's registration is recorded in (apart from every game's, a UUID),
    named by the handle's key, so a handle is registered once whatever its case."""
    return STREAM_PREFIX + handle_key(handle)


def bot_handle(strategy: str) -> str:
    return BOT_PREFIX + strategy


def seat_player(player: str | None, bot: str | None) -> str | None:
    """The player a seat counts for: its linked player, its bot, or nobody."""
    if player is not None:
        return player
    return None if bot is None else bot_handle(bot)

"""Events and commands to and from JSON, per game kind, and the hash chain over a game's log.

The canonical bytes of an event are msgspec's JSON encoding of its Struct (fields in
declaration order), so they are the same whether the event was just decided or read back
from Postgres. Each event's metadata carries ``hash = SHA-256(previous hash || canonical)``,
hex encoded, starting from the empty string.
"""

import hashlib
from functools import cache
from typing import Any

import msgspec

from commands.registry import game_rules
from domain import table

encode = msgspec.json.encode


@cache
def event_decoder(kind: str) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(table.event_type(game_rules(kind)))


@cache
def command_decoder(kind: str) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(table.command_type(game_rules(kind)))


def event_tag(event: msgspec.Struct) -> str:
    tag = event.__struct_config__.tag
    assert isinstance(tag, str), f"{type(event).__name__} has no tag"
    return tag


def chain_hash(previous: str, event: msgspec.Struct) -> str:
    """The next link of a game's hash chain."""
    return hashlib.sha256(previous.encode() + encode(event)).hexdigest()

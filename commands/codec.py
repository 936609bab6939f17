"""Events and commands to and from JSON, per game kind, and the hash chain over a game's log.

The canonical bytes of an event are msgspec's JSON encoding of its Struct with fields in
declaration order and dict keys (and sets) sorted, so they are the same whether the event
was just decided or read back from Postgres, whose jsonb keeps keys in an order of its own.
Each event's metadata carries ``hash = SHA-256(previous hash || canonical)``, hex encoded,
starting from the empty string.
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


@cache
def recorded_command_type(kind: str) -> Any:
    """Every command the metadata of this kind's events may record, table commands included."""
    return table.CreateTable | table.TakeSeat | table.command_type(game_rules(kind))


def event_tag(event: msgspec.Struct) -> str:
    tag = event.__struct_config__.tag
    assert isinstance(tag, str), f"{type(event).__name__} has no tag"
    return tag


def canonical(value: Any) -> bytes:
    """The canonical JSON of an event (or a part of one): the same after a trip to jsonb."""
    return msgspec.json.encode(value, order="deterministic")


def chain_hash(previous: str, event: msgspec.Struct) -> str:
    """The next link of a game's hash chain."""
    return hashlib.sha256(previous.encode() + canonical(event)).hexdigest()

"""Events and commands to and from JSON, per game kind, and the hash chain over a game's log.

Stored events are decoded by `decode_event` alone: a stored payload written under an older
``schema_version`` of its type is first upcast, one version at a time, by the pure
functions registered in `UPCASTERS`, then converted to the game's event union.

The hash chain is over the JSON as stored, never over a Struct encoded again: each event's
metadata carries ``hash = SHA-256(previous hash || RFC 8785 bytes of the event's JSON)``,
hex encoded, starting from the empty string. RFC 8785 (the JSON Canonicalization Scheme)
sorts keys and fixes the spelling of numbers and strings, so the link computed at append
time from the JSON about to be stored holds for the JSON read back from Postgres (whose
jsonb keeps keys in an order of its own), and does not depend on the event classes: their
field order, or a defaulted field added later, changes no recorded hash.
"""

import hashlib
import re
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any, Protocol, get_args

import msgspec
import rfc8785

from commands.log.registry import game_rules
from domain import challenges, clocks, players, table, tournaments

encode = msgspec.json.encode

Payload = dict[str, Any]
Upcaster = Callable[[Payload], Payload]

UPCASTERS: dict[tuple[str, int], Upcaster] = {}
"""(event type, schema version) -> the pure function taking a payload of that version to
the next one. Empty while every event type is at its first version."""

SCHEMA_VERSIONS: dict[str, int] = {}
"""The current schema version of each event type that has more than one; others are at 1."""


class Stored(Protocol):
    """What `decode_event` needs of a stored event (a `StoredEvent` or a `LogRecord`)."""

    @property
    def type(self) -> str: ...

    @property
    def schema_version(self) -> int: ...

    @property
    def data(self) -> str | bytes | msgspec.Raw: ...


def schema_version(event_type: str) -> int:
    """The schema version events of this type are written with today."""
    return SCHEMA_VERSIONS.get(event_type, 1)


def register_upcaster(event_type: str, from_version: int, upcaster: Upcaster) -> None:
    """Register the step from `from_version` of a type's payload to the next version, which
    becomes the type's current version unless a later step is registered."""
    UPCASTERS[(event_type, from_version)] = upcaster
    SCHEMA_VERSIONS[event_type] = max(schema_version(event_type), from_version + 1)


def upcast(event_type: str, version: int, payload: Payload) -> Payload:
    """A payload of `version` brought to its type's current version, step by step."""
    current = schema_version(event_type)
    if version > current:
        raise msgspec.ValidationError(
            f"{event_type} schema version {version} is newer than the current {current}"
        )
    while version < current:
        step = UPCASTERS.get((event_type, version))
        if step is None:
            raise msgspec.ValidationError(f"no upcaster from {event_type} schema version {version}")
        payload = step(payload)
        version += 1
    return payload


def decode_event(kind: str, stored: Stored) -> Any:
    """The domain event of a stored event of a game of `kind` (or of an aggregate so named),
    upcast first when it was written under an older schema version. Raises
    msgspec.DecodeError (or its subclass ValidationError) when the payload is no event of
    the game."""
    decoder = event_decoder(kind)
    if stored.schema_version == schema_version(stored.type):
        return decoder.decode(stored.data)
    payload = msgspec.json.decode(stored.data)
    if not isinstance(payload, dict):
        raise msgspec.ValidationError(f"a stored {stored.type} is a JSON object")
    return decoder.decode(encode(upcast(stored.type, stored.schema_version, payload)))


def decode_events(kind: str, stored: Iterable[Stored]) -> list[Any]:
    return [decode_event(kind, each) for each in stored]


PLAYER = "player"
CHALLENGE = "challenge"
TOURNAMENT = "tournament"
AGGREGATE_EVENTS: dict[str, Any] = {
    PLAYER: players.PlayerRegistered,
    CHALLENGE: challenges.ChallengeEvent,
    TOURNAMENT: tournaments.TournamentEvent,
}
"""The events of the aggregates besides games, by the name `decode_event` takes as a kind."""


@cache
def event_decoder(kind: str) -> msgspec.json.Decoder[Any]:
    """The decoder of JSON of this kind's events (a game's kind, or an aggregate's name from
    `AGGREGATE_EVENTS`) at their current schema versions; stored events go through
    `decode_event`."""
    events = AGGREGATE_EVENTS.get(kind) or table.event_type(game_rules(kind))
    return msgspec.json.Decoder(events)


@cache
def command_decoder(kind: str) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(table.command_type(game_rules(kind)))


@cache
def command_types(kind: str) -> tuple[str, ...]:
    """The `type` of every command a seat of this kind may send, table commands first."""
    return tuple(tag_of(each) for each in get_args(table.command_type(game_rules(kind))))


def recorded_command(kind: str, value: Any) -> Any:
    """The command an event's metadata records (built-in values, as its JSON decodes), of
    this kind's commands or the table's. Raises msgspec.ValidationError when it is none."""
    recorded: Any = msgspec.convert({"command": value}, _recorded_command_holder(kind))
    return recorded.command


@cache
def _recorded_command_holder(kind: str) -> type[msgspec.Struct]:
    """A Struct holding one recorded command: msgspec keeps the conversion plan of a Struct
    type from call to call but builds that of a bare union afresh each time, twenty times
    slower."""
    commands = (
        table.CreateTable
        | table.TakeSeat
        | table.OpenRematch
        | table.ForkTable
        | clocks.ClaimTimeout
        | clocks.WarnSeat
        | table.ExpireTable
        | table.command_type(game_rules(kind))
    )
    return msgspec.defstruct("RecordedCommand", [("command", commands)], frozen=True)


def tag_of(struct: msgspec.Struct | type[msgspec.Struct]) -> str:
    """The tag a command or event is sent and stored under (its `type`): the one reader of
    msgspec's struct config outside the domain. A Struct without a tag goes by its name."""
    return _class_tag(struct if isinstance(struct, type) else type(struct))


@cache
def _class_tag(cls: type[msgspec.Struct]) -> str:
    """A Struct class's tag, read once (msgspec builds its config object afresh at each
    reading, which an audit of a long game did for every event)."""
    tag = cls.__struct_config__.tag
    return tag if isinstance(tag, str) else cls.__name__


def canonical(value: Any) -> bytes:
    """Deterministic JSON of a value (dict keys and sets sorted), to compare two values;
    the hash chain uses `chain_hash` over stored JSON instead."""
    return msgspec.json.encode(value, order="deterministic")


def canonical_json(data: str | bytes | msgspec.Raw) -> bytes:
    """The RFC 8785 canonical bytes of a JSON text's value.

    msgspec writes them itself, with keys sorted, for every value whose canonical form it
    spells as RFC 8785 does: no float (whose spelling differs), only ASCII (keys are then
    sorted the same, by UTF-16 code units) and no integer beyond 2^53 (which RFC 8785
    refuses). Any other value goes through the `rfc8785` implementation; tests/commands/
    test_codec.py checks that both agree.
    """
    try:
        value = _decode_without_floats(data)
    except _Float:
        return rfc8785.dumps(msgspec.json.decode(data))
    fast = encode(value, order="sorted")
    if fast.isascii() and not long_number(fast):
        return fast
    return rfc8785.dumps(value)


class _Float(Exception):
    """A JSON text holds a float."""


def _refuse_float(text: str) -> Any:
    raise _Float(text)


_decode_without_floats = msgspec.json.Decoder(float_hook=_refuse_float).decode
_LONG_NUMBER = re.compile(rb"\d{16}")
"""Sixteen digits in a row: maybe an integer RFC 8785 refuses (left to `rfc8785`)."""
_DIGITS = b"0123456789"


def long_number(text: bytes) -> bool:
    """Whether `text` holds sixteen digits in a row. Most events hold fewer than sixteen
    digits in all, which counting them (deleting them, in C) tells seven times faster
    than the search."""
    digits = len(text) - len(text.translate(None, _DIGITS))
    return digits >= 16 and _LONG_NUMBER.search(text) is not None


def chain_hash(previous: str, data: str | bytes | msgspec.Raw) -> str:
    """The next link of a game's hash chain, over an event's JSON as stored."""
    return hashlib.sha256(previous.encode() + canonical_json(data)).hexdigest()

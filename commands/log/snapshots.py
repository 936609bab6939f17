"""Snapshots of a game's table, so a cold load folds only the events after the snapshot.

A snapshot holds the table at one version between two commands (msgpack of the table Struct,
with the class name of the game's phase, since the phases of a game are plain Structs),
the link of the hash chain at that version, and `schema`: a fingerprint of the code that
made it. The fingerprint covers the table's and the game's Struct types and the source of
the game's package and of the table, so a snapshot written by other code (a new field, a
changed rule) is never restored: the game is folded from its events instead, and a fresh
snapshot is taken later. Snapshots are taken off the write path (`infra.reading.snapshot_taker`);
the log stays the only truth, and a snapshot can always be thrown away.
"""

import hashlib
import inspect
from functools import cache
from importlib import resources
from typing import Any

import msgspec

from commands.log.registry import GAMES, game_rules
from commands.log.store import Snapshot
from domain import table
from domain.decider import AnyRules, phases
from domain.table import AnyTable

FORMAT = "1"
"""The layout of a snapshot itself; a new layout makes every older snapshot unused."""


def take(rules: AnyRules, state: AnyTable, last_hash: str) -> Snapshot:
    """A snapshot of `state`, which must stand between two commands."""
    phase = "" if state.game is None else type(state.game).__name__
    data = msgspec.msgpack.encode(state)
    return Snapshot(state.version, schema(rules.kind), last_hash, phase, data)


def restore(rules: AnyRules, snapshot: Snapshot) -> AnyTable | None:
    """The table a snapshot holds, or None when other code made it (or it does not decode)."""
    if snapshot.schema != schema(rules.kind):
        return None
    decoder = _decoder(rules.kind, snapshot.phase)
    if decoder is None:
        return None
    try:
        state: AnyTable = decoder.decode(snapshot.state)
    except msgspec.DecodeError:
        return None
    return state if state.version == snapshot.version else None


@cache
def schema(kind: str) -> str:
    """The fingerprint of the code that snapshots of this kind depend on."""
    rules = game_rules(kind)
    digest = hashlib.sha256(f"{FORMAT}:{kind}".encode())
    for phase in phases(rules).values():
        schema_of = msgspec.json.schema(_table_of(rules, phase))
        digest.update(msgspec.json.encode(schema_of, order="sorted"))
    digest.update(inspect.getsource(table).encode())
    package = resources.files(rules.evolve.__module__.rpartition(".")[0])
    for source in sorted(package.iterdir(), key=lambda each: each.name):
        if source.name.endswith(".py"):
            digest.update(source.read_bytes())
    return digest.hexdigest()


@cache
def _decoder(kind: str, phase: str) -> msgspec.msgpack.Decoder[Any] | None:
    rules = game_rules(kind)
    known = phases(rules)
    if phase and phase not in known:
        return None
    return msgspec.msgpack.Decoder(_table_of(rules, known[phase] if phase else None))


def _table_of(rules: AnyRules, phase: type | None) -> Any:
    """The table type of a kind whose game is in `phase` (None: not started)."""
    generic: Any = table.Table
    return generic[rules.Options, phase]


@cache
def current_schemas() -> frozenset[str]:
    """The schema of every hosted kind's snapshots, as this code writes them."""
    return frozenset(schema(kind) for kind in GAMES)

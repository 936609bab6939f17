"""A game log read for an audit: each record's event decoded (or why it is not), the seed.

Nothing in the log is trusted: an event that does not decode, or whose type column disagrees
with its JSON, is kept as a problem for the audit to report instead of an exception.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from commands.log import codec
from commands.log.published import LogRecord, kind_of
from commands.log.registry import game_rules
from domain import table
from domain.decider import AnyRules

COMMITMENT = "seed_commitment"
CHANCE = "chance"
CHAIN = "hash_chain"
COMMANDS = "commands"
STANDINGS = "standings"
CHECKS = (COMMITMENT, CHANCE, CHAIN, COMMANDS, STANDINGS)
"""Every game's checks, in the order a report lists them."""
SOURCE = "source_link"
"""A sandbox's sixth check, listed after the others (`commands.audit.forked`)."""


class Failure(msgspec.Struct, frozen=True):
    """Why a check fails, at the version it fails (None when no one event is to blame)."""

    check: str
    version: int | None
    reason: str


@dataclass(slots=True)
class Outcome:
    """One check's result: its failures in log order, or what it verified."""

    name: str
    verified: str = ""
    failures: list[Failure] = field(default_factory=list)

    def fail(self, version: int | None, reason: str) -> None:
        self.failures.append(Failure(self.name, version, reason))


@dataclass(frozen=True, slots=True)
class Evidence:
    rules: AnyRules
    records: Sequence[LogRecord]
    events: list[Any | None]
    """Each record's event, None where it does not decode."""
    problems: dict[int, str]
    """Why a record (by index) cannot be taken as it is."""
    created: table.TableCreated | table.TableForked | None
    """The event the log opens with: `table.created`, or `table.forked` at a sandbox."""
    revealed: list[tuple[int, table.SeedRevealed]]
    """Every seed reveal, with its version."""
    source: Sequence[LogRecord] = ()
    """A sandbox's source's published log, when the audit was given it."""

    @property
    def forked(self) -> table.TableForked | None:
        """The event a sandbox's log opens with (None: the log is no sandbox's)."""
        return self.created if isinstance(self.created, table.TableForked) else None

    @property
    def seed(self) -> bytes | None:
        """The revealed secret seed, when there is exactly one and it is hex."""
        if len(self.revealed) != 1:
            return None
        try:
            return bytes.fromhex(self.revealed[0][1].seed)
        except ValueError:
            return None


def read(records: Sequence[LogRecord], source: Sequence[LogRecord] = ()) -> Evidence:
    """Decode a game's records (and, for a sandbox, its `source`'s log); raises
    `malformed_log` when it is not a game log at all."""
    rules = game_rules(kind_of(records))
    events: list[Any | None] = []
    problems: dict[int, str] = {}
    for index, each in enumerate(records):
        try:
            event = codec.decode_event(rules.kind, each)
        except msgspec.DecodeError as error:
            events.append(None)
            problems[index] = f"not an event of {rules.kind}: {error}"
            continue
        events.append(event)
        if codec.tag_of(event) != each.type:
            problems[index] = f"its type says {each.type}, its data is {codec.tag_of(event)}"
    opening = (table.TableCreated, table.TableForked)
    created = events[0] if isinstance(events[0], opening) else None
    revealed = [
        (each.version, event)
        for each, event in zip(records, events, strict=True)
        if isinstance(event, table.SeedRevealed)
    ]
    return Evidence(rules, records, events, problems, created, revealed, source)

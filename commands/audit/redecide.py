"""Checks 2 and 4 of the audit: every recorded command, decided again, yields its events.

The log is walked command by command. Each command is decided again against the table
folded from the recorded events before it, with the context the handler gave it: the seat
and time in its metadata, and chance from the revealed seed, the seats' entropy so far and
the version before the command. A decision that drew on chance and differs is blamed on
chance (check 2); any other difference, a refusal, or an event no command produced is
blamed on the commands (check 4). The walk goes on with the recorded events, so one bad
event does not hide later ones.
"""

from collections.abc import Sequence
from datetime import datetime
from itertools import zip_longest
from typing import Any

import msgspec

from commands.audit import forked
from commands.audit.evidence import CHANCE, COMMANDS, Evidence, Outcome
from commands.log import codec
from commands.log.published import LogRecord
from domain import table
from domain.chance import ALGORITHM, Chance
from domain.decider import Context
from domain.errors import DomainError
from domain.narration import counted


class CountingChance(Chance):
    """Chance that counts its draws, to tell a chance decision from a plain one."""

    def __init__(self, seed: bytes, label: int | str) -> None:
        super().__init__(seed, label)
        self.draws = 0

    def below(self, n: int) -> int:
        self.draws += 1
        return super().below(n)


def command_groups(records: Sequence[LogRecord]) -> list[list[int]]:
    """Record indexes by command: a recorded command starts a group, its events follow."""
    groups: list[list[int]] = []
    for index, each in enumerate(records):
        same_command = bool(groups) and each.metadata.get("command_id") == (
            records[groups[-1][0]].metadata.get("command_id")
        )
        if same_command and "command" not in each.metadata:
            groups[-1].append(index)
        else:
            groups.append([index])
    return groups


class Redecision:
    """One walk through the log, collecting checks 2 and 4."""

    def __init__(self, evidence: Evidence, seed: bytes) -> None:
        self.evidence = evidence
        self.seed = seed
        self.state = table.AnyTable()
        self.chance = Outcome(CHANCE)
        self.commands = Outcome(COMMANDS)
        self.decided = self.draws = self.drawing = 0
        self.before_end: table.AnyTable | None = None
        """The table folded up to the first `table.game_finished`, once the walk got there."""

    def walk(self) -> tuple[Outcome, Outcome]:
        for group in command_groups(self.evidence.records):
            if not self.step(group):
                break
        draws, decisions = counted(self.draws, "draw"), counted(self.drawing, "decision")
        self.chance.verified = f"{draws} in {decisions} recompute from the seed"
        commands = counted(self.decided, "command")
        events = counted(self.state.version, "event")
        self.commands.verified = f"{commands}, decided again, yield the {events}"
        return self.chance, self.commands

    def step(self, group: list[int]) -> bool:
        """Check one command and fold its recorded events; False when the walk must stop."""
        first = self.evidence.records[group[0]]
        recorded = [self.evidence.events[index] for index in group]
        if None in recorded:
            broken = self.evidence.records[group[recorded.index(None)]].version
            self.commands.fail(broken, "the log cannot be replayed past an unreadable event")
            return False
        if "command" in first.metadata:
            after = self.check(group, recorded)
            if after is not None and self.before_end is None and not self._ends(recorded):
                self.state = after  # the rules' own fold of the very events recorded
                return True
        else:
            self.commands.fail(first.version, "no recorded command produced this event")
        return self.fold(group, recorded)

    @staticmethod
    def _ends(recorded: list[Any]) -> bool:
        return table.GameFinished in map(type, recorded)

    def fold(self, group: list[int], recorded: list[Any]) -> bool:
        for index, event in zip(group, recorded, strict=True):
            if self.before_end is None and isinstance(event, table.GameFinished):
                self.before_end = self.state
            try:
                self.state = table.evolve(self.evidence.rules, self.state, event)
            except Exception as error:  # a tampered log may break a game's fold in any way
                version = self.evidence.records[index].version
                self.commands.fail(version, f"the event does not apply: {error!r}")
                return False
        return True

    def check(self, group: list[int], recorded: list[Any]) -> table.AnyTable | None:
        """Decide the recorded command again and compare; the table after its events when
        they are the recorded ones."""
        first = self.evidence.records[group[0]]
        try:
            command, seat, at = _recorded_command(self.evidence.rules.kind, first)
        except (msgspec.DecodeError, KeyError, TypeError, ValueError) as error:
            self.commands.fail(first.version, f"the recorded command cannot be read: {error}")
            return None
        if isinstance(command, table.ForkTable) and not self.evidence.source:
            return None  # a sandbox's opening is decided from its source's log: `source_link`
        ctx = table.decision_context(self.state, seat, at, self.seed, CountingChance)
        chance = ctx.chance
        assert isinstance(chance, CountingChance)
        try:
            events, after = self.decide(command, ctx)
        except DomainError as error:
            self.commands.fail(first.version, f"{_tag(command)} is refused ({error.code}): {error}")
            return None
        except Exception as error:  # a tampered state may break a game's decide in any way
            self.commands.fail(first.version, f"deciding {_tag(command)} fails: {error!r}")
            return None
        self.count(chance)
        return after if self.compare(group, events, recorded, chance.draws > 0) else None

    def decide(self, command: Any, ctx: Context) -> tuple[tuple[Any, ...], table.AnyTable | None]:
        """A command's events decided again, with the table after them; a sandbox's opening
        against its source, with no table (its recorded events are folded)."""
        if isinstance(command, table.ForkTable):
            return forked.opening(self.evidence, command, ctx), None
        return table.decided(self.evidence.rules, self.state, command, ctx)

    def count(self, chance: CountingChance) -> None:
        self.decided += 1
        self.draws += chance.draws
        self.drawing += chance.draws > 0

    def compare(
        self, group: list[int], decided: Sequence[Any], recorded: Sequence[Any], drew: bool
    ) -> bool:
        """Whether the decided events are the recorded ones; fail the check where not."""
        difference = first_difference(decided, recorded)
        if difference is None:
            return True
        index, reason = difference
        records = self.evidence.records
        version = records[group[index]].version if index < len(group) else None
        if version is None:
            version = records[group[-1]].version + 1
        (self.chance if drew else self.commands).fail(version, reason)
        return False


def redecide(evidence: Evidence) -> tuple[Outcome, Outcome, table.AnyTable | None]:
    """Checks 2 (chance) and 4 (commands), which both need the revealed seed, and the table
    folded up to the end of the game when the walk got there (the standings check's state)."""
    seed = evidence.seed
    if seed is None:
        chance, commands = Outcome(CHANCE), Outcome(COMMANDS)
        for outcome in (chance, commands):
            outcome.fail(None, "without the revealed seed no decision can be made again")
        return chance, commands, None
    walk = Redecision(evidence, seed)
    chance, commands = walk.walk()
    if evidence.created is not None and evidence.created.algorithm != ALGORITHM:
        chance.fail(1, f"unknown chance algorithm {evidence.created.algorithm!r}")
    return chance, commands, walk.before_end


def first_difference(decided: Sequence[Any], recorded: Sequence[Any]) -> tuple[int, str] | None:
    """Where the recorded events first differ from the decided ones, and how."""
    for index, (ours, theirs) in enumerate(zip_longest(decided, recorded)):
        if theirs is None:
            return index, f"the command also yields {_tag(ours)}, which is missing"
        if ours is None:
            return index, f"{_tag(theirs)} is not among the events the command yields"
        if ours != theirs and codec.canonical(ours) != codec.canonical(theirs):
            return index, _difference(ours, theirs)
    return None


def _difference(ours: Any, theirs: Any) -> str:
    if type(ours) is not type(theirs):
        return f"recorded {_tag(theirs)} where the rules yield {_tag(ours)}"
    fields = [
        name
        for name in ours.__struct_fields__
        if codec.canonical(_field(ours, name)) != codec.canonical(_field(theirs, name))
    ]
    return f"{_tag(theirs)}: {', '.join(fields)} differ from what the rules yield"


def _field(event: Any, name: str) -> Any:
    """A field's value to compare; one left out (`msgspec.UNSET`) compares as null."""
    value = getattr(event, name)
    return None if isinstance(value, msgspec.UnsetType) else value


def _recorded_command(kind: str, first: LogRecord) -> tuple[Any, int | None, datetime]:
    metadata = first.metadata
    command = codec.recorded_command(kind, metadata["command"])
    seat = metadata.get("seat")
    if seat is not None and type(seat) is not int:
        raise TypeError(f"the seat {seat!r} is no seat number")
    return command, seat, datetime.fromisoformat(metadata["at"])


def _tag(value: Any) -> str:
    return codec.tag_of(value) if isinstance(value, msgspec.Struct) else type(value).__name__

"""The audit of a sandbox (`domain.table.sandbox`): check 6, and its opening decided again.

A sandbox's log opens with `table.forked`, naming the source game, the version it was
forked at and the source's hash-chain link there. ``source_link`` checks that link against
the source's published log: the source's own chain, computed again from its first event up
to that version, ends in the link. The opening itself is decided again (check 4) from the
source's events and the sandbox's revealed seed, so the state it carries is the source's
then, with only the cards no seat could see dealt anew.
"""

from collections.abc import Sequence
from typing import Any

from commands.audit.evidence import SOURCE, Evidence, Outcome
from commands.log import codec
from commands.log.published import LogRecord
from domain import table
from domain.decider import Context


def source_link(evidence: Evidence) -> Outcome | None:
    """Check 6, at a sandbox alone (None elsewhere)."""
    forked = evidence.forked
    if forked is None:
        return None
    at, source = forked.sandbox.at, forked.sandbox.source
    outcome = Outcome(SOURCE, f"the link at version {at} of game {source} is its chain's")
    records = evidence.source
    if not records:
        outcome.fail(1, f"the log of game {source} is needed to check the sandbox's source")
    elif records[0].game_id != source:
        outcome.fail(1, f"the source's log given is game {records[0].game_id}'s, not {source}'s")
    elif not 1 <= at <= len(records):
        outcome.fail(1, f"game {source} has no version {at}")
    elif _chain(records[:at]) != forked.sandbox.link:
        outcome.fail(1, f"the link is not game {source}'s chain at version {at}")
    return outcome


def opening(evidence: Evidence, command: table.ForkTable, ctx: Context) -> tuple[Any, ...]:
    """The sandbox's opening, decided again against the source's log (refused without it)."""
    records = evidence.source
    events = codec.decode_events(evidence.rules.kind, records)
    chosen = records[command.at - 1] if 1 <= command.at <= len(records) else None
    between = chosen is None or bool(chosen.metadata.get("ends_command", True))
    return table.fork(evidence.rules, events, between, command, ctx)


def _chain(records: Sequence[LogRecord]) -> str:
    link = ""
    for each in records:
        link = codec.chain_hash(link, each.data)
    return link

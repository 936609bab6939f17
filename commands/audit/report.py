"""The audit of a finished game, from its published log alone (no secret, no database).

Five checks, each reported with what it verified or why it fails:

1. ``seed_commitment``: the revealed seed hashes to the commitment in ``table.created``;
2. ``chance``: every decision that drew on chance, made again from the seed, gives the
   recorded events (the shuffles and random picks recompute);
3. ``hash_chain``: versions run 1, 2, 3... and each event's metadata hash links it to the
   one before (``commands.log.codec.chain_hash``: SHA-256 of the previous link and the RFC 8785
   canonical form of the event's JSON as published, so it holds whatever the event classes
   look like today);
4. ``commands``: every recorded command, decided again against the state before it, gives
   exactly its recorded events; an event that no command produced is named;
5. ``standings``: the recorded standings are the outcome of the final state, and nothing
   but the seed reveal (and the link to a rematch) follows them;
6. ``source_link``, at a sandbox alone (`commands.audit.forked`): the link its log opens
   with is the source's chain at the version it was forked at, and (check 4) its opening
   decided again from the source's log gives the state it carries.

``first_failure`` names the commitment when it fails, since every recomputation rests on the
seed; otherwise the failure at the earliest version, ties going to the check listed first.
"""

from collections.abc import Sequence

import msgspec

from commands.audit.evidence import (
    CHAIN,
    CHECKS,
    COMMITMENT,
    SOURCE,
    STANDINGS,
    Evidence,
    Failure,
    Outcome,
    read,
)
from commands.audit.forked import source_link
from commands.audit.redecide import redecide
from commands.log import codec
from commands.log.published import LogRecord
from domain import table
from domain.chance import commitment


class CheckReport(msgspec.Struct, frozen=True):
    name: str
    ok: bool
    detail: str


class AuditReport(msgspec.Struct, frozen=True):
    ok: bool
    checks: list[CheckReport]
    first_failure: Failure | None


def audit(records: Sequence[LogRecord], source: Sequence[LogRecord] = ()) -> AuditReport:
    """Check a game's log (a sandbox's with its `source`'s); raises `malformed_log` when it
    is no game log at all."""
    evidence = read(records, source)
    chance, commands, before_end = redecide(evidence)
    outcomes = [seed_commitment(evidence), chance, hash_chain(evidence), commands]
    outcomes.append(standings(evidence, before_end))
    if (linked := source_link(evidence)) is not None:
        outcomes.append(linked)
    failures = [failure for outcome in outcomes for failure in outcome.failures]
    return AuditReport(not failures, [_report(o) for o in outcomes], first_failure(failures))


def seed_commitment(evidence: Evidence) -> Outcome:
    outcome = Outcome(COMMITMENT, "SHA-256 of the revealed seed is the commitment at creation")
    if evidence.created is None:
        outcome.fail(1, "the log does not begin with table.created (or table.forked)")
    if not evidence.revealed:
        outcome.fail(None, "the seed has not been revealed")
    for version, _ in evidence.revealed[1:]:
        outcome.fail(version, "the seed is revealed again")
    if not evidence.revealed or evidence.created is None:
        return outcome
    version, revealed = evidence.revealed[0]
    seed = evidence.seed
    if seed is None:
        outcome.fail(version, "the revealed seed is not hexadecimal")
    elif commitment(seed) != evidence.created.commitment:
        outcome.fail(
            version,
            f"SHA-256 of the revealed seed {revealed.seed[:12]}... is "
            f"{commitment(seed)[:12]}..., not the commitment "
            f"{evidence.created.commitment[:12]}...",
        )
    return outcome


def hash_chain(evidence: Evidence) -> Outcome:
    records = evidence.records
    outcome = Outcome(CHAIN, f"versions 1 to {len(records)}, each linked to the one before")
    previous = ""
    for index, (each, event) in enumerate(zip(records, evidence.events, strict=True)):
        if each.version != index + 1:
            outcome.fail(each.version, f"version {index + 1} was expected here")
        if index in evidence.problems:
            outcome.fail(each.version, evidence.problems[index])
        link = each.metadata.get("hash")
        if event is not None and link != codec.chain_hash(previous, each.data):
            outcome.fail(each.version, "its hash does not link it to the event before")
        previous = link if isinstance(link, str) else ""
    return outcome


def standings(evidence: Evidence, before_end: table.AnyTable | None = None) -> Outcome:
    """Check 5; `before_end` is the table folded up to the end when the caller has it."""
    outcome = Outcome(STANDINGS)
    events = evidence.events
    ends = [i for i, event in enumerate(events) if isinstance(event, table.GameFinished)]
    if not ends:
        outcome.fail(None, "the game has not finished")
        return outcome
    end = ends[0]
    version = evidence.records[end].version
    outcome.verified = f"the standings at version {version} are the final state's outcome"
    for index in range(end + 1, len(events)):
        if not isinstance(events[index], table.SeedRevealed | table.RematchOpened):
            outcome.fail(evidence.records[index].version, "an event follows the end of the game")
    reason = _standings_problem(evidence, end, before_end)
    if reason:
        outcome.fail(version, reason)
    return outcome


def first_failure(failures: Sequence[Failure]) -> Failure | None:
    for failure in failures:
        if failure.check == COMMITMENT:
            return failure
    order = {name: rank for rank, name in enumerate((*CHECKS, SOURCE))}
    return min(
        failures,
        key=lambda f: (f.version is None, f.version or 0, order[f.check]),
        default=None,
    )


def _standings_problem(evidence: Evidence, end: int, before_end: table.AnyTable | None) -> str:
    before = evidence.events[:end]
    if None in before:
        return "the log cannot be folded past an unreadable event"
    rules = evidence.rules
    try:
        game = (before_end or table.fold(rules, before)).game
        if game is None or not rules.is_terminal(game):
            return "the game was not over when its standings were recorded"
        expected = tuple(rules.outcome(game))
    except Exception as error:  # a tampered log may break a game's fold in any way
        return f"the log cannot be folded: {error!r}"
    finished = evidence.events[end]
    assert isinstance(finished, table.GameFinished)
    if finished.standings != expected:
        shown = codec.encode(expected).decode()
        return f"the final state's standings are {shown}"
    return ""


def _report(outcome: Outcome) -> CheckReport:
    if not outcome.failures:
        return CheckReport(outcome.name, True, outcome.verified)
    first = outcome.failures[0]
    where = f"version {first.version}: " if first.version is not None else ""
    more = len(outcome.failures) - 1
    suffix = f" ({more} more failure{'s' * (more > 1)})" if more else ""
    return CheckReport(outcome.name, False, f"{where}{first.reason}{suffix}")

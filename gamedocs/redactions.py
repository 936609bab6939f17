"""The game pages' account of hidden information: what each audience (the seat an event names,
other seats, spectators) received of every event of the sample games."""

import msgspec

from commands.log.codec import tag_of
from domain.decider import SPECTATOR, AnyRules
from gamedocs.samples import Redaction, Samples, redactions
from gamedocs.structs import (
    struct_fields,
    struct_members,
)

Observed = dict[str, dict[str, list[Redaction]]]
"""Per event tag met, per audience (the seat the event names, other seats, spectators),
what each received of every recorded event of that tag."""


AUDIENCES = ("own", "other", "spectator")


HIDDEN_INFORMATION = """\
Every card a viewer must not see is left out of what the service sends that viewer:

- A seat's view (`GET /games/{id}` with its token) shows its own hand and the public table;
  a spectator's view (no token) shows the public table only. Other hands appear as counts.
- Events (`GET /games/{id}/events`, `GET /games/{id}/live`, and the events a command answers)
  are redacted per viewer the same way: a field holding cards the viewer may not see is
  emptied, and an event that would show the viewer nothing is not sent at all.
- Once a game is finished, every view and every event shows everything to everyone, and the
  full log with the revealed seed is published (`GET /games/{id}/log`)."""


def observe(rules: AnyRules, samples: Samples) -> Observed:
    """What every audience received of every game event of the sample games."""
    observed: Observed = {}
    for tag, recorded in samples.events.items():
        seen: dict[str, list[Redaction]] = {audience: [] for audience in AUDIENCES}
        for event in recorded:
            named = getattr(event, "seat", None)
            for viewer, redaction in redactions(rules, event, samples.seats).items():
                seen[audience_of(viewer, named)].append(redaction)
        observed[tag] = seen
    return observed


def hidden_section(rules: AnyRules, observed: Observed) -> list[str]:
    lines = ["## Hidden information", "", HIDDEN_INFORMATION, ""]
    lines += [f"What each viewer received of the {rules.title} events of the sample games"]
    lines += ["while they were live (the table events are never redacted). A redacted field is"]
    lines += ["emptied of what that viewer may not see: a seat keeps its own cards.", ""]
    lines += ["| event | the seat it names | other seats | spectators |", "|---|---|---|---|"]
    for event in struct_members(rules.Event):
        lines.append(_redaction_row(event, observed.get(tag_of(event))))
    return [*lines, ""]


def _redaction_row(event: type[msgspec.Struct], seen: dict[str, list[Redaction]] | None) -> str:
    tag = tag_of(event)
    if seen is None:
        return f"| `{tag}` | not met in the sample games | | |"
    own, other, spectator = (_summary(seen[audience]) for audience in AUDIENCES)
    if not any(field.name == "seat" for field in struct_fields(event)):
        own, other = "(names no seat)", f"every seat: {other}"
    return f"| `{tag}` | {own or '(named no seat)'} | {other} | {spectator} |"


def audience_of(viewer: int, named: object) -> str:
    if viewer == SPECTATOR:
        return "spectator"
    return "own" if viewer == named else "other"


def _summary(seen: list[Redaction]) -> str:
    """How one audience received an event: the fields ever redacted, or in full, or not."""
    changed = {name: None for redaction in seen for name in redaction.changed}
    replaced = {tag_of(r.replacement): None for r in seen if r.replacement is not None}
    parts = [", ".join(f"`{name}`" for name in changed) + " redacted"] if changed else []
    parts += [f"sent as `{tag}`" for tag in replaced]
    parts += ["not sent"] if any(redaction.reach == "removed" for redaction in seen) else []
    if not changed and any(redaction.reach == "full" for redaction in seen):
        parts.append("in full")
    return " or ".join(parts)

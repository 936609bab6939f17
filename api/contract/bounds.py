"""The bounds the domain checks on the text and numbers of a request (a seat's name and
entropy, a handle, a table's seats), written into the request bodies' components, so that the
contract is as strict as the server: what the document allows the server may still refuse
for a reason no schema says (a name that is only spaces, a seat count outside one kind's
range), but what it forbids the server refuses.

The domain refuses these with its own codes (`invalid_name`, `invalid_handle`,
`invalid_seats`, ...), so they stay checks of the domain rather than of the decoder.
"""

from typing import Any

from commands.log.registry import GAMES
from domain import players, table

NO_CONTROLS = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$"
"""Text without control characters (what `domain.table.printable` refuses, lone surrogates
aside, which no pattern spells portably)."""
HANDLE = "^[^\\u0000-\\u001f\\u007f-\\u009f/]+$"
"""A handle: no control character and no `/`."""
NAME = {"maxLength": table.MAX_NAME, "pattern": NO_CONTROLS}
ENTROPY = {"maxLength": table.MAX_ENTROPY, "pattern": NO_CONTROLS}
HANDLE_TEXT = {"minLength": 1, "maxLength": players.MAX_HANDLE, "pattern": HANDLE}


def _seats() -> dict[str, int]:
    return {
        "minimum": min(rules.min_seats for rules in GAMES.values()),
        "maximum": max(rules.max_seats for rules in GAMES.values()),
    }


def bounded(schemas: dict[str, Any]) -> None:
    """Write the domain's bounds into the request bodies' components, in place."""
    fields = {
        ("TakeSeatRequest", "name"): NAME,
        ("TakeSeatRequest", "entropy"): ENTROPY,
        ("QuickPlayRequest", "name"): NAME,
        ("QuickPlayRequest", "entropy"): ENTROPY,
        ("QuickPlayRequest", "seats"): _seats(),
        ("ChallengeRequest", "challenged"): HANDLE_TEXT,
        ("ChallengeRequest", "seats"): {**_seats(), "minimum": 2},
        ("RegisterPlayer", "handle"): HANDLE_TEXT,
    }
    for (component, field), bounds in fields.items():
        schema = schemas[component]["properties"][field]
        for each in (schema, *schema.get("anyOf", [])):
            if each.get("type") in ("string", "integer"):
                each.update(bounds)

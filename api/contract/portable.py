"""What makes the published document usable as it is by the tools a client's author reaches
for (client generators, schema-driven testers, validators), without making it looser than
the server:

- no `title` on a schema: a generator names a component by its name, and the titles msgspec
  writes (`Card` in every kind) collide across the kinds;
- a fixed-length tuple as an array of its items' one schema (or their union) with as many
  items as the tuple, not `prefixItems` with `items: false`, which common generators refuse;
- every bound that is a whole number written as an integer (`200`, not `200.0`);
- the closed sets the server checks as enums: the kinds, wherever a kind is named, and the
  bots' strategies, wherever a bot is named.

`docs/decisions/0024-a-contract-tools-use-as-it-is.md` says why each is so.
"""

from collections.abc import Iterator
from typing import Any

from commands.log.registry import GAMES
from commands.workers.strategies import strategies

BOUNDS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")
KIND_NAMES = ("kind",)
BOT_NAMES = ("bot",)


def make_portable(document: dict[str, Any]) -> None:
    """Rewrite the document in place as the module's docstring says."""
    kinds = sorted(GAMES)
    bots = sorted({name for kind in GAMES for name in strategies(kind)})
    for schema in _schemas(document):
        if isinstance(schema.get("title"), str):  # not a property named `title`
            del schema["title"]
        _tuple_as_array(schema)
        for bound in BOUNDS:
            if isinstance(schema.get(bound), float) and schema[bound].is_integer():
                schema[bound] = int(schema[bound])
        for name, field in schema.get("properties", {}).items():
            if name in KIND_NAMES:
                _closed(field, kinds)
            if name in BOT_NAMES:
                _closed(field, bots)
    for item in document["paths"].values():
        for operation in item.values():
            for parameter in operation.get("parameters", []):
                if parameter["name"] in KIND_NAMES:
                    _closed(parameter["schema"], kinds)


def _schemas(value: Any) -> Iterator[dict[str, Any]]:
    """Every schema object in the document (and a few dicts that merely look like one,
    which have none of the keys rewritten)."""
    if isinstance(value, dict):
        if "type" in value or "$ref" in value or "anyOf" in value or "oneOf" in value:
            yield value
        for key, inner in value.items():
            if key not in ("examples", "example"):
                yield from _schemas(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _schemas(inner)


def _tuple_as_array(schema: dict[str, Any]) -> None:
    items = schema.pop("prefixItems", None)
    if items is None:
        return
    distinct = [each for n, each in enumerate(items) if each not in items[:n]]
    schema["items"] = distinct[0] if len(distinct) == 1 else {"anyOf": distinct}
    schema["minItems"] = schema["maxItems"] = len(items)


def _closed(schema: dict[str, Any], names: list[str]) -> None:
    """`schema`, a string (or a string or null) not closed already, as an enum of `names`."""
    for each in (schema, *schema.get("anyOf", [])):
        if each.get("type") == "string" and "enum" not in each:
            each["enum"] = names

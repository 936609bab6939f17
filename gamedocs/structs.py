"""Structs described for people who write clients: JSON types, defaults, docstrings, examples.

Types are read with `msgspec.inspect`, so they are exactly what the service encodes and
accepts. Field docstrings (a string right after a field) are read from the class source.
"""

import ast
import inspect
import json
import textwrap
from collections.abc import Iterable, Iterator
from typing import Any

import msgspec
from msgspec import inspect as mi

from commands.log.codec import tag_of

WIDTH = 96
"""JSON examples keep an array or object on one line while it fits in this many columns."""


def struct_members(union: Any) -> tuple[type[msgspec.Struct], ...]:
    """The Struct classes of a tagged union (or of a single Struct), in declaration order."""
    info = mi.type_info(union)
    members = info.types if isinstance(info, mi.UnionType) else (info,)
    return tuple(member.cls for member in members if isinstance(member, mi.StructType))


def struct_fields(cls: type[msgspec.Struct]) -> tuple[mi.Field, ...]:
    info = mi.type_info(cls)
    assert isinstance(info, mi.StructType), f"{cls.__name__} is not a Struct"
    return info.fields


def docstring(obj: Any) -> str:
    """The object's own docstring (not msgspec's inherited one), cleaned, or ''."""
    doc = vars(obj).get("__doc__") if isinstance(obj, type) else getattr(obj, "__doc__", None)
    return inspect.cleandoc(doc) if isinstance(doc, str) else ""


def field_docs(cls: type) -> dict[str, str]:
    """Each field's docstring: the string literal written right after the field."""
    try:
        source = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):
        return {}
    body = ast.parse(source).body[0]
    if not isinstance(body, ast.ClassDef):
        return {}
    docs = {}
    for current, following in zip(body.body, body.body[1:], strict=False):
        if isinstance(current, ast.AnnAssign) and isinstance(current.target, ast.Name):
            text = _string_literal(following)
            if text is not None:
                docs[current.target.id] = " ".join(inspect.cleandoc(text).split())
    return docs


def _string_literal(node: ast.stmt) -> str | None:
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
        value = node.value.value
        return value if isinstance(value, str) else None
    return None


def type_name(info: mi.Type) -> str:
    """A JSON type in words, Markdown-table safe (no `|`)."""
    match info:
        case mi.StructType() if info.cls is msgspec.Struct:
            return "object"
        case mi.StructType():
            return f"`{info.cls.__name__}`"
        case mi.UnionType():
            return " or ".join(type_name(member) for member in info.types)
        case mi.LiteralType():
            return "one of " + ", ".join(f"`{json.dumps(value)}`" for value in info.values)
        case mi.EnumType():
            values = (json.dumps(member.value) for member in info.cls)
            return "one of " + ", ".join(f"`{value}`" for value in values)
        case mi.TupleType():
            return "[" + ", ".join(_part(item) for item in info.item_types) + "]"
        case mi.VarTupleType() | mi.ListType() | mi.SetType() | mi.FrozenSetType():
            return _constrained(f"array of {_part(info.item_type)}", info)
        case mi.DictType():
            return f"object of {_part(info.key_type)} to {_part(info.value_type)}"
    return _constrained(_SCALARS.get(type(info), type(info).__name__), info)


def _part(info: mi.Type) -> str:
    """A type inside another, in parentheses when its words could be read as the outer's."""
    name = type_name(info)
    return f"({name})" if name.startswith("one of") or " or " in _outside_brackets(name) else name


def _outside_brackets(name: str) -> str:
    """The text of a type name outside any parentheses or brackets."""
    depth, kept = 0, []
    for char in name:
        depth += char in "(["
        if depth == 0:
            kept.append(char)
        depth -= char in ")]"
    return "".join(kept)


_SCALARS: dict[type, str] = {
    mi.IntType: "integer",
    mi.FloatType: "number",
    mi.StrType: "string",
    mi.BoolType: "boolean",
    mi.NoneType: "null",
    mi.AnyType: "any JSON",
}
_BOUNDS = (("ge", ">="), ("gt", ">"), ("le", "<="), ("lt", "<"), ("multiple_of", "multiple of"))
_LENGTHS = (("min_length", "at least {} long"), ("max_length", "at most {} long"))


def _constrained(name: str, info: mi.Type) -> str:
    limits = [f"{word} {getattr(info, key)}" for key, word in _BOUNDS if _has(info, key)]
    limits += [text.format(getattr(info, key)) for key, text in _LENGTHS if _has(info, key)]
    return f"{name} ({', '.join(limits)})" if limits else name


def _has(info: mi.Type, key: str) -> bool:
    return getattr(info, key, None) is not None


def default_text(field: mi.Field) -> str:
    """The default as JSON, or 'required'."""
    if field.default is not msgspec.NODEFAULT:
        return f"`{json_text(field.default)}`"
    if field.default_factory is not msgspec.NODEFAULT:
        return f"`{json_text(field.default_factory())}`"
    return "required"


def field_table(cls: type[msgspec.Struct]) -> list[str]:
    """A Markdown table of the Struct's fields (with their docstrings when any has one), or
    a sentence when it has none."""
    fields = struct_fields(cls)
    if not fields:
        return ["No fields."]
    docs = field_docs(cls)
    columns = ["field", "type", "default", *(["meaning"] if docs else [])]
    rows = [_row(columns), _row(["---"] * len(columns))]
    for field in fields:
        cells = [f"`{field.encode_name}`", type_name(field.type), default_text(field)]
        meaning = [docs.get(field.name, "").replace("|", "\\|")] if docs else []
        rows.append(_row([*cells, *meaning]))
    return rows


def _row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def nested_structs(roots: Iterable[type[msgspec.Struct]]) -> list[type[msgspec.Struct]]:
    """Every Struct the roots' fields refer to, at any depth, the roots excluded, by name."""
    roots = tuple(roots)
    found: dict[type, None] = {}
    for root in roots:
        for field in struct_fields(root):
            for cls in _structs_in(field.type):
                _collect(cls, found)
    return sorted((cls for cls in found if cls not in roots), key=lambda cls: cls.__name__)


def _collect(cls: type[msgspec.Struct], found: dict[type, None]) -> None:
    if cls in found:
        return
    found[cls] = None
    for field in struct_fields(cls):
        for inner in _structs_in(field.type):
            _collect(inner, found)


def _structs_in(info: mi.Type) -> Iterator[type[msgspec.Struct]]:
    if isinstance(info, mi.StructType):
        yield info.cls
        return
    for name in ("types", "item_types"):
        for inner in getattr(info, name, ()):
            yield from _structs_in(inner)
    for name in ("item_type", "key_type", "value_type"):
        inner = getattr(info, name, None)
        if isinstance(inner, mi.Type):
            yield from _structs_in(inner)


def schema_example(cls: type[msgspec.Struct]) -> dict[str, Any]:
    """A body of this Struct built from its types alone: defaults, else the least value."""
    example: dict[str, Any] = {}
    if isinstance(cls.__struct_config__.tag_field, str):
        example[cls.__struct_config__.tag_field] = tag_of(cls)
    for field in struct_fields(cls):
        example[field.encode_name] = _field_example(field)
    return example


def _field_example(field: mi.Field) -> Any:
    if field.default is not msgspec.NODEFAULT:
        return msgspec.to_builtins(field.default)
    if field.default_factory is not msgspec.NODEFAULT:
        return msgspec.to_builtins(field.default_factory())
    return _type_example(field.type)


def _type_example(info: mi.Type) -> Any:
    match info:
        case mi.StructType():
            return schema_example(info.cls)
        case mi.UnionType():
            typed = [member for member in info.types if not isinstance(member, mi.NoneType)]
            return _type_example(typed[0]) if typed else None
        case mi.LiteralType():
            return info.values[0]
        case mi.EnumType():
            return next(iter(info.cls)).value
        case mi.TupleType():
            return [_type_example(item) for item in info.item_types]
        case mi.IntType() | mi.FloatType():
            low = info.ge if info.ge is not None else (info.gt + 1 if info.gt is not None else 0)
            return low
    return {mi.StrType: "", mi.BoolType: False, mi.DictType: {}}.get(type(info), [])


def json_text(value: Any) -> str:
    """A value as one line of JSON (Structs encoded as the service encodes them)."""
    return json.dumps(msgspec.to_builtins(value), ensure_ascii=False)


def pretty_json(value: Any, indent: int = 0) -> str:
    """JSON indented by two spaces, keeping each array or object that fits on one line."""
    value = msgspec.to_builtins(value)
    flat = json.dumps(value, ensure_ascii=False)
    if len(flat) + indent <= WIDTH or not isinstance(value, dict | list | tuple) or not value:
        return flat
    inner = " " * (indent + 2)
    if isinstance(value, dict):
        items = [f"{json.dumps(k)}: {pretty_json(v, indent + 2)}" for k, v in value.items()]
        opening, closing = "{", "}"
    else:
        items = [pretty_json(item, indent + 2) for item in value]
        opening, closing = "[", "]"
    body = ",\n".join(inner + item for item in items)
    return f"{opening}\n{body}\n{' ' * indent}{closing}"

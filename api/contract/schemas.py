"""The components over every kind, the API's own bodies and the read models' rows."""

import copy
import inspect
import json
from typing import Any

import msgspec

from api.contract.kinds import REF, kind_components, kind_prefix
from api.http import bodies
from api.http.params import Page
from api.live import tickets
from commands import log
from commands.redaction import Narration, VersionedEvent
from commands.registry import GAMES
from domain import players
from infra.read_models import PlayerRecord
from projections import lobby, player_news, ratings, scoreboards, summaries


def _any_of(suffix: str, description: str) -> dict[str, Any]:
    return {
        "anyOf": [{"$ref": f"{REF}{kind_prefix(kind)}{suffix}"} for kind in GAMES],
        "description": description,
    }


def _by_kind(suffix: str, description: str) -> dict[str, Any]:
    refs = {kind: f"{REF}{kind_prefix(kind)}{suffix}" for kind in GAMES}
    return {
        "oneOf": [{"$ref": ref} for ref in refs.values()],
        "discriminator": {"propertyName": "kind", "mapping": refs},
        "description": description,
    }


def _struct_schema(cls: type[msgspec.Struct], **fields: dict[str, Any]) -> dict[str, Any]:
    """The msgspec schema of a Struct of the API, with the given fields' schemas replaced."""
    _, components = msgspec.json.schema_components([cls], ref_template=REF + "{name}")
    schema: dict[str, Any] = copy.deepcopy(components[cls.__name__])
    for name, replacement in fields.items():
        assert name in schema["properties"], f"{cls.__name__} has no field {name}"
        schema["properties"][name] = replacement
    return schema


def shared_components(schemas: dict[str, Any]) -> dict[str, Any]:
    """The components over every kind and the API's own bodies made precise (`schemas` are
    the kinds' components)."""
    any_event = {"$ref": REF + "AnyEvent"}
    components: dict[str, Any] = {
        "AnyCommand": _any_of("Command", "A command of any kind (each kind's own union)."),
        "AnyEvent": _any_of("Event", "An event of any kind, as the viewer may see it."),
        "AnyOptions": _any_of("Options", "The options of a table of any kind."),
        "AnyView": _any_of("View", "A game's view of any kind."),
        "TableView": _by_kind("TableView", "A table as one viewer sees it, by kind."),
        "VersionedEvent": _struct_schema(VersionedEvent, event=any_event),
        "CommandAccepted": _struct_schema(bodies.CommandAccepted),
        "Narration": _struct_schema(Narration),
        "KindInfo": _struct_schema(
            bodies.KindInfo,
            options={"$ref": REF + "AnyOptions"},
            options_schema={
                "type": "object",
                "additionalProperties": True,
                "description": "The JSON Schema of the kind's options: each property's default,"
                " range (`minimum`, `maximum`, `minItems`, `maxItems`) or choices (`enum`).",
            },
        ),
        "LogRecord": _struct_schema(log.LogRecord, data=any_event),
        "CreateGame": _by_kind("CreateGame", "A table to open: its kind and options."),
        "TakeSeatRequest": _without_defaults(_struct_schema(bodies.TakeSeatRequest)),
        "RegisterPlayer": _struct_schema(players.RegisterPlayer),
        "QuickPlayRequest": _without_defaults(_struct_schema(bodies.QuickPlayRequest)),
        "ChallengeRequest": _without_defaults(
            _struct_schema(bodies.ChallengeRequest, options={"$ref": REF + "AnyOptions"})
        ),
        "DeclineRequest": _without_defaults(_struct_schema(bodies.DeclineRequest)),
        "PlayerNotice": _struct_schema(player_news.PlayerNotice),
        "PlayerTicket": _struct_schema(tickets.PlayerTicket),
        "StreamTicket": _struct_schema(
            tickets.StreamTicket,
            ticket={"type": "string", "description": "Put in `GET /games/{game_id}/live?ticket=`."},
            expires_in={
                "type": "integer",
                "description": "Seconds the ticket may open (or reopen) the seat's stream.",
            },
        ),
        "Problem": PROBLEM_SCHEMA,
    }
    for kind in GAMES:
        prefix = kind_prefix(kind)
        components[f"{prefix}CreateGame"] = {
            "type": "object",
            "title": f"{prefix}CreateGame",
            "properties": {
                "kind": {"type": "string", "enum": [kind]},
                "options": _without_defaults(schemas[f"{prefix}Options"]),
            },
            "required": ["kind"],
            "additionalProperties": False,
        }
    return components


READ_MODEL_ROWS: tuple[type[msgspec.Struct], ...] = (
    lobby.LobbyTable,
    summaries.TableSummary,
    scoreboards.ScoreboardRow,
    scoreboards.PlayerKind,
    scoreboards.PlayerGame,
    ratings.RatingRow,
    ratings.PlayerRating,
    ratings.RatingChange,
    PlayerRecord,
    player_news.PlayerTable,
    player_news.ChallengeRow,
)
"""The read models' bodies, whose schemas Litestar generates from the routes' return types."""
KIND_FIELDS = {
    "LobbyTable": {"options": "AnyOptions"},
    "TableSummary": {"public_view": "TableView"},
}
"""The rows' JSON objects that are their kind's own (a `dict` in Python): the union over the
kinds hosted here."""


def complete_read_models(schemas: dict[str, Any]) -> None:
    """Say what Litestar cannot of the read models it generated: each Struct's docstring, a
    page's name (not `Page[...]`), and the fields of a kind's own shape."""
    for row in READ_MODEL_ROWS:
        schemas[row.__name__]["description"] = _docstring(row)
    for name, schema in schemas.items():
        if schema.get("title", "").startswith(f"{Page.__name__}["):
            schema.update(title=name, description=_docstring(Page))
    for name, fields in KIND_FIELDS.items():
        for field, union in fields.items():
            schemas[name]["properties"][field] = {"$ref": REF + union}


def _docstring(cls: type) -> str:
    return " ".join((inspect.getdoc(cls) or "").split())


def _without_defaults(schema: dict[str, Any]) -> dict[str, Any]:
    """A request body's schema: its fields' defaults said in words, so that generated
    clients leave them optional (a default is what the service assumes when one is left out,
    while every answer carries every field)."""
    request = copy.deepcopy(schema)
    for field in request.get("properties", {}).values():
        if "default" in field:
            default = json.dumps(field.pop("default"))
            field["description"] = " ".join((field.get("description", ""), f"Default: {default}."))
            field["description"] = field["description"].strip()
    return request


PROBLEM_SCHEMA: dict[str, Any] = {
    "type": "object",
    "title": "Problem",
    "description": "A refusal (RFC 9457): `code` is stable, `detail` is for people.",
    "properties": {
        "type": {"type": "string", "description": "`urn:cardroom:problem:<code>`"},
        "title": {"type": "string"},
        "status": {"type": "integer"},
        "detail": {"type": "string"},
        "code": {"type": "string"},
        "request_id": {
            "type": "string",
            "description": "On a 500: the request's id, also its `X-Request-Id` and in the log.",
        },
    },
    "required": ["type", "title", "status", "detail", "code"],
}


def components() -> dict[str, Any]:
    """Every component the document publishes: each kind's, those over the kinds and the
    API's own bodies, and the read models' rows."""
    schemas: dict[str, Any] = {}
    for rules in GAMES.values():
        for name, schema in kind_components(rules).items():
            # a Struct shared by the kinds (the table's) must come out the same from each
            assert name not in schemas or schemas[name] == schema, f"two schemas named {name}"
            schemas[name] = schema
    schemas.update(shared_components(schemas))
    return schemas

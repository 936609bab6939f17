"""Stored events over time: upcasting older payloads, and event classes that change without
breaking a recorded game (its hash chain is over the stored JSON, not the classes)."""

import dataclasses
import functools
import json
import operator
import sys
import typing
import uuid
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
import rfc8785
from hypothesis import given, settings
from hypothesis import strategies as st

from commands.audit.report import audit
from commands.core.games import GameRepository
from commands.core.handler import CommandHandler
from commands.log import codec, published, replay
from commands.log.published import LogRecord
from commands.log.registry import GAMES, game_rules
from commands.log.store import NewEvent
from domain import table
from infra.store.memory_store import MemoryEventStore
from tests.commands.tamper import golden, golden_names

SEAT_TAKEN = "table.seat_taken"


@pytest.fixture
def upcasters(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A registry of upcasters of this test's own, empty at the start."""
    monkeypatch.setattr(codec, "UPCASTERS", {})
    monkeypatch.setattr(codec, "SCHEMA_VERSIONS", {})
    yield


def player_to_name(payload: dict[str, Any]) -> dict[str, Any]:
    """A made-up history: version 1 of table.seat_taken called the name `player`."""
    payload = dict(payload)
    payload["name"] = payload.pop("player")
    return payload


def record(data: dict[str, Any], schema_version: int, type: str = SEAT_TAKEN) -> LogRecord:
    raw = msgspec.Raw(msgspec.json.encode(data))
    return LogRecord("g", 2, type, raw, {}, schema_version=schema_version)


def test_the_registry_is_empty_and_every_type_is_at_version_1() -> None:
    assert codec.UPCASTERS == {}
    assert codec.schema_version(SEAT_TAKEN) == 1
    event = table.SeatTaken(0, "ada")
    assert codec.decode_event("mad", record(msgspec.to_builtins(event), 1)) == event


@pytest.mark.usefixtures("upcasters")
def test_an_old_payload_is_upcast_to_the_current_version_before_it_is_decoded() -> None:
    codec.register_upcaster(SEAT_TAKEN, 1, player_to_name)
    assert codec.schema_version(SEAT_TAKEN) == 2
    old = {"type": SEAT_TAKEN, "seat": 1, "player": "ada", "entropy": "e"}
    assert codec.decode_event("mad", record(old, 1)) == table.SeatTaken(1, "ada", "e")
    current = {"type": SEAT_TAKEN, "seat": 1, "name": "bob"}
    assert codec.decode_event("mad", record(current, 2)) == table.SeatTaken(1, "bob")
    assert codec.schema_version("table.created") == 1


@pytest.mark.usefixtures("upcasters")
def test_upcasters_chain_one_version_at_a_time() -> None:
    codec.register_upcaster(SEAT_TAKEN, 1, player_to_name)
    codec.register_upcaster(SEAT_TAKEN, 2, lambda p: {**p, "name": p["name"].upper()})
    assert codec.schema_version(SEAT_TAKEN) == 3
    old = {"type": SEAT_TAKEN, "seat": 0, "player": "ada"}
    assert codec.decode_event("mad", record(old, 1)).name == "ADA"
    assert codec.decode_event("mad", record(old | {"name": "bob"}, 2)).name == "BOB"


@pytest.mark.usefixtures("upcasters")
def test_a_version_newer_than_the_current_one_is_refused() -> None:
    with pytest.raises(msgspec.DecodeError, match="newer"):
        codec.decode_event("mad", record({"type": SEAT_TAKEN, "seat": 0, "name": "a"}, 2))


@pytest.mark.usefixtures("upcasters")
async def test_appends_write_the_current_schema_version_and_old_events_still_load() -> None:
    store = MemoryEventStore()
    handler = CommandHandler.over(store)
    created = await handler.create("mad", {}, None)
    game_id = created.game_id
    codec.register_upcaster(SEAT_TAKEN, 1, player_to_name)
    [first] = await store.read_stream(game_id)
    old = msgspec.json.encode({"type": SEAT_TAKEN, "seat": 0, "player": "ada"}).decode()
    link = msgspec.json.decode(first.metadata)["hash"]
    metadata = msgspec.json.encode({"hash": codec.chain_hash(link, old)}).decode()
    await store.append(game_id, 1, [NewEvent(str(uuid.uuid4()), SEAT_TAKEN, old, metadata)])
    _, seat, _ = await handler.take_seat(game_id, table.TakeSeat("bob"), None)
    assert seat == 1
    rows = await store.read_stream(game_id)
    assert [(row.type, row.schema_version) for row in rows] == [
        ("table.created", 1),
        (SEAT_TAKEN, 1),
        (SEAT_TAKEN, 2),
    ]
    events = codec.decode_events("mad", rows)
    assert [e.name for e in events if isinstance(e, table.SeatTaken)] == ["ada", "bob"]
    state = (await GameRepository(store).latest(game_id)).table
    assert [seat.name for seat in state.seats] == ["ada", "bob"]


def first_game_event(name: str) -> str:
    records = golden(name)
    started = next(i for i, each in enumerate(records) if each.type == "table.game_started")
    return records[started + 1].type


@pytest.fixture
def extended(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[type]:
    """The first game event of the golden game `request.param` with one more field, `note`,
    defaulted: swapped into a copy of the game's rules (its event union), the registry and
    every module of the game, so the game decodes, decides and folds with the new class."""
    name: str = request.param
    kind, tag = name.split("-")[0], first_game_event(name)
    rules = GAMES[kind]
    members = typing.get_args(rules.Event)
    old: type[msgspec.Struct] = next(m for m in members if codec.tag_of(m) == tag)
    new = msgspec.defstruct(
        old.__name__, [("note", str, "")], bases=(old,), tag=tag, frozen=True, module=__name__
    )
    union = functools.reduce(operator.or_, [new if cls is old else cls for cls in members])
    monkeypatch.setitem(GAMES, kind, dataclasses.replace(rules, Event=union))
    for module_name, module in list(sys.modules.items()):
        if (
            module_name.startswith(f"domain.games.{kind}")
            and getattr(module, old.__name__, None) is old
        ):
            monkeypatch.setattr(module, old.__name__, new)
    codec.event_decoder.cache_clear()
    yield new
    codec.event_decoder.cache_clear()


@pytest.mark.parametrize("extended", golden_names(), indirect=True)
def test_a_new_defaulted_field_leaves_every_golden_game_folding_and_auditing(
    extended: Any, request: pytest.FixtureRequest
) -> None:
    name = request.node.callspec.params["extended"]
    records = golden(name)
    kind = published.kind_of(records)
    events = codec.decode_events(kind, records)
    changed = [e for e in events if isinstance(e, extended)]
    assert changed and all(e.note == "" for e in changed)
    # re-encoding the decoded event gives other JSON than was stored and hashed
    assert b'"note"' in codec.encode(changed[0])
    final = replay.table_at(game_rules(kind), events, len(events))
    assert final.status == "finished"
    report = audit(records)
    assert [check.ok for check in report.checks] == [True] * 5, report.checks
    assert report.ok and report.first_failure is None


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(JSON_VALUES)
def test_canonical_json_is_what_rfc8785_writes_or_refuses(value: Any) -> None:
    text = json.dumps(value)
    try:
        expected = rfc8785.dumps(json.loads(text))
    except rfc8785.CanonicalizationError:
        with pytest.raises(rfc8785.CanonicalizationError):
            codec.canonical_json(text)
        return
    assert codec.canonical_json(text) == expected


@pytest.mark.parametrize("name", golden_names())
def test_canonical_json_of_every_golden_event_is_what_rfc8785_writes(name: str) -> None:
    for record in golden(name):
        for data in (record.data, codec.encode(record.metadata)):
            assert codec.canonical_json(data) == rfc8785.dumps(msgspec.json.decode(data))

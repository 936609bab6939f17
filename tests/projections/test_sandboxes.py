"""A sandbox is counted nowhere: of every read model, only `sandboxes` writes a row of it."""

import uuid
from typing import Any

from commands.log.records import new_records
from commands.log.registry import GAMES
from commands.log.store import StoredEvent
from domain import table as tables
from domain.decider import EVERY_SEAT
from projections.catalog import read_models
from projections.model import fold
from tests.domain.playout import Playout, context
from tests.domain.test_forking import boundaries, finished
from tests.projections.given import NOW, written


def sandbox_played_out(kind: str) -> tuple[str, list[StoredEvent]]:
    """A sandbox forked from a finished game and played to its end, as the rows it stores."""
    rules = GAMES[kind]
    source: Playout = finished(rules)
    fork = tables.ForkTable("source-game", boundaries(source)[1], "ab" * 32, by="ada")
    decisions = [tables.fork(rules, source.events, True, fork, context(tables.Table(), None, b"s"))]
    sandbox = tables.fold(rules, decisions[0])
    while moves := tables.view(rules, sandbox, EVERY_SEAT).legal_moves:
        seat = tables.acting_seat(rules, sandbox, EVERY_SEAT, moves[0])
        decisions.append(tables.decide(rules, sandbox, moves[0], context(sandbox, seat, b"s")))
        sandbox = tables.fold(rules, decisions[-1], sandbox)
    return _stored(kind, decisions)


def _stored(kind: str, decisions: list[tuple[Any, ...]]) -> tuple[str, list[StoredEvent]]:
    game_id, rows = f"sandbox-{uuid.uuid4()}", []
    for decision in decisions:
        records, _ = new_records("", 0, None, "command", NOW, decision)
        for record in records:
            version = len(rows) + 1
            rows.append(
                StoredEvent(
                    version, version, game_id, version, record.event_id, record.type, 1,
                    record.data, record.metadata, NOW, kind,
                )
            )  # fmt: skip
    return game_id, rows


def test_only_the_sandboxes_read_model_writes_a_row_of_a_sandbox() -> None:
    game_id, events = sandbox_played_out("mad")
    assert events[-2].type == "table.game_finished" and '"sandbox":true' in events[-2].data
    tables_written = {}
    for model in read_models():
        _, changes = fold(model, {}, events)
        tables_written |= {name: rows for name, rows in written(changes).items() if rows}
    assert set(tables_written) == {"sandboxes"}
    row = tables_written["sandboxes"][(game_id,)]
    assert (row["source"], row["forked_by"], row["kind"]) == ("source-game", "ada", "mad")

"""Reports kept by `commands.audit.kept.Audits`: the same stored rows answer the report made
before, and any change to what the audit reads, metadata included, is audited afresh."""

from collections.abc import Callable

import msgspec
import pytest

from commands.audit import kept as audits_module
from commands.audit.kept import Audits
from commands.audit.report import AuditReport, audit
from commands.log import codec
from commands.log.published import LogRecord
from commands.log.store import LogRow
from domain.errors import DomainError
from tests.commands.tamper import (
    changed_card,
    first_move_index,
    golden,
    golden_names,
    relinked,
    revealed_seed_index,
)

Change = Callable[[list[LogRecord]], list[LogRecord]]


def stored(records: list[LogRecord]) -> list[LogRow]:
    """Records as the event store reads them for an audit."""
    return [
        LogRow(
            each.version,
            each.type,
            each.schema_version,
            bytes(each.data).decode(),
            codec.encode(each.metadata).decode(),
        )
        for each in records
    ]


@pytest.fixture
def audited(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The lengths of the logs actually audited, in order, by every `Audits`."""
    lengths: list[int] = []

    def counted(records: list[LogRecord], source: list[LogRecord]) -> AuditReport:
        lengths.append(len(records))
        return audit(records, source)

    monkeypatch.setattr(audits_module, "audit", counted)
    return lengths


def gnono() -> list[LogRecord]:
    return golden(golden_names("gnono")[0])


def test_the_same_rows_are_audited_once(audited: list[int]) -> None:
    records = gnono()
    audits = Audits()
    first = audits.report("g", stored(records))
    again = audits.report("g", stored(records))
    assert first.ok
    assert again is first
    assert audited == [len(records)]


def changed_card_relinked(records: list[LogRecord]) -> list[LogRecord]:
    return relinked(changed_card(records)[1])


def move_for_another_seat(records: list[LogRecord]) -> list[LogRecord]:
    """Metadata alone changed: the hash chain, over the events, is the same."""
    move = first_move_index(records)
    seat = (records[move].metadata["seat"] + 1) % 2
    metadata = records[move].metadata | {"seat": seat}
    forged = msgspec.structs.replace(records[move], metadata=metadata)
    return [*records[:move], forged, *records[move + 1 :]]


def move_removed(records: list[LogRecord]) -> list[LogRecord]:
    move = first_move_index(records)
    return [*records[:move], *records[move + 1 :]]


@pytest.mark.parametrize(
    "change",
    [changed_card_relinked, move_for_another_seat, move_removed],
    ids=["a card, chain recomputed", "a seat in metadata", "an event removed"],
)
def test_any_change_to_the_rows_is_audited_afresh(audited: list[int], change: Change) -> None:
    records = gnono()
    audits = Audits()
    assert audits.report("g", stored(records)).ok
    changed = change(records)
    assert not audits.report("g", stored(changed)).ok
    assert audits.report("g", stored(records)).ok
    assert audited == [len(records), len(changed)]


def test_the_reports_kept_are_bounded(audited: list[int]) -> None:
    logs = [golden(name) for name in golden_names()[:3]]
    audits = Audits(size=2)
    for records in logs:
        audits.report("g", stored(records))
    audits.report("g", stored(logs[2]))  # kept
    audits.report("g", stored(logs[0]))  # the least recently asked, gone
    assert audited == [len(records) for records in [*logs, logs[0]]]


def test_a_game_not_over_is_refused_as_its_log_is(audited: list[int]) -> None:
    records = gnono()
    audits = Audits()
    for rows, code in [
        ([], "game_not_found"),
        (stored(records[: revealed_seed_index(records)]), "game_not_over"),
    ]:
        with pytest.raises(DomainError) as refused:
            audits.report("g", rows)
        assert refused.value.code == code
    assert audited == []

"""A finished game as a dataset line: what it holds, and that it reads back as its log."""

import msgspec
import pytest

from commands.audit.dataset import verify_lines
from commands.log import codec, dataset, published
from commands.log.published import LogRecord
from domain.errors import DomainError
from tests.commands.tamper import (
    data,
    golden,
    golden_names,
    relinked,
    revealed_seed_index,
    standings_index,
    with_data,
)


@pytest.mark.parametrize("name", golden_names())
def test_a_line_holds_the_game_and_reads_back_as_its_published_log(name: str) -> None:
    records = golden(name)
    line = dataset.decode(dataset.encode(dataset.game_line(records)))
    end = revealed_seed_index(records)
    assert line.format == "cardroom.dataset/1"
    assert (line.game_id, line.kind) == (records[0].game_id, published.kind_of(records))
    assert line.options == data(records[0])["options"]
    taken = [data(each) for each in records if each.type == "table.seat_taken"]
    assert [(seat.seat, seat.name) for seat in line.seats] == [
        (t["seat"], t["name"]) for t in taken
    ]
    finished = data(records[standings_index(records)])
    assert msgspec.to_builtins(line.standings) == finished["standings"]
    assert line.seed == data(records[end])["seed"]
    assert line.last_link == records[end].metadata["hash"]
    assert line.finished_at.endswith("+00:00")
    assert dataset.records_of(line) == records[: end + 1]


def test_a_line_ends_with_the_seed_reveal_whatever_follows_it() -> None:
    records = golden(golden_names("mad")[0])
    rematch = with_data(records[-1], {"type": "table.rematch_opened", "game_id": "g2"})
    later = relinked([*records, msgspec.structs.replace(rematch, type="table.rematch_opened")])
    assert dataset.game_line(later) == dataset.game_line(relinked(records))


def test_a_game_not_over_has_no_line() -> None:
    records = golden(golden_names("gnono")[0])
    with pytest.raises(DomainError) as refused:
        dataset.game_line(records[: standings_index(records)])
    assert refused.value.code == "game_not_over"


def test_the_month_of_a_finish_is_its_utc_month() -> None:
    assert dataset.month_of("2026-10-31T23:59:59.999+00:00") == "2026-10"
    assert dataset.month_of("2026-11-01T00:00:00+00:00") == "2026-11"
    assert dataset.month_of("2026-11-01T00:30:00+01:00") == "2026-10"


def test_lines_are_found_in_chunks_cut_anywhere() -> None:
    text = b'{"a":1}\n\n{"b":2}\n{"c":3}'
    for size in (1, 2, 5, 100):
        chunks = [text[i : i + size] for i in range(0, len(text), size)]
        assert list(dataset.lines(chunks)) == [b'{"a":1}', b'{"b":2}', b'{"c":3}']


def _renamed(payload: dict[str, object]) -> dict[str, object]:
    """Schema 1 of `table.seat_taken` (in this test) said `handle` where 2 says `name`."""
    payload = dict(payload)
    if "handle" in payload:
        payload["name"] = payload.pop("handle")
    return payload


def test_an_event_stored_under_an_older_schema_is_read_at_todays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(codec.UPCASTERS, ("table.seat_taken", 1), _renamed)
    monkeypatch.setitem(codec.SCHEMA_VERSIONS, "table.seat_taken", 2)
    records: list[LogRecord] = []
    for each in golden(golden_names("mad")[0]):
        if each.type == "table.seat_taken":
            value = data(each)
            value["handle"] = value.pop("name")
            each = with_data(each, value)
        records.append(each)
    line = dataset.game_line(relinked(records))
    seated = [event for event in line.events if event.type == "table.seat_taken"]
    assert all(msgspec.json.decode(event.data)["name"].startswith("p") for event in seated)
    assert all("handle" in msgspec.json.decode(event.stored) for event in seated)  # type: ignore[arg-type]
    assert {(event.schema_version, event.stored_schema_version) for event in seated} == {(2, 1)}
    assert verify_lines([dataset.encode(line)]).ok
    value = msgspec.json.decode(dataset.encode(line))
    first = next(e for e in value["events"] if e["type"] == "table.seat_taken")
    first["data"]["name"] = "someone else"
    report = verify_lines([msgspec.json.encode(value)])
    assert report.first_bad is not None and report.first_bad.check == "summary"

"""The offline verifier of a dataset: honest files pass; every kind of tampering with an
event, a standing, a seed or the file's order is found, naming the game and the check."""

import gzip
from pathlib import Path
from typing import Any

import msgspec
import pytest
from click.testing import CliRunner

from api.main.cli import main
from commands.audit.dataset import DatasetReport, verify_file, verify_lines
from commands.log import dataset
from tests.commands.datasets import (
    encoded,
    golden_lines,
    line_of_kind,
    relinked_line,
    tampered,
    with_records,
)
from tests.commands.tamper import changed_card, changed_seed, first_move_index

KINDS = ["gnono", "mad", "onexeno", "ecliptic", "cno"]


def bad(report: DatasetReport) -> tuple[int, str, str]:
    assert not report.ok and report.first_bad is not None
    return report.first_bad.line, report.first_bad.game_id, report.first_bad.check


def test_the_golden_games_in_finish_order_verify() -> None:
    report = verify_lines(encoded(golden_lines()))
    assert report.ok, report.first_bad
    assert report.games == 10 and report.bad == 0
    assert report.games_by_kind == {kind: 2 for kind in KINDS}


@pytest.mark.parametrize("kind", KINDS)
def test_a_changed_event_is_found_at_its_version(kind: str) -> None:
    """The chain no longer links it, and its command (or chance) decided again disagrees:
    the audit names whichever check comes first at that version."""
    line = line_of_kind(kind)
    index, records = changed_card(dataset.records_of(line))
    report = verify_lines([dataset.encode(with_records(line, records))])
    _, game_id, check = bad(report)
    assert (game_id, check) in {(line.game_id, name) for name in ("chance", "hash_chain")}
    assert report.first_bad is not None
    assert report.first_bad.reason.startswith(f"version {index + 1}: ")


@pytest.mark.parametrize("kind", KINDS)
def test_a_changed_event_with_its_chain_recomputed_is_decided_again_and_fails(kind: str) -> None:
    line = line_of_kind(kind)
    _, records = changed_card(dataset.records_of(line))
    line = relinked_line(line, records)
    _, game_id, check = bad(verify_lines([dataset.encode(line)]))
    assert (game_id, check) in {(line.game_id, "commands"), (line.game_id, "chance")}


@pytest.mark.parametrize("kind", KINDS)
def test_changed_standings_in_the_line_are_found(kind: str) -> None:
    line = line_of_kind(kind)

    def swap(value: dict[str, Any]) -> None:
        count = len(value["standings"])
        for standing in value["standings"]:
            standing["place"] = count + 1 - standing["place"]
        value["standings"].append({"seat": 9, "score": 0, "place": 9})

    assert bad(verify_lines([tampered(line, swap)])) == (1, line.game_id, "summary")


def test_changed_standings_in_the_log_are_found_by_deciding_the_last_move_again() -> None:
    line = line_of_kind("onexeno")
    records = dataset.records_of(line)
    end = next(i for i, r in enumerate(records) if r.type == "table.game_finished")
    finished = msgspec.json.decode(records[end].data)
    finished["standings"] = [{**s, "score": s["score"] + 1} for s in finished["standings"]]
    data = msgspec.Raw(msgspec.json.encode(finished))
    records[end] = msgspec.structs.replace(records[end], data=data)
    line = relinked_line(line, records)
    assert bad(verify_lines([dataset.encode(line)]))[2] in {"commands", "standings"}


@pytest.mark.parametrize("kind", KINDS)
def test_a_changed_seed_in_the_line_is_found(kind: str) -> None:
    line = line_of_kind(kind)
    forged = tampered(line, lambda value: value.update(seed=value["seed"][::-1]))
    assert bad(verify_lines([forged])) == (1, line.game_id, "summary")


def test_a_changed_seed_in_the_log_fails_the_commitment() -> None:
    line = line_of_kind("gnono")
    _, records = changed_seed(dataset.records_of(line))
    line = relinked_line(line, records)
    assert bad(verify_lines([dataset.encode(line)]))[2] == "seed_commitment"


def test_a_changed_last_link_finish_or_seat_name_is_found() -> None:
    line = line_of_kind("mad")
    changes = [
        lambda value: value.update(last_link="0" * 64),
        lambda value: value.update(finished_at="2020-01-01T00:00:00+00:00"),
        lambda value: value["seats"][0].update(name="someone else"),
        lambda value: value.update(options={"hand_sizes": [1]}),
    ]
    for change in changes:
        assert bad(verify_lines([tampered(line, change)])) == (1, line.game_id, "summary")


def test_the_first_bad_game_is_named_and_the_rest_still_counted() -> None:
    lines = encoded(golden_lines())
    third = dataset.decode(lines[2])
    lines[2] = tampered(third, lambda value: value.update(seed="00"))
    lines[5] = b"not json\n"
    report = verify_lines(lines)
    assert bad(report) == (3, third.game_id, "summary")
    assert (report.games, report.bad) == (10, 2)


def test_a_file_out_of_finish_order_is_found() -> None:
    lines = encoded(golden_lines())
    lines[3], lines[4] = lines[4], lines[3]
    assert bad(verify_lines(lines))[::2] == (5, "order")


def test_a_line_of_another_format_is_found() -> None:
    line = line_of_kind("cno")
    forged = tampered(line, lambda value: value.update(format="cardroom.dataset/9"))
    assert bad(verify_lines([forged]))[::2] == (1, "format")


def test_a_file_verifies_gzipped_or_not_and_the_command_exits_1_on_a_bad_game(
    tmp_path: Path,
) -> None:
    lines = encoded(golden_lines())
    plain, packed = tmp_path / "plain.ndjson", tmp_path / "month.ndjson.gz"
    plain.write_bytes(b"".join(lines))
    packed.write_bytes(gzip.compress(b"".join(lines)))
    assert verify_file(plain).ok and verify_file(packed).ok
    runner = CliRunner()
    passed = runner.invoke(main, ["verify", str(packed)])
    assert passed.exit_code == 0, passed.output
    assert "10 games read" in passed.output
    wrong = dataset.decode(lines[0])
    lines[0] = tampered(wrong, lambda value: value.update(seed="00"))
    packed.write_bytes(gzip.compress(b"".join(lines)))
    failed = runner.invoke(main, ["verify", str(packed)])
    assert failed.exit_code == 1
    assert f"line 1, game {wrong.game_id}: check summary fails" in failed.output


def test_a_changed_link_fails_the_chain() -> None:
    line = line_of_kind("ecliptic")
    forged = tampered(line, lambda value: value["events"][4]["metadata"].update(hash="0" * 64))
    report = verify_lines([forged])
    assert bad(report) == (1, line.game_id, "hash_chain")
    assert report.first_bad is not None and report.first_bad.reason.startswith("version 5: ")


def test_a_move_recorded_for_another_seat_fails_the_commands() -> None:
    line = line_of_kind("mad")
    move = first_move_index(dataset.records_of(line))

    def other_seat(value: dict[str, Any]) -> None:
        metadata = value["events"][move]["metadata"]
        metadata["seat"] = (metadata["seat"] + 1) % 2

    assert bad(verify_lines([tampered(line, other_seat)])) == (1, line.game_id, "commands")


def test_a_changed_deal_with_its_chain_recomputed_fails_chance() -> None:
    line = line_of_kind("mad")
    records = dataset.records_of(line)
    dealt = next(i for i, each in enumerate(records) if each.type == "mad.dealt")
    index, forged = changed_card(records)
    assert index == dealt
    report = verify_lines([dataset.encode(relinked_line(line, forged))])
    assert bad(report) == (1, line.game_id, "chance")
    assert report.first_bad is not None
    assert report.first_bad.reason.startswith(f"version {dealt + 1}: ")

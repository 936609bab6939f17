"""The audit on published logs: it passes on honest games and names what a cheat changed."""

import re

import msgspec
import pytest

from commands.audit.evidence import CHAIN, CHECKS
from commands.audit.report import AuditReport, audit
from commands.log import codec, published
from commands.log.published import LogRecord
from domain import table
from domain.errors import DomainError
from tests.commands.tamper import (
    changed_card,
    changed_seed,
    data,
    first_move_index,
    golden,
    golden_names,
    relinked,
    revealed_seed_index,
    standings_index,
    with_data,
)

KINDS = ["gnono", "mad", "onexeno", "ecliptic", "cno"]


def first_of_kind(kind: str) -> list[LogRecord]:
    return golden(golden_names(kind)[0])


def failing(report: AuditReport) -> set[str]:
    return {check.name for check in report.checks if not check.ok}


def test_every_kind_has_golden_games() -> None:
    assert {name.split("-")[0] for name in golden_names()} == set(KINDS)


@pytest.mark.parametrize("name", golden_names())
def test_a_golden_game_passes_every_check(name: str) -> None:
    report = audit(golden(name))
    assert [check.name for check in report.checks] == list(CHECKS)
    assert report.ok, report.checks
    assert report.first_failure is None
    for check in report.checks:  # counts agree with their nouns: "1 decision", "2 draws"
        assert not re.search(r"\b1 \w+s\b", check.detail), check.detail
        assert not re.search(r"\b(?!1\b)\d+ (draw|decision|command|event)\b", check.detail)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("last", [False, True], ids=["first card", "last card"])
def test_a_changed_card_fails_the_audit_at_its_event(kind: str, last: bool) -> None:
    index, tampered = changed_card(first_of_kind(kind), last)
    report = audit(tampered)
    assert not report.ok
    assert report.first_failure is not None
    assert report.first_failure.version == index + 1
    assert CHAIN in failing(report)


@pytest.mark.parametrize("kind", KINDS)
def test_a_changed_card_with_a_recomputed_chain_still_fails_at_its_event(kind: str) -> None:
    index, tampered = changed_card(first_of_kind(kind))
    report = audit(relinked(tampered))
    assert report.first_failure is not None
    assert report.first_failure.version == index + 1
    assert report.first_failure.check in {"chance", "commands"}
    assert CHAIN not in failing(report)


def test_a_changed_deal_is_blamed_on_chance() -> None:
    records = first_of_kind("mad")
    dealt = next(i for i, r in enumerate(records) if r.type == "mad.dealt")
    index, tampered = changed_card(records)
    assert index == dealt
    failure = audit(relinked(tampered)).first_failure
    assert failure is not None
    assert (failure.check, failure.version) == ("chance", dealt + 1)


@pytest.mark.parametrize("kind", KINDS)
def test_a_changed_seed_fails_the_commitment(kind: str) -> None:
    index, tampered = changed_seed(first_of_kind(kind))
    report = audit(relinked(tampered))
    assert report.first_failure is not None
    assert report.first_failure.check == "seed_commitment"
    assert report.first_failure.version == index + 1


@pytest.mark.parametrize("kind", KINDS)
def test_an_event_slipped_into_the_log_is_named(kind: str) -> None:
    records = first_of_kind(kind)
    move = first_move_index(records)
    forged = msgspec.structs.replace(records[move], event_id="slipped-in")
    report = audit(relinked([*records[: move + 1], forged, *records[move + 1 :]]))
    assert report.first_failure is not None
    assert report.first_failure.version == move + 2
    assert report.first_failure.check == "commands"


def test_an_event_no_command_produced_is_named() -> None:
    records = first_of_kind("gnono")
    move = first_move_index(records)
    bare = msgspec.structs.replace(
        records[move], metadata={"command_id": "forged", "seat": 0, "hash": ""}
    )
    failure = audit(relinked([*records[:move], bare, *records[move:]])).first_failure
    assert failure is not None
    assert (failure.check, failure.version) == ("commands", move + 1)
    assert failure.reason == "no recorded command produced this event"


def test_a_move_recorded_for_another_seat_is_refused() -> None:
    records = first_of_kind("mad")
    move = first_move_index(records)
    other_seat = (records[move].metadata["seat"] + 1) % 2
    forged = msgspec.structs.replace(
        records[move], metadata=records[move].metadata | {"seat": other_seat}
    )
    failure = audit([*records[:move], forged, *records[move + 1 :]]).first_failure
    assert failure is not None
    assert (failure.check, failure.version) == ("commands", move + 1)
    assert "is refused" in failure.reason


def test_a_removed_event_breaks_the_chain_where_it_was() -> None:
    records = first_of_kind("onexeno")
    move = first_move_index(records)
    failure = audit([*records[:move], *records[move + 1 :]]).first_failure
    assert failure is not None
    assert (failure.check, failure.version) == (CHAIN, move + 2)


@pytest.mark.parametrize("kind", KINDS)
def test_forged_standings_fail_the_standings_check(kind: str) -> None:
    records = first_of_kind(kind)
    end = standings_index(records)
    finished = data(records[end])
    finished["standings"] = [
        {**standing, "place": len(finished["standings"]) + 1 - standing["place"]}
        for standing in finished["standings"]
    ]
    tampered = [*records[:end], with_data(records[end], finished), *records[end + 1 :]]
    report = audit(relinked(tampered))
    assert "standings" in failing(report)
    assert report.first_failure is not None
    assert report.first_failure.version == end + 1


def test_a_log_cut_before_the_end_fails_commitment_and_standings() -> None:
    records = first_of_kind("mad")
    report = audit(records[: standings_index(records)])
    assert failing(report) == {"seed_commitment", "chance", "commands", "standings"}
    assert report.first_failure is not None
    assert report.first_failure.reason == "the seed has not been revealed"


def test_an_event_that_does_not_decode_is_named() -> None:
    records = first_of_kind("cno")
    move = first_move_index(records)
    broken = with_data(records[move], {"type": "cno.no_such_event"})
    failure = audit([*records[:move], broken, *records[move + 1 :]]).first_failure
    assert failure is not None
    assert failure.version == move + 1
    assert "not an event of cno" in failure.reason


def test_a_log_that_is_not_a_game_is_refused() -> None:
    records = first_of_kind("mad")
    with pytest.raises(DomainError) as refused:
        audit(records[1:])
    assert refused.value.code == "malformed_log"
    with pytest.raises(DomainError) as refused:
        published.from_lines([b'{"version": 1}\n'])
    assert refused.value.code == "malformed_log"
    assert "line 1" in refused.value.message


def test_the_chain_does_not_depend_on_the_order_of_option_keys() -> None:
    created = table.TableCreated("onexeno", {"teams": 0, "hands": 1}, "c")
    reordered = table.TableCreated("onexeno", {"hands": 1, "teams": 0}, "c")
    assert codec.chain_hash("", codec.encode(created)) == codec.chain_hash(
        "", codec.encode(reordered)
    )


def test_the_seed_reveal_of_a_golden_game_is_its_last_event() -> None:
    records = first_of_kind("ecliptic")
    assert revealed_seed_index(records) == len(records) - 1

"""Replays of golden games: any version folds, and views follow the redaction rules."""

import pytest

from commands.log import codec, published, replay
from commands.log.registry import game_rules
from domain import table
from domain.decider import REFEREE, SPECTATOR
from domain.errors import DomainError
from tests.commands.tamper import golden, golden_names


def golden_events(name: str) -> tuple[str, list[object]]:
    records = golden(name)
    kind = published.kind_of(records)
    return kind, codec.decode_events(kind, records)


@pytest.mark.parametrize("name", golden_names())
def test_a_golden_game_folds_to_its_recorded_end(name: str) -> None:
    kind, events = golden_events(name)
    final = replay.table_at(game_rules(kind), events, len(events))
    finished = next(e for e in events if isinstance(e, table.GameFinished))
    assert final.status == "finished"
    assert final.standings == finished.standings
    assert final.version == len(events)


@pytest.mark.parametrize("name", golden_names("gnono")[:1] + golden_names("mad")[:1])
def test_a_live_view_at_a_version_is_that_viewers_view_of_the_fold(name: str) -> None:
    kind, events = golden_events(name)
    rules = game_rules(kind)
    for at in range(1, len(events), 7):
        then = table.fold(rules, events[:at])
        for viewer in (0, 1, SPECTATOR):
            seen = replay.view_at(rules, events, at, viewer, game_over=False)
            assert seen == table.view(rules, then, viewer)


def test_once_over_every_version_shows_every_hand_to_anyone() -> None:
    kind, events = golden_events(golden_names("mad")[0])
    rules = game_rules(kind)
    started = next(i for i, e in enumerate(events) if isinstance(e, table.GameStarted))
    at = started + 3
    then = table.fold(rules, events[:at])
    for viewer in (0, SPECTATOR):
        seen = replay.view_at(rules, events, at, viewer, game_over=True)
        assert seen.game == rules.view(then.game, REFEREE)
        assert seen.version == at
    spectator = replay.view_at(rules, events, at, SPECTATOR, game_over=False)
    assert spectator.game != rules.view(then.game, REFEREE), "a live spectator sees no hands"


@pytest.mark.parametrize("at", [0, 10_000])
def test_a_version_the_game_never_had_is_refused(at: int) -> None:
    kind, events = golden_events(golden_names("ecliptic")[0])
    with pytest.raises(DomainError) as refused:
        replay.view_at(game_rules(kind), events, at, SPECTATOR, game_over=True)
    assert refused.value.code == "version_not_found"

"""Table summaries as a pure fold of each game's table, taken between commands only."""

import msgspec

from commands.log.registry import GAMES
from domain import table
from domain.decider import SPECTATOR
from projections.model import Upsert, fold, replay
from projections.summaries import TableSummaries
from tests.projections.given import in_batches, stored_game, written


def test_a_finished_game_is_summarised_once_per_batch_at_its_last_version() -> None:
    game_id, events = stored_game("ecliptic", 3)
    states, changes = fold(TableSummaries(), {}, events)
    assert changes == (changes[-1],)
    assert isinstance(changes[0], Upsert)
    row = written(changes)["table_summaries"][(game_id,)]
    assert (row["status"], row["version"], row["to_act"]) == ("finished", len(events), [])
    assert row["seats"] == ["player 0", "player 1"]
    state = states[game_id][1]
    assert state is not None
    spectator = table.view(GAMES["ecliptic"], state, SPECTATOR)
    assert row["public_view"] == msgspec.to_builtins(spectator)


def test_a_summary_names_whose_turn_it_is() -> None:
    game_id, events = stored_game("gnono", 2, seats=3)
    playing = events[:20]
    _, changes = fold(TableSummaries(), {}, playing)
    row = written(changes)["table_summaries"][(game_id,)]
    state = replay(TableSummaries(), events[: row["version"]])
    assert state is not None
    movers = [s for s in range(3) if table.legal_moves(GAMES["gnono"], state, s)]
    assert (row["status"], row["to_act"]) == ("playing", movers)


def test_no_summary_is_taken_half_way_through_a_command() -> None:
    for kind in GAMES:
        game_id, events = stored_game(kind, 11)
        _, whole = fold(TableSummaries(), {}, events)
        states, batched = in_batches(TableSummaries(), events, 1)
        assert batched == written(whole), kind
        assert states[game_id] == (len(events), replay(TableSummaries(), events)), kind

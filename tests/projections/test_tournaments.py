"""The tournaments' read models as pure folds: a tournament's row for the list and its
standings, and each player entry told its next table (no bot is)."""

from datetime import UTC, datetime

from commands.log.store import StoredEvent
from domain import tournaments as t
from projections.model import Upsert
from projections.player_news import tournament_changes
from projections.tournaments import Tournaments

NOW = datetime(2026, 3, 21, 12, tzinfo=UTC)
CREATE = t.CreateTournament("T", "ada", "mad", "swiss", 2, {}, NOW, rounds=1)


def running() -> t.Tournament:
    tournament = t.Tournament()
    for command in (CREATE, t.Enter(player="ada"), t.Enter(bot="random", by="ada")):
        tournament = t.fold(t.decide(tournament, command, NOW), tournament)
    return t.fold(t.decide(tournament, t.Start("ada"), NOW), tournament)


def stored(event: t.TournamentEvent, version: int) -> StoredEvent:
    return StoredEvent(version, 1, t.stream_id("T"), version, "e", "x", 1, "{}", "{}", NOW)


def test_a_running_tournament_has_its_row_and_an_entry_a_standings_row() -> None:
    changes = Tournaments().changes(running())
    upserts = [change for change in changes if isinstance(change, Upsert)]
    listed = [u for u in upserts if u.table == "tournaments"]
    assert [u.values["status"] for u in listed] == ["running"]
    assert (listed[0].values["entries"], listed[0].values["round"]) == (2, 1)
    standings = [u.key["entry"] for u in upserts if u.table == "tournament_standings"]
    assert sorted(standings) == ["ada", "bot:random:2"]


def test_a_round_tells_each_player_entry_its_table_and_seat_and_no_bot() -> None:
    started = running().rounds[0]
    changes = tournament_changes(stored(started, 5), started)
    notices = [c for c in changes if isinstance(c, Upsert) and c.table == "player_news"]
    assert [notice.key["player"] for notice in notices] == ["ada"]
    told = notices[0].values["notice"]
    seating = started.tables[0]
    assert (told["type"], told["game_id"], told["seat"], told["round"]) == (
        "tournament_table",
        seating.game_id,
        seating.entries.index("ada"),
        1,
    )

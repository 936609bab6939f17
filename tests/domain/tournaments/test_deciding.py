"""Tournaments, given their events, when a command arrives, then the events it records or
the refusal's code; and whole tournaments played through `decide` alone."""

from datetime import UTC, datetime, timedelta
from itertools import combinations

import pytest

from domain import tournaments as t
from domain.errors import DomainError

NOW = datetime(2026, 3, 21, 12, tzinfo=UTC)
SWISS = t.CreateTournament("T", "ada", "mad", "swiss", 2, {}, NOW + timedelta(minutes=5), rounds=3)
ARENA = t.CreateTournament("A", "ada", "gnono", "arena", 2, {}, NOW, minutes=10)


def run(tournament: t.Tournament, command: t.TournamentCommand, at: datetime = NOW) -> t.Tournament:
    return t.fold(t.decide(tournament, command, at), tournament)


def refused(tournament: t.Tournament, command: t.TournamentCommand, at: datetime = NOW) -> str:
    with pytest.raises(DomainError) as refusal:
        t.decide(tournament, command, at)
    return refusal.value.code


def entered(create: t.CreateTournament, bots: int) -> t.Tournament:
    tournament = run(t.Tournament(), create)
    tournament = run(tournament, t.Enter(player="ada"))
    for _ in range(bots):
        tournament = run(tournament, t.Enter(bot="heuristic", by="ada"))
    return tournament


def finish_table(
    tournament: t.Tournament, seating: t.TableSeating, at: datetime = NOW
) -> t.Tournament:
    """The table's game ends with its seats in order of their entries' names."""
    ranked = sorted(range(len(seating.entries)), key=lambda seat: seating.entries[seat])
    standings = tuple(
        t.GameStanding(seat, 0, 1 + ranked.index(seat)) for seat in range(len(seating.entries))
    )
    return run(tournament, t.RecordGame(seating.game_id, standings), at)


def test_players_enter_once_bots_are_the_organisers_and_the_places_are_counted() -> None:
    tournament = entered(msgspec_replace(SWISS, max_entries=3), 1)
    assert [entry.entry for entry in tournament.entries] == ["ada", "bot:heuristic:2"]
    assert refused(tournament, t.Enter(player="ada")) == "already_entered"
    assert refused(tournament, t.Enter(bot="random", by="bo")) == "not_organiser"
    tournament = run(tournament, t.Enter(player="bo"))
    assert refused(tournament, t.Enter(player="cy")) == "tournament_full"
    tournament = run(tournament, t.Withdraw("bo"))
    assert refused(tournament, t.Withdraw("bo")) == "not_entered"
    assert run(tournament, t.Enter(player="cy")).entries[-1].entry == "cy"


def test_only_the_organiser_starts_early_and_the_start_time_starts_it_or_calls_it_off() -> None:
    lonely = entered(SWISS, 0)
    assert refused(lonely, t.Start("ada")) == "too_few_entries"
    assert refused(lonely, t.Advance()) == "not_due"
    assert run(lonely, t.Advance(), SWISS.starts_at).status == "cancelled"
    tournament = entered(SWISS, 3)
    assert refused(tournament, t.Start("bo")) == "not_organiser"
    started = run(tournament, t.Start("ada"))
    assert started.status == "running" and len(started.rounds[0].tables) == 2
    assert refused(started, t.Start("ada")) == "tournament_started"
    assert refused(started, t.Enter(player="bo")) == "tournament_started"


def test_a_game_is_recorded_once_and_only_a_table_of_the_tournament() -> None:
    tournament = run(entered(SWISS, 3), t.Start("ada"))
    seating = tournament.rounds[0].tables[0]
    after = finish_table(tournament, seating)
    assert [result.points for result in after.results[seating.game_id].results] == sorted(
        [2, 0], reverse=seating.entries[0] < seating.entries[1]
    )
    standings = (t.GameStanding(0, 0, 1), t.GameStanding(1, 0, 2))
    assert refused(after, t.RecordGame(seating.game_id, standings)) == "game_recorded"
    assert refused(after, t.RecordGame("elsewhere", standings)) == "not_in_tournament"


def test_a_swiss_of_six_plays_its_rounds_without_a_repeat_and_finishes_with_its_standings() -> None:
    tournament = run(entered(SWISS, 5), t.Start("ada"))
    while tournament.status == "running":
        tournament = finish_table(tournament, tournament.playing[0])
    assert len(tournament.rounds) == 3 and tournament.ended_rounds == 3
    pairs = [
        pair
        for each in tournament.rounds
        for table in each.tables
        for pair in combinations(table.entries, 2)
    ]
    assert len({frozenset(pair) for pair in pairs}) == len(pairs) == 9
    assert sum(row.points for row in tournament.standings) == 9 * 2
    assert tournament.standings == t.standings(tournament)
    assert refused(tournament, t.Withdraw("ada")) == "tournament_over"


def test_a_count_that_does_not_divide_gives_a_bye_worth_a_win() -> None:
    tournament = run(entered(msgspec_replace(SWISS, seats=3), 4), t.Start("ada"))
    first = tournament.rounds[0]
    assert len(first.byes) == 2 and first.bye_points == 4
    assert [len(table.entries) for table in first.tables] == [3]


def test_an_arena_seats_entries_again_as_they_finish_and_ends_once_its_time_is_up() -> None:
    tournament = run(entered(ARENA, 5), t.Start("ada"))
    assert tournament.ends_at == NOW + timedelta(minutes=10)
    assert len(tournament.playing) == 3
    first, second = tournament.playing[0], tournament.playing[1]
    tournament = finish_table(tournament, first)
    assert len(tournament.playing) == 2, "two who have just played wait for others"
    tournament = finish_table(tournament, second)
    reseated = tournament.playing[-1].entries
    assert set(reseated) not in (set(first.entries), set(second.entries))
    late = NOW + timedelta(minutes=11)
    for seating in tournament.playing:
        tournament = finish_table(tournament, seating, late)
    assert tournament.status == "finished"


def test_an_arena_whose_time_is_up_with_nobody_playing_finishes_when_advanced() -> None:
    tournament = run(t.Tournament(), ARENA)
    for player in ("ada", "bo", "cy"):
        tournament = run(tournament, t.Enter(player=player))
    tournament = run(tournament, t.Start("ada"))
    assert [seating.entries for seating in tournament.playing] == [("ada", "bo")]
    tournament = run(run(tournament, t.Withdraw("ada")), t.Withdraw("cy"))
    tournament = finish_table(tournament, tournament.playing[0])
    assert tournament.status == "running" and not tournament.playing
    assert refused(tournament, t.Advance()) == "nothing_due"
    assert run(tournament, t.Advance(), NOW + timedelta(minutes=10)).status == "finished"


def test_two_wins_in_a_row_set_an_arena_entry_on_fire() -> None:
    tournament = run(entered(ARENA, 1), t.Start("ada"))
    won = (t.GameStanding(0, 0, 1), t.GameStanding(1, 0, 2))
    points = []
    for _ in range(4):
        seating = tournament.playing[0]
        tournament = run(tournament, t.RecordGame(seating.game_id, won))
        points.append(tournament.results[seating.game_id].results[0].points)
    assert points == [2, 2, 4, 4]


def msgspec_replace(create: t.CreateTournament, **changes: object) -> t.CreateTournament:
    import msgspec

    return msgspec.structs.replace(create, **changes)

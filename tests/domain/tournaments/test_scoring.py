"""Points per place and the tie-breaks, on results worked out by hand."""

from domain import tournaments as t
from domain.tournaments import scoring


def test_a_place_earns_two_points_an_opponent_behind_and_one_an_opponent_tied() -> None:
    assert [scoring.place_points(p, [1, 2]) for p in (1, 2)] == [2, 0]
    assert [scoring.place_points(p, [1, 1]) for p in (1, 1)] == [1, 1]
    assert [scoring.place_points(p, [1, 2, 2, 4]) for p in (1, 2, 4)] == [6, 3, 0]
    assert scoring.bye_points(4) == scoring.place_points(1, [1, 2, 3, 4]) == 6


def recorded(round: int, game: str, *places: tuple[str, int]) -> t.GameRecorded:
    ranks = [place for _, place in places]
    results = tuple(
        t.Result(entry, seat, place, scoring.place_points(place, ranks))
        for seat, (entry, place) in enumerate(places)
    )
    return t.GameRecorded(round, game, results)


def test_buchholz_then_sonneborn_berger_order_equal_points() -> None:
    entries = tuple(t.Entry(name, name, player=name) for name in "abcd")
    games = (
        recorded(1, "g1", ("a", 1), ("b", 2)),
        recorded(1, "g2", ("c", 1), ("d", 2)),
        recorded(2, "g3", ("a", 1), ("c", 2)),
        recorded(2, "g4", ("b", 1), ("d", 1)),
    )
    tournament = t.Tournament(entries=entries, results={game.game_id: game for game in games})
    rows = {row.entry: row for row in t.standings(tournament)}
    assert {e: (r.points, r.buchholz, r.sonneborn_berger) for e, r in rows.items()} == {
        "a": (4, 3, 6),
        "b": (1, 5, 1),
        "c": (2, 5, 2),
        "d": (1, 3, 1),
    }
    assert [row.entry for row in t.standings(tournament)] == ["a", "c", "b", "d"]
    assert [rows[e].rank for e in "acbd"] == [1, 2, 3, 4]


def test_entries_equal_in_points_and_tie_breaks_share_a_rank() -> None:
    entries = tuple(t.Entry(name, name, player=name) for name in "ab")
    game = recorded(1, "g", ("a", 1), ("b", 1))
    tournament = t.Tournament(entries=entries, results={"g": game})
    assert [(row.entry, row.rank) for row in t.standings(tournament)] == [("a", 1), ("b", 1)]

"""Scoreboards as a pure fold: seat names, then each player's result when the game ends;
casual seats count for nobody, bots count as `bot:<strategy>`."""

from domain import table
from projections.events import decoded
from projections.model import fold, replay
from projections.scoreboards import Scoreboards
from tests.projections.given import NOW, in_batches, stored_game, written

HANDLES = ("player 0", "player 1", "player 2", "player 3")


def test_a_finished_game_counts_for_every_player() -> None:
    game_id, events = stored_game("mad", 2, seats=3, handles=HANDLES)
    standings = next(
        event.standings for _, event in decoded(events) if isinstance(event, table.GameFinished)
    )
    _, changes = fold(Scoreboards(), {}, events)
    rows = written(changes)
    assert rows["seat_names"] == {
        (game_id, seat): {"game_id": game_id, "seat": seat, "name": f"player {seat}"}
        for seat in range(3)
    }
    for standing in standings:
        name = f"player {standing.seat}"
        assert rows["scoreboard"][("mad", name)] == {
            "kind": "mad",
            "player": name,
            "played": 1,
            "won": int(standing.place == 1),
            "points": standing.score,
        }
        game = rows["player_games"][(game_id, standing.seat)]
        assert (game["player"], game["place"], game["finished_at"]) == (name, standing.place, NOW)


def test_two_games_add_up_per_player() -> None:
    _, first = stored_game("gnono", 7, handles=HANDLES)
    _, second = stored_game("gnono", 8, handles=HANDLES)
    _, changes = fold(Scoreboards(), {}, [*first, *second])
    board = written(changes)["scoreboard"]
    assert {row["played"] for row in board.values()} == {2}
    assert sum(row["won"] for row in board.values()) >= 2


def test_the_names_kept_between_batches_are_the_names_replayed() -> None:
    game_id, events = stored_game("onexeno", 5, seats=4, handles=HANDLES)
    _, whole = fold(Scoreboards(), {}, events)
    states, batched = in_batches(Scoreboards(), events, 3)
    assert batched == written(whole)
    assert states[game_id] == (len(events), replay(Scoreboards(), events))
    assert replay(Scoreboards(), events) == {seat: f"player {seat}" for seat in range(4)}


def test_casual_seats_count_for_nobody() -> None:
    _, events = stored_game("mad", 4, seats=3, handles=("ada", None, None))
    _, changes = fold(Scoreboards(), {}, events)
    rows = written(changes)
    assert [key[1] for key in rows["scoreboard"]] == ["ada"]
    assert [key[1] for key in rows["player_games"]] == [0]
    assert len(rows["seat_names"]) == 3

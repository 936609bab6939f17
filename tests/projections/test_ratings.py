"""Ratings as a fold: each finished game rates its players exactly as OpenSkill's
Plackett-Luce model does for the same result, from the ratings they had before."""

from typing import Any

from openskill.models import PlackettLuce

from domain import table
from projections.events import decoded
from projections.model import fold
from projections.ratings import Ratings, Seated, contest
from tests.projections.given import Tables, stored_game, written


def standings(events: list[Any]) -> tuple[table.Standing, ...]:
    found: tuple[table.Standing, ...] = next(
        event.standings for _, event in decoded(events) if isinstance(event, table.GameFinished)
    )
    return found


def rated(events: list[Any], tables: Tables | None = None) -> Tables:
    _, changes = fold(Ratings(), {}, events)
    return written(changes, tables)


def ratings_of(tables: Tables, kind: str) -> dict[str, tuple[float, float]]:
    return {
        player: (row["mu"], row["sigma"])
        for (rated_kind, player), row in tables["ratings"].items()
        if rated_kind == kind
    }


def expected_free_for_all(handles: tuple[str, ...], events: list[Any]) -> dict[str, Any]:
    model = PlackettLuce()
    place = {standing.seat: standing.place for standing in standings(events)}
    teams = [[model.rating()] for _ in handles]
    after = model.rate(teams, ranks=[place[seat] for seat in range(len(handles))])
    return {
        handle: (team[0].mu, team[0].sigma) for handle, team in zip(handles, after, strict=True)
    }


def test_a_two_seat_game_rates_both_players_as_the_library_does() -> None:
    handles = ("ada", "bo")
    _, events = stored_game("ecliptic", 3, seats=2, handles=handles)
    tables = rated(events)
    assert ratings_of(tables, "ecliptic") == expected_free_for_all(handles, events)
    assert {row["played"] for row in tables["ratings"].values()} == {1}


def test_a_six_seat_game_rates_every_player_as_the_library_does() -> None:
    handles = ("ada", "bo", "cy", "di", "ed", "flo")
    _, events = stored_game("gnono", 11, seats=6, handles=handles)
    assert ratings_of(rated(events), "gnono") == expected_free_for_all(handles, events)


def test_onexeno_partners_are_rated_as_teams() -> None:
    handles = ("ada", "bo", "cy", "di")
    _, events = stored_game("onexeno", 6, seats=4, handles=handles, options={"teams": 2})
    place = {standing.seat: standing.place for standing in standings(events)}
    model = PlackettLuce()
    teams = [[model.rating(), model.rating()], [model.rating(), model.rating()]]
    after = model.rate(teams, ranks=[place[0], place[1]])  # seat s partners seat s + 2
    expected = {
        "ada": after[0][0],
        "cy": after[0][1],
        "bo": after[1][0],
        "di": after[1][1],
    }
    assert ratings_of(rated(events), "onexeno") == {
        handle: (rating.mu, rating.sigma) for handle, rating in expected.items()
    }


def test_a_second_game_starts_from_the_ratings_the_first_left() -> None:
    handles = ("ada", "bo")
    _, first = stored_game("ecliptic", 3, seats=2, handles=handles)
    _, second = stored_game("ecliptic", 4, seats=2, handles=handles)
    tables = rated([*first, *second])
    model = PlackettLuce()
    after_first = expected_free_for_all(handles, first)
    place = {standing.seat: standing.place for standing in standings(second)}
    teams = [[model.rating(*after_first[handle])] for handle in handles]
    after = model.rate(teams, ranks=[place[0], place[1]])
    assert ratings_of(tables, "ecliptic") == {
        handle: (team[0].mu, team[0].sigma) for handle, team in zip(handles, after, strict=True)
    }
    assert {row["played"] for row in tables["ratings"].values()} == {2}
    changes = tables["rating_changes"]
    assert len(changes) == 4
    for row in changes.values():
        assert row["ordinal"] == row["mu"] - 3 * row["sigma"]


def test_casual_seats_are_left_out_and_a_lone_player_is_not_rated() -> None:
    _, events = stored_game("mad", 5, seats=3, handles=("ada", None, "bo"))
    assert set(ratings_of(rated(events), "mad")) == {"ada", "bo"}
    _, alone = stored_game("mad", 6, seats=3, handles=("ada", None, None))
    assert "ratings" not in rated(alone)


def test_the_ratings_kept_between_batches_are_the_ratings_of_one_fold() -> None:
    handles = ("ada", "bo", "cy")
    _, events = stored_game("mad", 7, seats=3, handles=handles)
    whole = rated(events)
    tables: Tables = {}
    states: dict[str, Any] = {}
    for start in range(0, len(events), 5):
        states, changes = fold(Ratings(), states, events[start : start + 5])
        written(changes, tables)
    assert tables == whole


def test_a_player_holding_several_seats_counts_once_at_its_first() -> None:
    game = Seated({}, ("ada", "bot:random", None, "bot:random"))
    places = (2, 1, 4, 3)
    standings = tuple(table.Standing(seat, 0, place) for seat, place in enumerate(places))
    assert contest("mad", game, standings) == [(("ada",), 2), (("bot:random",), 1)]


def test_a_partnership_is_rated_by_its_players_only() -> None:
    game = Seated({"teams": 2}, ("ada", None, "bo", "cy"))
    places = (2, 1, 2, 1)
    standings = tuple(table.Standing(seat, 0, place) for seat, place in enumerate(places))
    assert contest("onexeno", game, standings) == [(("ada", "bo"), 2), (("cy",), 1)]

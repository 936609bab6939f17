"""Bot strategies in the domain: always a legal move, and the heuristic beats random play."""

import pytest

from commands.log.registry import GAMES
from commands.workers.strategies import strategies, strategy
from domain.bots import bot_chance, random_move
from domain.errors import DomainError
from domain.matches import play_match

GAMES_PER_KIND = 60
SEATS = {"gnono": 4, "mad": 4, "onexeno": 4, "ecliptic": 2, "cno": 4}
QUICK = {"gnono": {"playout_score": 100}}


def test_every_game_offers_a_random_a_heuristic_and_a_search_bot() -> None:
    assert {kind: sorted(strategies(kind)) for kind in GAMES} == {
        kind: ["heuristic", "random", "search"] for kind in GAMES
    }


def test_an_unknown_bot_is_refused_with_the_names_there_are() -> None:
    with pytest.raises(DomainError) as refused:
        strategy("mad", "genius")
    assert refused.value.code == "unknown_bot"
    assert "heuristic, random, search" in refused.value.message


def test_a_bot_chooses_the_same_move_every_time_it_is_asked() -> None:
    moves = tuple(range(50))
    first = [random_move(None, moves, bot_chance("g", 1, version)) for version in range(20)]
    again = [random_move(None, moves, bot_chance("g", 1, version)) for version in range(20)]
    assert first == again
    assert len(set(first)) > 1


@pytest.mark.parametrize("kind", list(GAMES))
def test_a_table_of_heuristic_bots_plays_legal_moves_to_the_end(kind: str) -> None:
    bots = [strategy(kind, "heuristic")] * SEATS[kind]
    for seed in range(5):
        standings = play_match(GAMES[kind], bots, seed, QUICK.get(kind))
        assert min(standing.place for standing in standings) == 1


@pytest.mark.parametrize("kind", list(GAMES))
def test_the_heuristic_wins_more_than_its_fair_share_against_random_bots(kind: str) -> None:
    seats, heuristic = SEATS[kind], strategy(kind, "heuristic")
    wins = 0
    for seed in range(GAMES_PER_KIND):
        seat = seed % seats
        players = [heuristic if s == seat else random_move for s in range(seats)]
        wins += play_match(GAMES[kind], players, seed, QUICK.get(kind))[seat].place == 1
    assert wins / GAMES_PER_KIND > 1.5 / seats, f"{wins} wins in {GAMES_PER_KIND} games"

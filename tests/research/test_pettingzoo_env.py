"""The learning environment: PettingZoo's own API test for every kind, views that never
show a hidden card, rewards from the standings, and a dataset's games replayed through it
to the standings they had."""

import random
from typing import Any

import msgspec
import numpy as np
import pytest
from pettingzoo.test import api_test

from commands.log.registry import GAMES
from research import pettingzoo_env
from research.pettingzoo_env import OBSERVATION_BYTES, CardroomEnv, env
from research.replay import replayed, standings
from tests.commands.datasets import golden_lines
from tests.domain.playout import cards_in

QUICK = {"gnono": {"playout_score": 1}}
"""Options that keep a random game short."""


@pytest.mark.parametrize("kind", list(GAMES))
def test_every_kind_passes_pettingzoos_api_test(kind: str) -> None:
    api_test(env(kind=kind, **QUICK.get(kind, {})), num_cycles=500, verbose_progress=False)


def played(kind: str, seats: int, seed: int) -> tuple[CardroomEnv, list[dict[str, Any]]]:
    """A random game to its end; every observation made on the way."""
    game = CardroomEnv(kind, seats=seats, **QUICK.get(kind, {}))
    game.reset(seed=seed)
    chooser = random.Random(seed)
    seen: list[dict[str, Any]] = []
    for agent in game.agent_iter(max_iter=20_000):
        observation, reward, terminated, truncated, _ = game.last()
        seen.append({"agent": agent, "table": game.table, "reward": reward, **observation})
        legal = np.flatnonzero(observation["action_mask"])
        game.step(None if terminated or truncated else int(chooser.choice(legal)))
    return game, seen


@pytest.mark.parametrize("kind", list(GAMES))
def test_an_agent_observes_its_seats_view_and_never_a_hidden_card(kind: str) -> None:
    rules = GAMES[kind]
    game, seen = played(kind, rules.max_seats if kind != "gnono" else 3, 11)
    assert game.table.status == "finished"
    for each in seen:
        data = bytes(each["observation"]).rstrip(b"\0")
        assert len(each["observation"]) == OBSERVATION_BYTES
        view = msgspec.json.decode(data)
        seat = int(each["agent"].removeprefix("player_"))
        state = each["table"]
        if state.status != "playing":
            continue
        assert view["you"] == seat
        hidden = rules.hidden(state.game, seat)
        assert not [card for card in cards_in(view, rules.Card) if card in hidden]


@pytest.mark.parametrize("kind", list(GAMES))
def test_the_rewards_are_the_standings(kind: str) -> None:
    game, seen = played(kind, 2, 5)
    places = {each.seat: each.place for each in game.standings()}
    assert set(places) == {0, 1}
    final = {each["agent"]: each["reward"] for each in seen[-2:]}
    assert final == {f"player_{seat}": {1: 1.0, 2: -1.0}[place] for seat, place in places.items()}
    assert all(each["reward"] == 0 for each in seen[:-2])


def test_the_options_and_seats_reach_the_table() -> None:
    game = CardroomEnv("gnono", seats=4, hand_size=11)
    game.reset(seed=1)
    assert len(game.table.seats) == 4 and game.table.options.hand_size == 11
    assert game.observation_space("player_3")["action_mask"].shape == (
        pettingzoo_env.ACTIONS["gnono"],
    )


def test_an_action_beyond_the_legal_moves_is_refused() -> None:
    game = CardroomEnv("mad")
    game.reset(seed=3)
    with pytest.raises(ValueError, match="legal moves"):
        game.step(pettingzoo_env.ACTIONS["mad"] - 1)


@pytest.mark.parametrize("line", golden_lines(), ids=lambda line: line.kind)
def test_a_datasets_game_replays_through_the_environment_to_its_standings(line: Any) -> None:
    assert standings(line) == msgspec.to_builtins(line.standings)
    game = replayed(line)
    assert game.table.status == "finished"
    assert all(game.terminations.values())

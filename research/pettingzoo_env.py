"""A PettingZoo AEC environment of every kind, on the games' own pure deciders: no server.

    from research.pettingzoo_env import env
    game = env(kind="mad", seats=3)          # any option of the kind besides `seats`
    game.reset(seed=7)
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, info = game.last()
        mask = observation["action_mask"]
        game.step(None if terminated or truncated else int(mask.nonzero()[0][0]))

Agents are `player_0` ... one per seat. Each observes its seat's view alone (the game's own
`view`, which never shows a hidden card), encoded as `observation`: the UTF-8 bytes of the
view's JSON (keys sorted, `legal_moves` left out), zero-padded to `OBSERVATION_BYTES`
(JSON holds no zero byte). Action `i` is the `i`-th of the seat's `legal_moves`, in their
deterministic order; `action_mask` marks the seat's moves now (`actions(kind)` of them at
most). Turn-based games select the seat whose turn it is; in a real-time game (CNO) every
seat able to move takes its turn round the table. Rewards come at the end from the
standings: `(n + 1 - 2 * place) / (n - 1)` for n seats (1 for the first, -1 for the last).

Chance is the table's own: `reset(seed=...)` makes the secret, or `options={"secret": hex,
"seats": [take_seat commands], "now": ISO time}` sets a recorded table's, which is how
`research.replay` replays a dataset's games.
"""

from datetime import UTC, datetime, timedelta
from typing import Any, ClassVar

import gymnasium
import msgspec
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from commands.log.registry import game_rules
from domain import table
from domain.decider import AnyRules, Standing

OBSERVATION_BYTES = 16_384
"""The length of every observation (four times the longest view seen in random play)."""
ACTIONS = {"gnono": 64, "mad": 256, "onexeno": 128, "ecliptic": 128, "cno": 64}
"""The most legal moves a seat of each kind can have at once, and more (MAD: 10 x 25)."""
START = datetime(2026, 1, 1, tzinfo=UTC)
STEP = timedelta(seconds=1)
"""How far the table's clock moves at each step."""


def actions(kind: str) -> int:
    return ACTIONS[kind]


def observe_view(view: table.TableView) -> np.ndarray:
    """A seat's view as the fixed-size observation."""
    data = msgspec.json.encode(msgspec.structs.replace(view, legal_moves=()), order="sorted")
    if len(data) > OBSERVATION_BYTES:
        raise OverflowError(f"a view of {len(data)} bytes exceeds {OBSERVATION_BYTES}")
    observation = np.zeros(OBSERVATION_BYTES, dtype=np.uint8)
    observation[: len(data)] = np.frombuffer(data, dtype=np.uint8)
    return observation


def reward(standing: Standing, seats: int) -> float:
    return (seats + 1 - 2 * standing.place) / (seats - 1) if seats > 1 else 0.0


class CardroomEnv(AECEnv):  # type: ignore[misc]
    """One table of one kind; see the module's docstring."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "cardroom_v1",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(self, kind: str, seats: int | None = None, **options: Any) -> None:
        super().__init__()
        self.rules: AnyRules = game_rules(kind)
        self.options = options
        self.seats = seats or max(self.rules.min_seats, 2)
        self.possible_agents = [f"player_{seat}" for seat in range(self.seats)]
        self.render_mode = "ansi"
        mask = gymnasium.spaces.Box(0, 1, (actions(kind),), np.int8)
        view = gymnasium.spaces.Box(0, 255, (OBSERVATION_BYTES,), np.uint8)
        space = gymnasium.spaces.Dict({"observation": view, "action_mask": mask})
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(actions(kind)) for agent in self.possible_agents
        }
        self.table: table.AnyTable = table.AnyTable()
        self.secret = b""
        self.now = START

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        given = options or {}
        self.secret = bytes.fromhex(given["secret"]) if "secret" in given else _secret(seed)
        self.now = datetime.fromisoformat(given["now"]) if "now" in given else START
        self.table = table.AnyTable()
        self._decide(None, table.CreateTable(self.rules.kind, self.options))
        takes = given.get("seats") or [
            {"name": agent, "entropy": f"{seed}:{agent}"} for agent in self.possible_agents
        ]
        for take in takes:
            self._decide(None, msgspec.convert({"type": "take_seat", **take}, table.TakeSeat))
        if self.table.status == "open":
            self._decide(0, table.StartGame())
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._next_mover(self.seats - 1)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        view = table.view(self.rules, self.table, seat)
        mask = np.zeros(actions(self.rules.kind), dtype=np.int8)
        mask[: len(self.moves(seat))] = 1
        return {"observation": observe_view(view), "action_mask": mask}

    def moves(self, seat: int) -> tuple[Any, ...]:
        """The seat's legal moves now: action `i` is the `i`-th."""
        if self.table.status != "playing":
            return ()
        return table.legal_moves(self.rules, self.table, seat)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        moves = self.moves(seat)
        if action is None or not 0 <= int(action) < len(moves):
            raise ValueError(f"{agent} has {len(moves)} legal moves, not action {action}")
        self._cumulative_rewards[agent] = 0.0
        self._decide(seat, moves[int(action)])
        self.now += STEP
        if self.table.status == "finished":
            self._finish()
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self._next_mover(seat)
        self._accumulate_rewards()

    def standings(self) -> tuple[Standing, ...]:
        """The table's standings once the game is over (empty before)."""
        return self.table.standings

    def render(self) -> str:
        return msgspec.json.encode(table.view(self.rules, self.table, -1)).decode()

    def close(self) -> None:
        pass

    def _decide(self, seat: int | None, command: Any) -> None:
        ctx = table.decision_context(self.table, seat, self.now, self.secret)
        self.table = table.decided(self.rules, self.table, command, ctx).table

    def _next_mover(self, after: int) -> str:
        """The first seat after `after`, round the table, that can move."""
        for offset in range(1, self.seats + 1):
            seat = (after + offset) % self.seats
            if self.moves(seat):
                return self.possible_agents[seat]
        return self.possible_agents[(after + 1) % self.seats]

    def _finish(self) -> None:
        self.rewards = {
            self.possible_agents[each.seat]: reward(each, self.seats) for each in self.standings()
        }
        self.terminations = dict.fromkeys(self.agents, True)
        self.agent_selection = self._next_mover(self.seats - 1)


def _secret(seed: int | None) -> bytes:
    return (seed if seed is not None else int.from_bytes(np.random.bytes(4))).to_bytes(8, "big")


def raw_env(kind: str, **options: Any) -> CardroomEnv:
    return CardroomEnv(kind, **options)


def env(kind: str, **options: Any) -> AECEnv:
    """The environment of `kind` (`seats`, and any option of the kind), with PettingZoo's
    checks of the order of calls and of the actions' bounds."""
    return wrappers.OrderEnforcingWrapper(
        wrappers.AssertOutOfBoundsWrapper(raw_env(kind, **options))
    )

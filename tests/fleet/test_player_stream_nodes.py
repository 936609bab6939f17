"""A player's stream begun on one of two running nodes resumes on the other: two services
at once, so it runs with the fleet's tests, alone, after the rest."""

import time
from pathlib import Path

import pytest

from tests.api.players import bearer
from tests.e2e.test_player_streams import challenge, play_to_the_end, read_until, register
from tests.e2e.test_service import served

pytestmark = pytest.mark.fleet


def test_a_player_stream_resumes_on_another_node_with_nothing_lost_or_doubled(
    database_url: str, redis_url: str, stream: str, tmp_path: Path
) -> None:
    suffix = time.monotonic_ns() % 10**8
    with (
        served(database_url, redis_url, stream, tmp_path / "a") as (one, _),
        served(database_url, redis_url, stream, tmp_path / "b") as (other, _),
    ):
        tokens = [register(one, f"{name}-{suffix}") for name in ("ada", "bo")]
        challenge_id = challenge(one, tokens[0], f"bo-{suffix}")
        accepted = other.post(f"/challenges/{challenge_id}/accept", headers=bearer(tokens[1]))
        game_id = accepted.json()["game_id"]
        before = [read_until(one, token, "0-0-0", "game_started") for token in tokens]
        play_to_the_end(other, game_id, tokens)
        for token, seen in zip(tokens, before, strict=True):
            resumed = read_until(other, token, seen[-1][0], "game_finished")
            whole = read_until(one, token, "0-0-0", "game_finished")
            assert seen + resumed == whole, "nothing lost, nothing doubled"
            assert whole[-1][2]["standings"]

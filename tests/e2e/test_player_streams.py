"""Players' streams against the real `cardroom serve`: the example bot plays three games at
once over its one stream, and both players' streams resume across a restart of the service
with `Last-Event-ID`, nothing lost and nothing doubled."""

import importlib.util
import json
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx

from tests.api.players import bearer
from tests.e2e.test_service import served

EXAMPLE = Path(__file__).parents[2] / "examples" / "stream_bot.py"
KIND = "mad"
WAIT_SECONDS = 120
"""A bound on waits for what must come, never on how fast it comes."""
Notice = tuple[str, str, dict[str, Any]]
"""A notice as the stream sent it: its id, its event and its data."""


def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("stream_bot", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def register(http: httpx.Client, handle: str) -> str:
    answer = http.post("/players", json={"handle": handle})
    assert answer.status_code == 201, answer.text
    return str(answer.json()["token"])


def challenge(http: httpx.Client, token: str, handle: str) -> str:
    body = {"kind": KIND, "challenged": handle}
    answer = http.post("/challenges", json=body, headers=bearer(token))
    assert answer.status_code == 201, answer.text
    return str(answer.json()["challenge_id"])


def wait_for(condition: Any, what: str) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.2)


def test_the_example_bot_plays_three_games_at_once_over_one_stream(
    database_url: str, redis_url: str, stream: str, tmp_path: Path
) -> None:
    bot = f"bot-{time.monotonic_ns() % 10**8}"
    with served(database_url, redis_url, stream, tmp_path) as (http, _):
        base = str(http.base_url)
        program = subprocess.Popen(
            [sys.executable, str(EXAMPLE), base, bot, "3"], stdout=subprocess.PIPE, text=True
        )
        try:
            wait_for(lambda: http.get(f"/players/{bot}").status_code == 200, "the bot registered")
            players = {name: register(http, f"{name}-{bot}") for name in ("ada", "bo")}
            finished: dict[str, list[dict[str, Any]]] = {}
            module = example()

            def play(name: str, games: int) -> None:
                with httpx.Client(base_url=base, timeout=30) as own:
                    finished[name] = module.follow(own, players[name], f"{name}-{bot}", games)

            threads = [
                threading.Thread(target=play, args=("ada", 2)),
                threading.Thread(target=play, args=("bo", 1)),
            ]
            for thread in threads:
                thread.start()
            for name in ("ada", "ada", "bo"):
                challenge(http, players[name], bot)
            output, _ = program.communicate(timeout=WAIT_SECONDS)
            for thread in threads:
                thread.join(WAIT_SECONDS)
        finally:
            program.kill()
        assert program.returncode == 0
        bot_games = [json.loads(line) for line in output.splitlines()]
        assert len(bot_games) == 3 and len({game["game_id"] for game in bot_games}) == 3
        players_games = finished["ada"] + finished["bo"]
        assert {game["game_id"] for game in players_games} == {g["game_id"] for g in bot_games}
        for game in players_games:
            seen = next(mine for mine in bot_games if mine["game_id"] == game["game_id"])
            assert game["standings"] == seen["standings"] and game["standings"], "on both streams"

        def scored() -> bool:
            board = http.get(f"/scoreboards/{KIND}", params={"limit": 200}).json()["items"]
            return any(row["player"] == bot and row["played"] == 3 for row in board)

        wait_for(scored, "the bot's three games on the scoreboard")


def read_until(
    http: httpx.Client, token: str, last_event_id: str, until: str, count: int = 1
) -> list[Notice]:
    """A player's notices after `last_event_id`, up to the `count`-th of event `until`."""
    notices: list[Notice] = []
    headers = bearer(token) | {"Last-Event-ID": last_event_id}
    with http.stream("GET", "/players/me/live", headers=headers, timeout=WAIT_SECONDS) as answer:
        assert answer.status_code == 200
        fields: dict[str, str] = {}
        for line in answer.iter_lines():
            if line.startswith(("id:", "event:", "data:")):
                name, _, value = line.partition(":")
                fields[name] = value.strip()
            elif not line and "data" in fields:
                notices.append((fields["id"], fields["event"], json.loads(fields["data"])))
                fields = {}
                if sum(event == until for _, event, _ in notices) == count:
                    return notices
    raise AssertionError(f"the stream ended before {until}")


def play_to_the_end(http: httpx.Client, game_id: str, tokens: list[str]) -> None:
    """Post the first legal move of whoever may move, until the game ends."""
    while True:
        views = [http.get(f"/games/{game_id}", headers=bearer(t)).json() for t in tokens]
        if views[0]["status"] == "finished":
            return
        for token, view in zip(tokens, views, strict=True):
            if view["legal_moves"]:
                move = view["legal_moves"][0]
                http.post(f"/games/{game_id}/commands", json=move, headers=bearer(token))
                break


def test_player_streams_resume_across_a_restart_with_nothing_lost_or_doubled(
    database_url: str, redis_url: str, stream: str, tmp_path: Path
) -> None:
    suffix = time.monotonic_ns() % 10**8
    with served(database_url, redis_url, stream, tmp_path) as (http, _):
        tokens = [register(http, f"{name}-{suffix}") for name in ("ada", "bo")]
        challenge_id = challenge(http, tokens[0], f"bo-{suffix}")
        accepted = http.post(f"/challenges/{challenge_id}/accept", headers=bearer(tokens[1]))
        game_id = accepted.json()["game_id"]
        before = [read_until(http, token, "0-0-0", "game_started") for token in tokens]
    with served(database_url, redis_url, stream, tmp_path) as (http, _):
        play_to_the_end(http, game_id, tokens)
        for token, seen in zip(tokens, before, strict=True):
            resumed = read_until(http, token, seen[-1][0], "game_finished")
            whole = read_until(http, token, "0-0-0", "game_finished")
            assert seen + resumed == whole, "nothing lost, nothing doubled"
            assert [notice[0] for notice in whole] == sorted(
                (notice[0] for notice in whole), key=lambda id: tuple(map(int, id.split("-")))
            )
            assert whole[-1][2]["standings"] and any(e == "your_turn" for _, e, _ in resumed)

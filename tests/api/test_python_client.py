"""A Python client generated from the served document by openapi-python-client, as an
integrator generates one: generation exits cleanly with no warning, and the generated client
alone (its models, its operations, its parsing of every answer) plays a whole game of every
kind against a running `cardroom serve`, each move one of the view's `legal_moves` sent back
as the generated model it was parsed into."""

import importlib
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest

from api.main.openapi import document
from commands.log.registry import GAMES
from tests.api.alone import own_database, served_alone
from tests.api.players import QUICK_OPTIONS
from tests.api.published import sse_messages

PACKAGE = "cardroom_client"
MAX_COMMANDS = 5_000


__all__ = ["own_database"]  # the fixture


@pytest.fixture(scope="module")
def service(
    own_database: str, redis_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    with served_alone(own_database, redis_url, tmp_path_factory.mktemp("client")) as http:
        yield str(http.base_url).rstrip("/")


@pytest.fixture(scope="module")
def generated(service: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The client generated from the document the service serves, imported."""
    folder = tmp_path_factory.mktemp("generated")
    served_document = folder / "openapi.json"
    served_document.write_bytes(httpx.get(f"{service}/schema/openapi.json").content)
    generator = shutil.which("openapi-python-client", path=str(Path(sys.executable).parent))
    assert generator, "openapi-python-client is a test dependency (make install)"
    run = subprocess.run(
        [
            generator,
            "generate",
            "--path",
            str(served_document),
            "--meta",
            "none",
            "--output-path",
            str(folder / PACKAGE),
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"},
        check=False,
    )
    said = run.stdout + run.stderr
    assert run.returncode == 0, said
    assert "Warning" not in said and "Error" not in said, said
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(folder))


def test_the_generated_client_knows_every_operation_by_its_id(generated: ModuleType) -> None:
    for item in document()["paths"].values():
        for operation in item.values():
            snake = "".join(f"_{c.lower()}" if c.isupper() else c for c in operation["operationId"])
            tag = operation["tags"][0].replace(" ", "_")
            importlib.import_module(f"{PACKAGE}.api.{tag}.{snake}")


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_the_generated_client_plays_a_whole_game(
    generated: ModuleType, service: str, kind: str
) -> None:
    api = _operations(generated)
    models = importlib.import_module(f"{PACKAGE}.models")
    anyone = generated.Client(base_url=service, raise_on_unexpected_status=True)
    create = getattr(models, f"{kind.capitalize()}CreateGame").from_dict(
        {"kind": kind, "options": QUICK_OPTIONS.get(kind, {})}
    )
    game_id = api["create_game"].sync(client=anyone, body=create).id
    seats = [
        api["take_seat"].sync(game_id, client=anyone, body=models.TakeSeatRequest(name=f"p{n}"))
        for n in range(GAMES[kind].min_seats)
    ]
    clients = [
        generated.AuthenticatedClient(
            base_url=service, token=seat.token, raise_on_unexpected_status=True
        )
        for seat in seats
    ]
    start = models.StartGame.from_dict({"type": "start_game"})
    api["post_command"].sync(game_id, client=clients[0], body=start)
    rng = random.Random(kind)
    for _ in range(MAX_COMMANDS):
        views = [api["get_game"].sync(game_id, client=client) for client in clients]
        movers = [seat for seat, seen in enumerate(views) if seen.legal_moves]
        if not movers:
            break
        seat = rng.choice(movers)
        moves = views[seat].legal_moves
        move = rng.choice([m for m in moves if m.to_dict()["type"] != "draw_card"] or moves)
        sent = api["post_command"].sync_detailed(game_id, client=clients[seat], body=move)
        assert sent.status_code in (200, 409), sent.content  # a real-time rival moved first
    final = api["get_game"].sync(game_id, client=anyone)
    assert final.to_dict()["status"] == "finished"
    assert len(final.to_dict()["standings"]) == len(seats)
    _the_generated_models_read_the_games_live_stream(models, service, game_id, seats[0].token)


def _the_generated_models_read_the_games_live_stream(
    models: ModuleType, service: str, game_id: str, token: str
) -> None:
    """Every message of the finished game's stream, views included, is read by the generated
    model of its kind, its `data` into the model of its component."""
    headers = {"Authorization": f"Bearer {token}"}
    params = {"include": "view"}
    text = httpx.get(f"{service}/games/{game_id}/live", params=params, headers=headers).text
    messages = sse_messages(text)
    kinds = {"narration": "Narration", "view": "View"}
    read = [
        getattr(models, f"GameLive{kinds.get(message['event'], 'Event')}Message").from_dict(message)
        for message in messages
    ]
    assert {type(each).__name__ for each in read} == {
        "GameLiveEventMessage",
        "GameLiveNarrationMessage",
        "GameLiveViewMessage",
    }
    assert all(each.event == message["event"] for each, message in zip(read, messages, strict=True))
    assert read[-1].data.status.value == "finished"


def _operations(generated: ModuleType) -> dict[str, Any]:
    return {
        name: importlib.import_module(f"{PACKAGE}.api.{tag}.{name}")
        for tag, name in (
            ("games", "create_game"),
            ("games", "take_seat"),
            ("games", "post_command"),
            ("games", "get_game"),
        )
    }

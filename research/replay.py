"""A dataset's game replayed through the learning environment: the same table (its secret,
its seats and their entropy, its options), each recorded command played as the action that
is that command, at its recorded time; the environment's standings are then the game's.

    from commands.log import dataset
    from research.replay import replayed
    standings = replayed(dataset.decode(line)).standings()
"""

from datetime import datetime
from typing import Any

import msgspec

from commands.log import codec
from commands.log.dataset import DatasetGame
from research.pettingzoo_env import CardroomEnv

TABLE_COMMANDS = ("create_table", "take_seat", "start_game", "cancel_table", "open_rematch")


def recorded_commands(line: DatasetGame) -> list[tuple[int | None, str, Any]]:
    """(seat, time, command as recorded) of every command of the game, in order."""
    found = []
    for event in line.events:
        if "command" in event.metadata:
            meta = event.metadata
            found.append((meta.get("seat"), meta.get("at", ""), meta["command"]))
    return found


def replayed(line: DatasetGame) -> CardroomEnv:
    """The environment after playing every move of the line's game; raises ValueError when a
    recorded move is not among the seat's legal moves there."""
    commands = recorded_commands(line)
    created = commands[0][2]
    seats = [command for _, _, command in commands if command["type"] == "take_seat"]
    started = next(at for _, at, command in commands if command["type"] == "start_game")
    game = CardroomEnv(line.kind, seats=len(seats), **created.get("options", {}))
    takes = [{k: v for k, v in seat.items() if k != "type"} for seat in seats]
    game.reset(options={"secret": line.seed, "seats": takes, "now": started})
    for seat, at, command in commands:
        if command["type"] in TABLE_COMMANDS:
            continue
        move = codec.recorded_command(line.kind, command)
        moves = () if seat is None else game.moves(seat)
        if seat is None or move not in moves:
            raise ValueError(f"seat {seat} cannot {command} at version {game.table.version}")
        game.agent_selection = game.possible_agents[seat]
        game.now = datetime.fromisoformat(at)
        game.step(moves.index(move))
    return game


def standings(line: DatasetGame) -> list[dict[str, Any]]:
    """The replayed game's standings, as the line writes them."""
    return [msgspec.to_builtins(each) for each in replayed(line).standings()]

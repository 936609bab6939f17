"""What `compose.yaml` runs: each service's `cardroom` command read as the roles it runs."""

from pathlib import Path

import yaml  # type: ignore[import-untyped]

from infra.roles.catalog import ROLES

COMPOSE = Path(__file__).resolve().parents[1] / "compose.yaml"


def services() -> dict[str, list[str]]:
    """Each service that runs `cardroom`, with its command's arguments after `cardroom`."""
    found = yaml.safe_load(COMPOSE.read_text())["services"]
    return {
        name: service["command"][1:]
        for name, service in found.items()
        if service.get("command", [])[:1] == ["cardroom"]
    }


def roles_of(arguments: list[str]) -> tuple[str, ...]:
    """The roles a `cardroom` command runs: `work ROLE...` its roles, `serve` every role but
    with `--no-workers`, or those of its `--role` options."""
    command, *rest = arguments
    if command == "work":
        return tuple(rest)
    assert command == "serve", f"compose.yaml runs `cardroom {command}`, which runs no role"
    if "--no-workers" in rest:
        return ()
    chosen = tuple(rest[i + 1] for i, word in enumerate(rest) if word == "--role")
    return chosen or tuple(ROLES)


def volumes() -> dict[str, dict[str, str]]:
    """Each service that runs `cardroom`, with the volume it mounts at each path."""
    found = yaml.safe_load(COMPOSE.read_text())["services"]
    mounts = {name: [v.split(":") for v in found[name].get("volumes", [])] for name in services()}
    return {name: {path: volume for volume, path in each} for name, each in mounts.items()}

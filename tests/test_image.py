"""The image and compose files, checked as text (no Docker engine is needed): the runtime
stage runs as an unprivileged user with a readiness healthcheck and installs the runtime lock
only, which holds no development package; every compose service restarts, and the API's
health is its readiness."""

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).parent.parent
RUNTIME_LOCK = "requirements-runtime.lock"


def runtime_stage() -> list[str]:
    """The Dockerfile's instructions after its last FROM (continuation lines joined)."""
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    lines = [line.strip() for line in text.splitlines()]
    instructions = [line for line in lines if line and not line.startswith("#")]
    last_from = max(i for i, line in enumerate(instructions) if line.startswith("FROM "))
    return instructions[last_from:]


def locked_names(lock: str) -> set[str]:
    text = (ROOT / lock).read_text()
    return {match.lower() for match in re.findall(r"^([A-Za-z0-9_.-]+)==", text, re.MULTILINE)}


def requirement_name(requirement: str) -> str:
    return re.split(r"[\[<>=!~ ;]", requirement, maxsplit=1)[0].lower()


def test_the_runtime_stage_runs_unprivileged_with_a_readiness_healthcheck() -> None:
    stage = runtime_stage()
    users = [line.split()[1] for line in stage if line.startswith("USER ")]
    assert users and users[-1] not in ("root", "0"), users
    [healthcheck] = [line for line in stage if line.startswith("HEALTHCHECK ")]
    assert "/health/ready" in healthcheck
    assert not [line for line in stage if re.match(r"RUN .*pip install", line)], (
        "the runtime stage installs nothing itself: it copies the built virtualenv"
    )


def test_the_image_installs_the_runtime_lock_without_development_packages() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    installs = re.findall(r"pip install[^\n]*-r\s+(\S+)", dockerfile)
    assert installs and all(path.endswith(RUNTIME_LOCK) for path in installs), installs
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    development = {requirement_name(r) for r in project["optional-dependencies"]["dev"]}
    runtime = {requirement_name(r) for r in project["dependencies"]}
    locked = locked_names(RUNTIME_LOCK)
    assert not development & locked, development & locked
    assert runtime <= locked, runtime - locked
    assert development <= locked_names("requirements.lock"), "the dev lock keeps the dev extra"


def test_every_compose_service_restarts_and_the_api_reports_readiness() -> None:
    services = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]
    for name, service in services.items():
        assert service.get("restart") in ("always", "unless-stopped", "on-failure"), name
    check = " ".join(services["api"]["healthcheck"]["test"])
    assert "/health/ready" in check


def test_every_compose_worker_serves_its_port_and_is_checked_on_it() -> None:
    services = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]
    for name in ("relay", "projections", "bots"):
        port = services[name]["environment"]["CARDROOM_WORKER_PORT"].rpartition(":")[2]
        assert f"127.0.0.1:{port}/health" in " ".join(services[name]["healthcheck"]["test"]), name

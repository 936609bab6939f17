"""`compose.yaml` runs every role somewhere, names none that does not exist, runs the API on
its own, to be scaled, and gives the API the datasets the projections build."""

from click.testing import CliRunner

from api.main.cli import main
from infra.roles.catalog import ROLES
from tests.compose import COMPOSE, roles_of, services, volumes


def test_every_role_is_run_by_a_service_of_compose() -> None:
    run = {role for arguments in services().values() for role in roles_of(arguments)}
    assert set(ROLES) - run == set(), "roles no service of compose.yaml runs"
    assert run <= set(ROLES)


def test_compose_runs_the_api_without_workers_in_one_service() -> None:
    api = [name for name, arguments in services().items() if arguments[0] == "serve"]
    assert len(api) == 1
    assert roles_of(services()[api[0]]) == ()


def test_the_roles_are_read_from_a_service_command_as_the_cli_reads_them() -> None:
    assert roles_of(["serve"]) == tuple(ROLES)
    assert roles_of(["serve", "--role", "relay", "--role", "bots"]) == ("relay", "bots")
    assert roles_of(["work", "bots", "relay"]) == ("bots", "relay")
    for name in ROLES:
        assert CliRunner().invoke(main, ["work", "--help"]).output.count(name) >= 1
    refused = CliRunner().invoke(main, ["work", "nothing"])
    assert refused.exit_code == 2 and "nothing" in refused.output


def test_the_api_and_the_projections_share_the_data_directory_of_the_image() -> None:
    data_dir = next(
        line.split("CARDROOM_DATA_DIR=")[1].split()[0]
        for line in (COMPOSE.parent / "Dockerfile").read_text().splitlines()
        if "CARDROOM_DATA_DIR=" in line
    )
    sharing = [
        name
        for name, arguments in services().items()
        if arguments[0] == "serve" or "projections" in roles_of(arguments)
    ]
    mounted = {name: volumes()[name] for name in sharing}
    assert all(data_dir in each for each in mounted.values()), mounted
    assert len({each[data_dir] for each in mounted.values()}) == 1, "one volume for all"

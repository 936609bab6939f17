"""The one Settings: every variable read from the environment, a bad value refused by name,
and the committed configuration page the same as what the variables generate."""

from dataclasses import fields
from pathlib import Path

import pytest

from infra.process import configuration
from infra.process.database import Timeouts
from infra.process.pool_sizes import PoolSizes
from infra.process.rate_limit_settings import RateLimits
from infra.process.settings import VARIABLES, Settings, StreamCaps
from infra.process.variables import SettingsError
from tests.compose import roles_of, services

GOOD = {
    "CARDROOM_DATABASE_URL": ("postgresql://db.example/cards", "database_url"),
    "CARDROOM_REDIS_URL": ("redis://cache.example/1", "redis_url"),
    "CARDROOM_REDIS_STREAM": ("cards:events", "event_stream"),
    "CARDROOM_DATA_DIR": ("/var/lib/cardroom", "data_dir"),
    "CARDROOM_DATASETS_DIR": ("/srv/datasets", "datasets"),
    "CARDROOM_BOT_PACE": ("0", "bot_pace"),
    "CARDROOM_BOT_THINKERS": ("3", "bot_thinkers"),
    "CARDROOM_OPEN_TABLE_IDLE": ("600", "open_table_idle"),
    "CARDROOM_CORS_ORIGINS": ("https://cards.example", "cors_origins"),
    "CARDROOM_TRUSTED_PROXIES": ("10.0.0.7,10.0.0.8", "trusted_proxies"),
    "CARDROOM_LIVE_HEARTBEAT": ("2.5", "live_heartbeat"),
    "CARDROOM_LIVE_STREAMS_PER_GAME": ("7", "stream_caps"),
    "CARDROOM_LIVE_STREAMS_PER_CLIENT": ("3", "stream_caps"),
    "CARDROOM_DATABASE_CONNECT_TIMEOUT": ("1.5", "database_timeouts"),
    "CARDROOM_DATABASE_STATEMENT_TIMEOUT": ("30", "database_timeouts"),
    "CARDROOM_DATABASE_POOL_API": ("4", "pool_sizes"),
    "CARDROOM_DATABASE_POOL_RELAY": ("2", "pool_sizes"),
    "CARDROOM_DATABASE_POOL_PROJECTIONS": ("5", "pool_sizes"),
    "CARDROOM_DATABASE_POOL_BOTS": ("9", "pool_sizes"),
    "CARDROOM_DATABASE_POOL_DIRECTOR": ("3", "pool_sizes"),
    "CARDROOM_RATE_LIMIT_GAMES": ("5/second", "rate_limits"),
    "CARDROOM_RATE_LIMIT_SEATS": ("6/second", "rate_limits"),
    "CARDROOM_RATE_LIMIT_PLAYERS": ("7/hour", "rate_limits"),
    "CARDROOM_RATE_LIMIT_COMMANDS": ("8/minute", "rate_limits"),
    "CARDROOM_WORKER_PORT": ("0.0.0.0:9100", "worker_port"),
    "CARDROOM_LOG_FORMAT": ("JSON", "log_format"),
    "CARDROOM_TRACES_ENDPOINT": ("http://collector.example:4318/v1/traces", "traces_endpoint"),
}
"""A good value of each variable, and the field of Settings it lands in."""

BAD = {
    "CARDROOM_DATABASE_URL": "mysql://db.example/cards",
    "CARDROOM_REDIS_URL": "db.example:6379",
    "CARDROOM_BOT_PACE": "fast",
    "CARDROOM_BOT_THINKERS": "0",
    "CARDROOM_OPEN_TABLE_IDLE": "soon",
    "CARDROOM_LIVE_HEARTBEAT": "0",
    "CARDROOM_LIVE_STREAMS_PER_GAME": "many",
    "CARDROOM_LIVE_STREAMS_PER_CLIENT": "0",
    "CARDROOM_DATABASE_CONNECT_TIMEOUT": "-1",
    "CARDROOM_DATABASE_STATEMENT_TIMEOUT": "nan",
    "CARDROOM_DATABASE_POOL_API": "0",
    "CARDROOM_DATABASE_POOL_RELAY": "two",
    "CARDROOM_DATABASE_POOL_PROJECTIONS": "-3",
    "CARDROOM_DATABASE_POOL_BOTS": "1.5",
    "CARDROOM_DATABASE_POOL_DIRECTOR": "none",
    "CARDROOM_RATE_LIMIT_GAMES": "lots",
    "CARDROOM_RATE_LIMIT_SEATS": "5 per fortnight",
    "CARDROOM_RATE_LIMIT_PLAYERS": "/minute",
    "CARDROOM_RATE_LIMIT_COMMANDS": "-",
    "CARDROOM_WORKER_PORT": "70000",
    "CARDROOM_LOG_FORMAT": "xml",
    "CARDROOM_TRACES_ENDPOINT": "collector.example:4317",
}

OUT_OF_DATE = f"out of date: run `PYTHONPATH=. {configuration.REGENERATE}` and commit"


def test_every_variable_has_a_good_value_here() -> None:
    assert {variable.name for variable in VARIABLES} == set(GOOD)


def test_nothing_set_gives_the_defaults() -> None:
    assert Settings.from_env({}) == Settings()


def test_a_blank_variable_takes_its_default() -> None:
    assert Settings.from_env(dict.fromkeys(GOOD, " ")) == Settings()


@pytest.mark.parametrize("name", sorted(GOOD))
def test_each_variable_is_read_into_its_field(name: str) -> None:
    value, field = GOOD[name]
    read = Settings.from_env({name: value})
    assert getattr(read, field) != getattr(Settings(), field)
    others = [each.name for each in fields(Settings) if each.name != field]
    assert all(getattr(read, other) == getattr(Settings(), other) for other in others)


def test_the_values_land_as_typed_values() -> None:
    read = Settings.from_env({name: value for name, (value, _) in GOOD.items()})
    assert read.data_dir == Path("/var/lib/cardroom")
    assert read.datasets_dir == Path("/srv/datasets")
    assert Settings(data_dir=Path("/var/lib/cardroom")).datasets_dir == Path(
        "/var/lib/cardroom/datasets"
    )
    assert (read.bot_pace, read.live_heartbeat) == (0.0, 2.5)
    assert read.cors_origins == ("https://cards.example",)
    assert read.stream_caps == StreamCaps(per_game=7, per_client=3)
    assert read.database_timeouts == Timeouts(connect=1.5, statement=30.0)
    assert read.rate_limits == RateLimits("5/second", "6/second", "7/hour", "8/minute")
    assert read.pool_sizes == PoolSizes(api=4, relay=2, projections=5, bots=9, director=3)
    assert (read.worker_port, read.log_format) == (("0.0.0.0", 9100), "json")


def test_a_worker_port_alone_listens_on_the_loopback() -> None:
    read = Settings.from_env({"CARDROOM_WORKER_PORT": "9100"})
    assert read.worker_port == ("127.0.0.1", 9100)


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_bad_value_is_refused_naming_its_variable(name: str) -> None:
    with pytest.raises(SettingsError, match=f"^{name}="):
        Settings.from_env({name: BAD[name]})


def test_the_committed_configuration_page_is_what_the_variables_generate() -> None:
    assert configuration.DOCS_PAGE.read_text() == configuration.configuration_page(), (
        f"docs/configuration.md is {OUT_OF_DATE}"
    )


def test_the_docs_list_every_variable_with_its_default() -> None:
    page = configuration.configuration_page()
    for variable in VARIABLES:
        assert f"| `{variable.name}` | {variable.help} | {variable.default_text()} |" in page


POSTGRES_DEFAULT_LIMIT = 100 - 3
"""`max_connections` by default, less the slots kept for superusers."""
SPARE = 20
"""Connections left for an operator's psql, a rebuild (`cardroom rebuild`), a migration."""
FLEET_ROLES = {
    "relay": "relays",
    "projections": "projections",
    "bots": "bots",
    "director": "directors",
}


def compose_processes(api_nodes: int) -> dict[str, int]:
    """How many processes of each role compose.yaml runs, with the API scaled."""
    counts = dict.fromkeys(("api", *FLEET_ROLES.values()), 0)
    for arguments in services().values():
        counts["api"] += arguments[0] == "serve"
        for role in roles_of(arguments):
            counts[FLEET_ROLES[role]] += 1
    assert counts["api"] == 1, "compose.yaml's API is no longer one service to scale"
    return counts | {"api": api_nodes}


def test_the_default_pools_keep_the_compose_fleet_of_three_api_nodes_within_postgres_limit() -> (
    None
):
    fleet = compose_processes(api_nodes=3)
    assert PoolSizes().fleet(**fleet) <= POSTGRES_DEFAULT_LIMIT - SPARE
    doubled_workers = {role: 2 for role in ("relays", "projections", "bots", "directors")}
    assert PoolSizes().fleet(**(fleet | doubled_workers)) <= POSTGRES_DEFAULT_LIMIT - SPARE


def test_serve_with_its_workers_holds_the_sum_of_the_roles_pools() -> None:
    sizes = PoolSizes(api=4, relay=2, projections=5, bots=9)
    assert sizes.of(api=True, relay=True, projections=True, bots=True) == 20
    assert sizes.of(relay=True) == 2
    assert sizes.fleet(api=3, relays=2, projections=1, bots=1) == 3 * (4 + 2) + 2 * 2 + 5 + 9

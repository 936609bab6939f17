"""The rate limits a process enforces (`api.http.rate_limits`): the variables that set them,
each a count per unit of time (`600/minute`, `10 per second`), and the `RateLimits` they
make."""

from collections.abc import Mapping
from dataclasses import dataclass

from infra.process.variables import Variable, read_rate

RATE_LIMIT_GAMES = Variable(
    "CARDROOM_RATE_LIMIT_GAMES",
    "600/minute",
    "tables one client address may open (`POST /games`, rematches) and challenges it may issue, "
    "as `count/unit`",
    read_rate,
)
RATE_LIMIT_SEATS = Variable(
    "CARDROOM_RATE_LIMIT_SEATS",
    "2400/minute",
    "seats one client address may take (`POST /games/{id}/seats`, quick play) and answers it "
    "may give to challenges",
    read_rate,
)
RATE_LIMIT_PLAYERS = Variable(
    "CARDROOM_RATE_LIMIT_PLAYERS",
    "60/minute",
    "players one client address may register (`POST /players`)",
    read_rate,
)
RATE_LIMIT_COMMANDS = Variable(
    "CARDROOM_RATE_LIMIT_COMMANDS",
    "6000/minute",
    "commands one seat token may send (`POST /games/{id}/commands`)",
    read_rate,
)


@dataclass(frozen=True, slots=True)
class RateLimits:
    """Each limit as a count per unit of time, e.g. `300/minute` or `10/second`."""

    games: str = RATE_LIMIT_GAMES.default
    seats: str = RATE_LIMIT_SEATS.default
    players: str = RATE_LIMIT_PLAYERS.default
    commands: str = RATE_LIMIT_COMMANDS.default

    @classmethod
    def read(cls, env: Mapping[str, str]) -> "RateLimits":
        """The limits from the environment's `CARDROOM_RATE_LIMIT_*` (`SettingsError` when one
        cannot be read)."""
        return cls(
            games=RATE_LIMIT_GAMES.read(env),
            seats=RATE_LIMIT_SEATS.read(env),
            players=RATE_LIMIT_PLAYERS.read(env),
            commands=RATE_LIMIT_COMMANDS.read(env),
        )

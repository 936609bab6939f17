"""How many Postgres connections a process of each role may hold: the variables that set it
and the sums a process and a fleet come to (docs/operations.md, "Connection budget")."""

from dataclasses import dataclass

from infra.process.variables import Variable, read_count

POOL_API = Variable(
    "CARDROOM_DATABASE_POOL_API",
    10,
    "Postgres connections an API process (`serve --no-workers`) may hold; its health checks "
    "and its player news listener open one more each (the connection budget: docs/operations.md)",
    read_count,
)
POOL_RELAY = Variable(
    "CARDROOM_DATABASE_POOL_RELAY",
    3,
    "Postgres connections a relay process (`relay`) may hold; its leader holds one of them",
    read_count,
)
POOL_PROJECTIONS = Variable(
    "CARDROOM_DATABASE_POOL_PROJECTIONS",
    8,
    "Postgres connections a projection process (`project`) may hold, for all its read models",
    read_count,
)
POOL_BOTS = Variable(
    "CARDROOM_DATABASE_POOL_BOTS",
    6,
    "Postgres connections a bot process (`bots`: bots and clocks) may hold; `serve` with its "
    "workers holds the five pools' sum",
    read_count,
)
POOL_DIRECTOR = Variable(
    "CARDROOM_DATABASE_POOL_DIRECTOR",
    2,
    "Postgres connections a tournament director process (`director`) may hold",
    read_count,
)


@dataclass(frozen=True, slots=True)
class PoolSizes:
    """The most Postgres connections a process of each role may hold."""

    api: int = POOL_API.default
    relay: int = POOL_RELAY.default
    projections: int = POOL_PROJECTIONS.default
    bots: int = POOL_BOTS.default
    director: int = POOL_DIRECTOR.default

    def of(
        self,
        *,
        api: bool = False,
        relay: bool = False,
        projections: bool = False,
        bots: bool = False,
        director: bool = False,
    ) -> int:
        """The pool of a process playing these roles: the sum of theirs."""
        roles = ((api, self.api), (relay, self.relay), (projections, self.projections))
        more = ((bots, self.bots), (director, self.director))
        return sum(size for plays, size in (*roles, *more) if plays)

    def fleet(self, api: int, relays: int, projections: int, bots: int, directors: int = 0) -> int:
        """The most connections a fleet of so many processes of each role may hold on its
        one Postgres: each API process's pool, its health checks' and its player news
        listener's own connections, and each worker's pool (docs/operations.md)."""
        workers = relays * self.relay + projections * self.projections + bots * self.bots
        return api * (self.api + 2) + workers + directors * self.director

"""Keep: 10,000 open tables in one `cardroom serve` process (workers included) stay under
1 GiB of resident memory. Each table is opened and given one seat, so it waits for players
in the lobby and in the process's cache of games; the process's memory is printed beside
its own at start, after the same requests' worth of warm-up."""

import asyncio

import psutil
from driver import Http
from services import Servers, Service, ready

TABLES = 10_000
CONNECTIONS = 8
WARM_UP = 200
"""Tables opened before the first reading, so the start figure holds a warmed-up process."""
TARGET_BYTES = 1 << 30
LIMITS = {
    "CARDROOM_RATE_LIMIT_GAMES": "1000000/minute",
    "CARDROOM_RATE_LIMIT_SEATS": "1000000/minute",
}
"""Every table comes from 127.0.0.1: the per-client limits are raised for the run."""


async def open_tables(port: int, count: int) -> None:
    """Open `count` Gnono tables of two seats, one seat taken at each, over a few connections."""

    async def opener(share: int) -> None:
        http = Http(port)
        try:
            for _ in range(share):
                status, created = await http.request("POST", "/games", {"kind": "gnono"})
                assert status == 201, created
                path = f"/games/{created['id']}/seats"
                status, seat = await http.request("POST", path, {"name": "waiting"})
                assert status == 201, seat
        finally:
            http.close()

    shares = [count // CONNECTIONS + (n < count % CONNECTIONS) for n in range(CONNECTIONS)]
    await asyncio.gather(*(opener(share) for share in shares))


def resident(service: Service) -> int:
    return int(psutil.Process(service.process.pid).memory_info().rss)


async def keep(servers: Servers) -> None:
    with servers.serve(settings=LIMITS) as service:
        await ready(service)
        await open_tables(service.port, WARM_UP)
        start = resident(service)
        await open_tables(service.port, TABLES)
        await asyncio.sleep(2)  # the workers catch up with the last tables
        end = resident(service)
    per_table = (end - start) / TABLES / 1024
    print(f"\nKeep  {TABLES:,} open tables in one `cardroom serve` process")
    print(f"{'resident memory at start (floor)':36} {start / 2**20:7.0f} MiB")
    after = f"after {TABLES:,} open tables"
    print(f"{after:36} {end / 2**20:7.0f} MiB   {per_table:.1f} KiB a table")
    print(f"target: under {TARGET_BYTES / 2**30:.0f} GiB with {TABLES:,} open tables")

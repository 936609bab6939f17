"""Cardroom's performance targets P1-P5 and Keep, each printed beside its floor, in one run.

    python bench/perf.py                  # about three minutes; --seconds sets each window
    python bench/perf.py --only P4        # one target (repeat --only for more)

It uses the Postgres and Redis of CARDROOM_DATABASE_URL / CARDROOM_REDIS_URL, else starts the
embedded ones as `cardroom serve` does; it creates a database of its own (dropped at the end)
and uses Redis database 12 (flushed). It starts the floor app (`bench/floor.py`) and
`cardroom serve` processes on 127.0.0.1 itself, and stops them.

- P1: Gnono moves/s and server CPU per move through `cardroom serve` (relay, projections and
  bots in the process) and `cardroom serve --no-workers`, beside the floor app on uvloop +
  httptools and on asyncio + h11; same closed-loop driver (16 games).
- P2: under a background load of 500 moves/s, a probe game's moves: commit (the event's
  `recorded_at`, its one-statement transaction) to a spectator's SSE client receiving it, and
  to the table summary read model (`cardroom_projection_delay_seconds`, observed by the
  projection at its commit).
- P3: one CNO table, 4 clients racing; accepted plays/s, refusals by code.
- P4: a cold `GET` (a process that never loaded the game) at version 5,000, and `/audit` of a
  finished game of 20,000 events.
- P5: two API processes, one hot table played through both at once: every acknowledged move
  once in the log, read models rebuilt equal to the live ones.
- Keep: the resident memory of one `cardroom serve` process with 10,000 open tables, beside
  its own at start.
"""

import argparse
import asyncio
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import asyncpg

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from cold import p4  # noqa: E402
from driver import Game, Http, drive, histogram, open_game  # noqa: E402
from racing import p3, p5  # noqa: E402
from services import Servers, Service, bench_servers, ready  # noqa: E402
from tables import keep  # noqa: E402


@dataclass(frozen=True)
class Throughput:
    moves_per_second: float
    cpu_ms_per_move: float
    refused: str


async def throughput(service: Service, seconds: float, warm_up: float = 3.0) -> Throughput:
    """The closed-loop driver's moves/s and the service's CPU per move, after a warm-up."""
    await ready(service)
    await drive(service.port, "gnono", warm_up)
    cpu = service.cpu_seconds()
    tally = await drive(service.port, "gnono", seconds)
    used = service.cpu_seconds() - cpu
    refused = ", ".join(f"{n} x {code}" for code, n in tally.refused.items()) or "none"
    return Throughput(tally.moves / seconds, 1000 * used / max(tally.moves, 1), refused)


async def p1(servers: Servers, seconds: float) -> None:
    rows: list[tuple[str, Throughput]] = []
    with servers.floor() as service:
        rows.append(("floor (uvloop, httptools)", await throughput(service, seconds)))
    with servers.floor("--loop", "asyncio", "--http", "h11") as service:
        rows.append(("floor (asyncio, h11)", await throughput(service, seconds)))
    with servers.serve() as service:
        rows.append(("cardroom serve", await throughput(service, seconds)))
    with servers.serve("--no-workers") as service:
        rows.append(("cardroom serve --no-workers", await throughput(service, seconds)))
    base = rows[0][1]
    print("\nP1  Gnono, 16 games, closed loop: GET the seat's view, POST a legal move")
    print(f"{'':30} {'moves/s':>8} {'x floor':>8} {'CPU ms/move':>12} {'x floor':>8}  refused")
    for name, row in rows:
        speed = row.moves_per_second / base.moves_per_second
        cpu = row.cpu_ms_per_move / base.cpu_ms_per_move
        print(
            f"{name:30} {row.moves_per_second:8.0f} {speed:8.2f} {row.cpu_ms_per_move:12.2f}"
            f" {cpu:8.2f}  {row.refused}"
        )
    print(
        "target: cardroom serve <= 0.90 ms CPU a move and >= 0.45 x floor moves/s (the aim"
        " 0.80 x); cardroom serve --no-workers <= 0.70 ms CPU a move"
    )


async def follow_live(port: int, game_id: str, received: dict[int, float]) -> None:
    """A spectator's SSE stream of a game: the wall-clock time each version arrives."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET /games/{game_id}/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    try:
        while line := await reader.readline():
            if line.startswith(b"id:"):
                received.setdefault(int(line[3:]), time.time())
    finally:
        writer.close()


async def listen_appends(database_url: str, notified: dict[int, float]) -> asyncpg.Connection:
    """The floor of a push: a Postgres client told of each append's commit (LISTEN)."""
    connection = await asyncpg.connect(database_url)

    def heard(_: object, __: int, ___: str, payload: str) -> None:
        notified.setdefault(int(payload), time.time())

    await connection.add_listener("cardroom_appended", heard)
    return connection


async def probe_moves(http: Http, game: Game, seconds: float, every: float = 0.02) -> None:
    """One move of the game every `every` seconds, for `seconds`."""
    deadline = time.perf_counter() + seconds
    path = f"/games/{game.game_id}"
    while time.perf_counter() < deadline:
        for token in game.tokens:
            _, view = await http.request("GET", path, token=token)
            if view["legal_moves"]:
                await http.request("POST", f"{path}/commands", view["legal_moves"][0], token)
                break
        await asyncio.sleep(every)


def percentiles(values: list[float]) -> str:
    if not values:
        return "no samples"
    ranked = sorted(values)
    p50, p99 = (ranked[min(len(ranked) - 1, int(len(ranked) * q))] for q in (0.5, 0.99))
    return f"p50 {1000 * p50:6.1f} ms   p99 {1000 * p99:6.1f} ms   ({len(values)} events)"


def bucket_percentiles(before: dict[float, float], after: dict[float, float]) -> str:
    counts = sorted((bound, after[bound] - before.get(bound, 0.0)) for bound in after)
    total = counts[-1][1] if counts else 0
    if not total:
        return "no samples"
    shown = []
    for q in (0.5, 0.99):
        bound = next(bound for bound, count in counts if count >= q * total)
        shown.append(f"p{int(q * 100)} <= {1000 * bound:4.0f} ms")
    return f"{shown[0]:>10}   {shown[1]:>10}   ({total:.0f} events)"


async def p2(servers: Servers, seconds: float, rate: float = 500) -> None:
    database_url = servers.database_url
    with servers.serve() as service:
        await ready(service)
        await drive(service.port, "gnono", 2)
        notified: dict[int, float] = {}
        listener = await listen_appends(database_url, notified)
        load = asyncio.ensure_future(drive(service.port, "gnono", seconds + 2, rate=rate))
        await asyncio.sleep(1)
        before = await histogram(
            service.port, "cardroom_projection_delay_seconds", "table_summaries"
        )
        http = Http(service.port)
        game = await open_game(http, "gnono", 2, {"playout_score": 10_000})
        received: dict[int, float] = {}
        live = asyncio.ensure_future(follow_live(service.port, game.game_id, received))
        await probe_moves(http, game, seconds)
        await asyncio.sleep(0.5)
        after = await histogram(
            service.port, "cardroom_projection_delay_seconds", "table_summaries"
        )
        tally = await load
        live.cancel()
        await listener.close()
        connection = await asyncpg.connect(database_url)
        rows = await connection.fetch(
            "SELECT version, tx_id::text::bigint AS tx, extract(epoch FROM recorded_at) AS at"
            " FROM events WHERE stream_id = $1 AND version > 5",
            game.game_id,
        )
        await connection.close()
    sse = [received[r["version"]] - float(r["at"]) for r in rows if r["version"] in received]
    heard = [notified[r["tx"]] - float(r["at"]) for r in rows if r["tx"] in notified]
    load_rate = tally.moves / (seconds + 2)
    print(f"\nP2  a probe game's moves, under {load_rate:.0f} moves/s of background load")
    print(f"{'commit -> Postgres LISTEN (floor)':40} {percentiles(heard)}")
    print(f"{'commit -> spectator SSE event':40} {percentiles(sse)}")
    print(f"{'commit -> table summary (every event)':40} {bucket_percentiles(before, after)}")
    print("target: SSE p99 <= 1.2 x the LISTEN floor's p99; table summary p99 <= 250 ms")


async def run(
    seconds: float, service_root: Path, today: Path | None, only: list[str] | None = None
) -> None:
    """Each target (those named in `only`, else all) on a database of its own, so that none
    inherits another's backlog."""
    started_at = time.perf_counter()
    targets = {
        "P1": lambda servers: p1(servers, seconds),
        "P2": lambda servers: p2(servers, seconds),
        "P3": lambda servers: p3(servers, seconds, today),
        "P4": p4,
        "P5": lambda servers: p5(servers, seconds),
        "Keep": keep,
    }
    for name, target in targets.items():
        if only and name not in only:
            continue
        async with bench_servers(service_root) as servers:
            await target(servers)
    print(f"\n(the run took {time.perf_counter() - started_at:.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=15.0, help="each measured window")
    parser.add_argument(
        "--service-root", type=Path, default=ROOT, help="run `cardroom serve` from this checkout"
    )
    parser.add_argument(
        "--today", type=Path, help="also race P3 on `cardroom serve` of this (older) checkout"
    )
    parser.add_argument(
        "--only",
        action="append",
        choices=["P1", "P2", "P3", "P4", "P5", "Keep"],
        help="run only this target (P4 alone takes about a minute); may be repeated",
    )
    args = parser.parse_args()
    import uvloop

    uvloop.run(run(args.seconds, args.service_root.resolve(), args.today, args.only))


if __name__ == "__main__":
    main()

"""What tracing costs the write path: commands per second through the command handler and
the Postgres store, in rounds with tracing off and on, alternated in one run (absolute rates
are noise on a shared machine; the ratio is the figure).

On is what `CARDROOM_TRACES_ENDPOINT` turns on (`infra.process.tracing`): the process's sampler, the
asyncpg and redis instrumentations, the append's span and its `traceparent` in the events'
metadata, spans handed to a batch processor; only the exporter is one that drops them, so
the collector's network costs nothing here.

    python bench/tracing_cost.py --postgres postgresql://postgres@127.0.0.1:5432/postgres
"""

import argparse
import asyncio
import random
import statistics
import time
import uuid
from collections.abc import Sequence

import asyncpg
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SpanExporter, SpanExportResult

from commands.core.envelope import Envelope
from commands.core.handler import CommandHandler
from domain import table
from infra.process import tracing
from infra.store.migrate import migrate
from infra.store.postgres_store import PostgresEventStore

KIND = "mad"


class Dropped(SpanExporter):
    """Counts the spans it is handed, and drops them."""

    def __init__(self) -> None:
        self.spans = 0

    def export(self, spans: Sequence[ReadableSpan]) -> SpanExportResult:
        self.spans += len(spans)
        return SpanExportResult.SUCCESS


async def play(handler: CommandHandler, rng: random.Random, until: float) -> int:
    """Play games of two random players until `until`; returns the commands sent."""
    sent = 0
    while time.monotonic() < until:
        game_id = (await handler.create(KIND, {}, None)).game_id
        for seat in range(2):
            await handler.take_seat(game_id, table.TakeSeat(f"p{seat}"), None)
        await handler.execute(Envelope(game_id, 0, table.StartGame(), None))
        sent += 4
        while time.monotonic() < until:
            game = await handler.games.held(game_id)
            movers = [seat for seat in range(2) if game.view(seat).legal_moves]
            if game.table.status == "finished" or not movers:
                break
            seat = rng.choice(movers)
            await handler.execute(
                Envelope(game_id, seat, rng.choice(game.view(seat).legal_moves), None)
            )
            sent += 1
    return sent


async def round_rate(pool: asyncpg.Pool, seconds: float, players: int, seed: int) -> float:
    handler = CommandHandler.over(PostgresEventStore(pool))
    until = time.monotonic() + seconds
    sent = await asyncio.gather(
        *(play(handler, random.Random(seed + n), until) for n in range(players))
    )
    return sum(sent) / seconds


async def main(postgres: str, rounds: int, seconds: float, players: int) -> None:
    name = f"cardroom_bench_{uuid.uuid4().hex[:8]}"
    admin = await asyncpg.connect(postgres)
    await admin.execute(f'CREATE DATABASE "{name}"')
    url = postgres.rsplit("/", 1)[0] + f"/{name}"
    try:
        async with asyncpg.create_pool(url, min_size=2, max_size=players + 2) as pool:
            async with pool.acquire() as connection:
                await migrate(connection)
            await round_rate(pool, seconds / 2, players, 0)  # warm up
            rates: dict[str, list[float]] = {"off": [], "on": []}
            for number in range(rounds):
                for state in ("off", "on"):
                    provider, dropped = tracing.tracer_provider("bench"), Dropped()
                    provider.add_span_processor(BatchSpanProcessor(dropped))
                    if state == "on":
                        tracing.install(provider)
                    try:
                        rate = await round_rate(pool, seconds, players, number * 100)
                    finally:
                        tracing.uninstall()
                        provider.shutdown()
                    rates[state].append(rate)
                    print(
                        f"round {number + 1} tracing {state:3}: {rate:6.0f} commands/s,"
                        f" {dropped.spans / (rate * seconds):.1f} spans a command"
                    )
    finally:
        await admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
        await admin.close()
    ratios = [on / off for off, on in zip(rates["off"], rates["on"], strict=True)]
    print(
        f"\non/off, each round beside the round before it: {' '.join(f'{r:.2f}' for r in ratios)};"
        f" median {statistics.median(ratios):.2f}"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postgres", required=True, help="a Postgres server's URL")
    parser.add_argument("--rounds", type=int, default=4, help="rounds of each, alternated")
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds a round")
    parser.add_argument("--players", type=int, default=4, help="games played at once")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.postgres, arguments.rounds, arguments.seconds, arguments.players))

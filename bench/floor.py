"""The floor a move through Cardroom is measured against: the least a service on the same
stack can do per move. Litestar + asyncpg + msgspec on uvicorn, one row read per view, one
event appended per move, no rules, no cache, no workers.

Its HTTP shape is Cardroom's, so the one driver of `bench/perf.py` plays both:
`POST /games` opens a two-seat game, `POST /games/{id}/seats` answers a token,
`GET /games/{id}` answers `{"status", "version", "game": {"current"}, "legal_moves"}` and
`POST /games/{id}/commands` appends the move (`{"type": "tick", "version": N}`) as version
N + 1, refusing it (409) when another got there first.

    python bench/floor.py --database-url postgresql://... --port 8100 [--loop asyncio --http h11]
"""

import argparse
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import asyncpg
import msgspec
import uvicorn
from litestar import Litestar, Request, Response, get, post
from litestar.datastructures import State

SCHEMA = """
CREATE TABLE IF NOT EXISTS floor_events (
  global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  stream_id text NOT NULL,
  version integer NOT NULL,
  data jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_id, version)
)
"""
SEATS = 2


class Move(msgspec.Struct, frozen=True):
    type: str
    version: int


@get("/games/kinds")
async def kinds() -> list[str]:
    return ["floor"]


@post("/games")
async def create(state: State) -> Response[dict[str, Any]]:
    game_id = str(uuid.uuid4())
    await _append(state.pool, game_id, 1, {"type": "created"})
    return Response({"id": game_id, "version": 1}, status_code=201)


@post("/games/{game_id:str}/seats")
async def seat(game_id: str) -> Response[dict[str, Any]]:
    return Response({"seat": 0, "token": game_id}, status_code=201)


@get("/games/{game_id:str}")
async def view(game_id: str, state: State) -> dict[str, Any]:
    version = await state.pool.fetchval(
        "SELECT version FROM floor_events WHERE stream_id = $1 ORDER BY version DESC LIMIT 1",
        game_id,
    )
    return {
        "status": "playing",
        "version": version,
        "game": {"current": version % SEATS},
        "legal_moves": [{"type": "tick", "version": version}],
    }


@post("/games/{game_id:str}/commands", status_code=200)
async def command(game_id: str, request: Request[Any, Any, Any], state: State) -> Any:
    move = msgspec.json.decode(await request.body(), type=Move)
    try:
        await _append(state.pool, game_id, move.version + 1, {"type": "ticked"})
    except asyncpg.UniqueViolationError:
        return Response({"code": "stale"}, status_code=409)
    return {"version": move.version + 1, "events": [{"version": move.version + 1}]}


async def _append(pool: asyncpg.Pool, game_id: str, version: int, data: dict[str, Any]) -> None:
    await pool.execute(
        "INSERT INTO floor_events (stream_id, version, data) VALUES ($1, $2, $3::jsonb)",
        game_id,
        version,
        msgspec.json.encode(data).decode(),
    )


async def _no_reset(connection: asyncpg.Connection) -> None:
    """No session state to reset between requests (as in Cardroom's pool)."""


def create_app(database_url: str) -> Litestar:
    @asynccontextmanager
    async def connections(app: Litestar) -> AsyncIterator[None]:
        async with asyncpg.create_pool(
            database_url, min_size=2, max_size=20, reset=_no_reset
        ) as pool:
            await pool.execute(SCHEMA)
            app.state.pool = pool
            yield

    return Litestar([kinds, create, seat, view, command], lifespan=[connections])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--port", type=int, default=8100)
    parser.add_argument("--loop", default="uvloop", choices=["uvloop", "asyncio"])
    parser.add_argument("--http", default="httptools", choices=["httptools", "h11"])
    args = parser.parse_args()
    uvicorn.run(
        create_app(args.database_url),
        host="127.0.0.1",
        port=args.port,
        loop=args.loop,
        http=args.http,
        access_log=False,
    )


if __name__ == "__main__":
    main()

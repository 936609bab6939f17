"""Quick play: callers arriving together share a table, never a seat, and fill it."""

import asyncio
from typing import Any

import asyncpg
from httpx import AsyncClient

from commands.core.handler import CommandHandler
from domain import table
from infra.store.postgres_store import PostgresEventStore
from infra.store.quickplay import QuickPlay
from tests.api.players import bearer, ok, view
from tests.api.registered import register


def problem(answer: Any, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    assert answer.json()["code"] == code


async def test_players_quick_playing_at_once_share_one_table_and_its_game_starts(
    client: AsyncClient,
) -> None:
    players = [await register(client, name) for name in ("ada", "bo", "cy", "di", "ed")]
    body = {"kind": "gnono", "seats": 5}
    answers = await asyncio.gather(
        *(client.post("/quickplay", json=body, headers=bearer(token)) for _, token in players)
    )
    seated = [ok(answer, 201) for answer in answers]
    assert len({seat["game_id"] for seat in seated}) == 1
    assert sorted(seat["seat"] for seat in seated) == list(range(5))
    game = await view(client, seated[0]["game_id"], seated[0]["token"])
    assert game["status"] == "playing", "the seat that fills the table starts the game"
    by_seat = {seat["seat"]: handle for (handle, _), seat in zip(players, seated, strict=True)}
    assert [seat["player"] for seat in game["seats"]] == [by_seat[n] for n in range(5)]


async def test_quick_play_in_two_processes_at_once_shares_one_table(pool: asyncpg.Pool) -> None:
    processes = [QuickPlay(pool, CommandHandler.over(PostgresEventStore(pool))) for _ in range(2)]
    seats = await asyncio.gather(
        *(
            process.seat("mad", 6, table.TakeSeat(f"guest {n}"))
            for n, process in enumerate(processes * 3)
        )
    )
    assert len({seat.game_id for seat in seats}) == 1
    assert sorted(seat.seat for seat in seats) == list(range(6))


async def test_a_quick_play_table_waits_for_its_seats_and_a_casual_seat_needs_a_name(
    client: AsyncClient,
) -> None:
    first = ok(
        await client.post("/quickplay", json={"kind": "gnono", "seats": 7, "name": "x"}), 201
    )
    assert (await view(client, first["game_id"]))["status"] == "open"
    _, token = await register(client)
    second = ok(
        await client.post("/quickplay", json={"kind": "gnono", "seats": 7}, headers=bearer(token)),
        201,
    )
    assert (second["game_id"], second["seat"]) == (first["game_id"], 1)
    again = await client.post(
        "/quickplay", json={"kind": "gnono", "seats": 7}, headers=bearer(token)
    )
    problem(again, 409, "already_waiting")
    assert first["game_id"] in again.json()["detail"], "the refusal names the table"
    problem(await client.post("/quickplay", json={"kind": "gnono"}), 422, "invalid_name")
    too_many = {"kind": "ecliptic", "seats": 3, "name": "x"}
    problem(await client.post("/quickplay", json=too_many), 422, "invalid_seats")
    problem(
        await client.post("/quickplay", json={"kind": "chess", "name": "x"}), 422, "unknown_kind"
    )


async def test_a_table_opened_by_hand_is_not_offered_to_quick_play(client: AsyncClient) -> None:
    game_id = ok(await client.post("/games", json={"kind": "gnono"}), 201)["id"]
    body = {"kind": "gnono", "seats": 8, "name": "x"}
    assert ok(await client.post("/quickplay", json=body), 201)["game_id"] != game_id

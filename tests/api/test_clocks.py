"""Clocks over HTTP: a seat that never moves does not stall its table, the audit re-decides
its timeouts, and a deadline that passed while the service was stopped fires after restart.
Deadlines have a wide margin and every wait has its own deadline, so nothing hangs on timing."""

import asyncio
import time
import uuid
from datetime import datetime
from typing import Any

from httpx import AsyncClient
from litestar.testing import AsyncTestClient

from api.main.app import create_app
from infra.process.settings import Settings
from tests.api.players import all_events, bearer, ok, view
from tests.servers import POOLS, fresh_database

GAME_SECONDS = 120.0
POLL = 0.05
TIMED_OUT = "table.seat_timed_out"
WARNED = "table.seat_warned"
ABSENT = "table.seat_marked_absent"
PRESENT = "table.seat_marked_present"

AnyClient = AsyncTestClient[Any]


async def clocked_table(
    client: AsyncClient, clock: dict[str, int], bot: bool, kind: str = "mad"
) -> tuple[str, str]:
    """A started table of `kind` of two seats with `clock`: seat 0 a person who never moves,
    seat 1 a bot (or another such person); returns the game id and seat 0's token."""
    body = {"kind": kind, "options": {"clock": clock}}
    game_id: str = ok(await client.post("/games", json=body), 201)["id"]
    seats = [{"name": "away"}, {"bot": "heuristic"} if bot else {"name": "also away"}]
    tokens: list[str] = []
    for body in seats:  # the host (seat 0) seats the bot
        host = bearer(tokens[0]) if "bot" in body else None
        answer = await client.post(f"/games/{game_id}/seats", json=body, headers=host)
        tokens.append(ok(answer, 201)["token"])
    start = {"type": "start_game"}
    ok(await client.post(f"/games/{game_id}/commands", json=start, headers=bearer(tokens[0])))
    return game_id, tokens[0]


async def until(client: AsyncClient, game_id: str, done: Any, seconds: float) -> list[Any]:
    """The game's events once `done(events)` holds (failing after `seconds`)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        events = await all_events(client, game_id)
        if done(events):
            return events
        await asyncio.sleep(POLL)
    raise AssertionError(f"game {game_id} did not get there within {seconds} seconds")


def types(events: list[Any]) -> list[str]:
    return [each["event"]["type"] for each in events]


def finished(events: list[Any]) -> bool:
    return "table.game_finished" in types(events)


async def test_a_seat_that_never_moves_is_played_for_and_the_game_ends_and_audits(
    client: AnyClient,
) -> None:
    game_id, _ = await clocked_table(client, {"turn_seconds": 1, "grace_seconds": 1}, bot=True)
    events = await until(client, game_id, finished, GAME_SECONDS)
    timed_out = [each["event"] for each in events if each["event"]["type"] == TIMED_OUT]
    assert 0 in {each["seat"] for each in timed_out}
    seen = types(events)
    first_warning = seen.index(WARNED)
    assert first_warning < seen.index(TIMED_OUT), "a seat is warned before it is played for"
    report = ok(await client.get(f"/games/{game_id}/audit"))
    assert report["ok"], report


async def test_the_view_shows_the_deadline_of_the_seat_to_act(client: AnyClient) -> None:
    game_id, token = await clocked_table(client, {"turn_seconds": 600}, bot=False)
    seen = await view(client, game_id, token)
    clock = seen["clock"]
    assert clock["options"] == {"turn_seconds": 600, "grace_seconds": 15}
    deadlines = [seat["deadline"] for seat in clock["seats"] if seat["deadline"]]
    assert len(deadlines) == 1
    since = datetime.fromisoformat(clock["since"])
    assert (datetime.fromisoformat(deadlines[0]) - since).total_seconds() == 600


async def test_the_catalogue_lists_the_clock_of_every_kind_with_turns(client: AnyClient) -> None:
    kinds = {info["kind"]: info for info in ok(await client.get("/games/kinds"))}
    assert kinds["cno"]["clock_schema"] is None
    clock = kinds["mad"]["clock_schema"]["properties"]
    assert clock["turn_seconds"]["anyOf"][0]["minimum"] == 1


async def test_a_table_without_turns_refuses_a_clock(client: AnyClient) -> None:
    body = {"kind": "cno", "options": {"clock": {"turn_seconds": 30}}}
    refused = await client.post("/games", json=body)
    assert (refused.status_code, refused.json()["code"]) == (422, "invalid_options")


async def test_a_clock_out_of_range_is_refused(client: AnyClient) -> None:
    for clock in ({"turn_seconds": 0}, {"bank_seconds": 60, "tick": 1}, {"increment_seconds": 5}):
        refused = await client.post("/games", json={"kind": "mad", "options": {"clock": clock}})
        assert (refused.status_code, refused.json()["code"]) == (422, "invalid_options")


async def test_a_deadline_that_passed_while_the_service_was_stopped_fires_after_restart(
    postgres_url: str, redis_url: str
) -> None:
    stream = f"cardroom:test:{uuid.uuid4().hex[:8]}:events"
    async with fresh_database(postgres_url) as url:
        settings = Settings(
            database_url=url, redis_url=redis_url, event_stream=stream, pool_sizes=POOLS
        )
        # The table is opened on a service without workers, so that its clock cannot fire
        # however slowly this machine runs before the deadline: the service is "stopped".
        async with AsyncTestClient(create_app(settings, roles=())) as first:
            clock = {"turn_seconds": 5, "grace_seconds": 1}
            game_id, token = await clocked_table(first, clock, bot=False)
            seats = (await view(first, game_id, token))["clock"]["seats"]
            (deadline,) = [datetime.fromisoformat(s["deadline"]) for s in seats if s["deadline"]]
        async with AsyncTestClient(create_app(settings, roles=())) as idle:
            before = await all_events(idle, game_id)
            assert TIMED_OUT not in types(before), "the clock fired before the service stopped"
            await asyncio.sleep(
                max(0.0, (deadline - datetime.now(deadline.tzinfo)).total_seconds())
            )
            await asyncio.sleep(1.0)
            assert TIMED_OUT not in types(await all_events(idle, game_id))
        async with AsyncTestClient(create_app(settings)) as second:
            events = await until(second, game_id, lambda e: TIMED_OUT in types(e), 30.0)
    (claimed,) = [each["event"] for each in events if each["event"]["type"] == TIMED_OUT]
    assert datetime.fromisoformat(claimed["at"]) >= deadline


async def test_an_absent_seat_says_it_is_back_over_http_with_its_token(client: AnyClient) -> None:
    # Gnono, where a hand of seven outlasts three timeouts of its seat and the grace before
    # each later one: a random two-seat MAD game may end within six moves.
    clock = {"turn_seconds": 1, "grace_seconds": 2}
    game_id, token = await clocked_table(client, clock, bot=False, kind="gnono")
    back = {"type": "return_to_table"}
    path = f"/games/{game_id}/commands"
    early = await client.post(path, json=back, headers=bearer(token))
    assert (early.status_code, early.json()["code"]) == (409, "not_absent")
    assert (await client.post(path, json=back)).json()["code"] == "missing_token"

    def absent(events: list[Any]) -> bool:
        return any(e["event"] == {"type": ABSENT, "seat": 0} for e in events) or finished(events)

    events = await until(client, game_id, absent, GAME_SECONDS)
    assert not finished(events), "a hand of seven outlasts three timeouts and a grace"
    answered = await client.post(path, json=back, headers=bearer(token))
    assert answered.status_code == 200, answered.text
    after = await all_events(client, game_id)
    assert {"type": PRESENT, "seat": 0} in [each["event"] for each in after]

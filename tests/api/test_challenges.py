"""Challenges over HTTP: issued, accepted (the table opens, seats both players and starts),
declined, cancelled and expired, each heard on both players' streams; every bad input is
refused with its code and records nothing."""

from typing import Any

import asyncpg
from httpx import AsyncClient

from tests.api.players import bearer, ok
from tests.api.registered import register
from tests.api.sse import Message, SseReader, open_stream
from tests.projections.settle import settled

STREAM = "/players/me/live"


def problem(answer: Any, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    assert answer.json()["code"] == code


async def challenge(client: AsyncClient, token: str, **body: Any) -> str:
    answer = await client.post("/challenges", json={"kind": "mad"} | body, headers=bearer(token))
    return str(ok(answer, 201)["challenge_id"])


async def notice(stream: SseReader, event: str) -> Any:
    """The next notice of type `event`, skipping others (generous: the read model trails)."""
    read: Message = await stream.message_of(event, timeout=20)
    return read.json()


async def stored_events(pool: asyncpg.Pool) -> int:
    count: int = await pool.fetchval("SELECT count(*) FROM events")
    return count


async def test_an_accepted_challenge_opens_the_table_seats_both_and_starts_it(
    client: AsyncClient,
) -> None:
    ada, ada_token = await register(client, "ada")
    bo, bo_token = await register(client, "bo")
    async with (
        open_stream(client, STREAM, **bearer(ada_token)) as ada_news,
        open_stream(client, STREAM, **bearer(bo_token)) as bo_news,
    ):
        assert ada_news.status == bo_news.status == 200
        challenge_id = await challenge(client, ada_token, challenged=bo.upper())
        received = await notice(bo_news, "challenge_issued")
        assert (received["challenge_id"], received["challenger"]) == (challenge_id, ada)
        assert received["challenged"] == bo, "the handle as registered"
        accepted = ok(
            await client.post(f"/challenges/{challenge_id}/accept", headers=bearer(bo_token)), 201
        )
        assert accepted["seat"] == 1
        for news, seat in ((ada_news, 0), (bo_news, 1)):
            assert (await notice(news, "challenge_accepted"))["game_id"] == accepted["game_id"]
            started = await notice(news, "game_started")
            assert (started["game_id"], started["kind"], started["seat"]) == (
                accepted["game_id"],
                "mad",
                seat,
            )
    game = ok(await client.get(f"/games/{accepted['game_id']}", headers=bearer(bo_token)))
    assert game["status"] == "playing"
    assert [seat["player"] for seat in game["seats"]] == [ada, bo]
    assert game["you"] == 1, "the player token acts for the player's seat"
    shown = ok(await client.get(f"/challenges/{challenge_id}"))
    assert (shown["status"], shown["game_id"]) == ("accepted", accepted["game_id"])
    assert (shown["seats"], shown["bots"]) == (2, False), "the defaults"


async def test_a_challenge_asking_for_bots_fills_the_seats_left_with_bots(
    client: AsyncClient,
) -> None:
    _, ada_token = await register(client, "ada")
    _, bo_token = await register(client, "bo")
    challenge_id = await challenge(client, ada_token, kind="gnono", seats=4, bots=True)
    answer = await client.post(f"/challenges/{challenge_id}/accept", headers=bearer(bo_token))
    accepted = ok(answer, 201)
    assert answer.headers["location"] == f"/games/{accepted['game_id']}"
    game = ok(await client.get(f"/games/{accepted['game_id']}"))
    assert game["status"] == "playing"
    assert [seat["bot"] for seat in game["seats"]] == [None, None, "random", "random"]


async def test_declined_cancelled_and_expired_challenges_are_heard_on_both_streams(
    client: AsyncClient,
) -> None:
    ada, ada_token = await register(client, "ada")
    bo, bo_token = await register(client, "bo")
    async with (
        open_stream(client, STREAM, **bearer(ada_token)) as ada_news,
        open_stream(client, STREAM, **bearer(bo_token)) as bo_news,
    ):
        declined = await challenge(client, ada_token, challenged=bo)
        answer = await client.post(
            f"/challenges/{declined}/decline", json={"reason": "later"}, headers=bearer(bo_token)
        )
        assert answer.status_code == 200, answer.text
        cancelled = await challenge(client, ada_token, challenged=bo)
        answer = await client.post(f"/challenges/{cancelled}/cancel", headers=bearer(ada_token))
        assert answer.status_code == 200, answer.text
        expired = await challenge(client, bo_token, challenged=ada, expires_in=1)
        for news in (ada_news, bo_news):
            said = await notice(news, "challenge_declined")
            assert (said["challenge_id"], said["reason"], said["challenger"]) == (
                declined,
                "later",
                ada,
            )
            assert (await notice(news, "challenge_cancelled"))["challenge_id"] == cancelled
            assert (await notice(news, "challenge_expired"))["challenge_id"] == expired
        opened = await challenge(client, ada_token)
        ok(await client.post(f"/challenges/{opened}/cancel", headers=bearer(ada_token)))
        for event in ("challenge_issued", "challenge_cancelled"):
            said = await notice(ada_news, event)
            assert said["challenge_id"] == opened and "challenged" not in said, "open: left out"
    for challenge_id, status in (
        (declined, "declined"),
        (cancelled, "cancelled"),
        (expired, "expired"),
    ):
        assert ok(await client.get(f"/challenges/{challenge_id}"))["status"] == status
    late = await client.post(f"/challenges/{expired}/accept", headers=bearer(ada_token))
    problem(late, 409, "challenge_expired")


async def test_the_challenges_still_open_stand_for_both_players_before_any_stream(
    client: AsyncClient, pool: asyncpg.Pool
) -> None:
    ada, ada_token = await register(client, "ada")
    bo, bo_token = await register(client, "bo")
    _, cy_token = await register(client, "cy")
    kept = await challenge(client, ada_token, challenged=bo)
    declined = await challenge(client, ada_token, challenged=bo)
    ok(await client.post(f"/challenges/{declined}/decline", headers=bearer(bo_token)))
    cancelled = await challenge(client, bo_token, challenged=ada)
    ok(await client.post(f"/challenges/{cancelled}/cancel", headers=bearer(bo_token)))
    await settled(pool, ("player_news",))
    for token in (ada_token, bo_token):
        page = ok(await client.get("/players/me/challenges", headers=bearer(token)))
        assert [row["challenge_id"] for row in page["items"]] == [kept]
        assert page["items"][0] | {"expires_at": None} == ok(
            await client.get(f"/challenges/{kept}")
        ) | {"expires_at": None}
    others = ok(await client.get("/players/me/challenges", headers=bearer(cy_token)))
    assert others == {"items": [], "next_offset": None}
    problem(await client.get("/players/me/challenges"), 401, "missing_token")


async def test_bad_challenges_and_answers_are_refused_and_record_nothing(
    client: AsyncClient, pool: asyncpg.Pool
) -> None:
    ada, ada_token = await register(client, "ada")
    bo, bo_token = await register(client, "bo")
    _, cy_token = await register(client, "cy")
    open_one = await challenge(client, ada_token, challenged=bo)
    taken = await challenge(client, ada_token)
    ok(await client.post(f"/challenges/{taken}/accept", headers=bearer(cy_token)), 201)
    dropped = await challenge(client, ada_token, challenged=bo)
    assert (
        await client.post(f"/challenges/{dropped}/cancel", headers=bearer(ada_token))
    ).status_code == 200
    before = await stored_events(pool)

    async def post(path: str, token: str | None, body: Any = None) -> Any:
        headers = bearer(token) if token else {}
        return await client.post(path, json=body, headers=headers)

    problem(
        await post("/challenges", ada_token, {"kind": "mad", "challenged": "nobody-at-all"}),
        404,
        "player_not_found",
    )
    problem(
        await post("/challenges", ada_token, {"kind": "mad", "challenged": ada}),
        422,
        "cannot_challenge_yourself",
    )
    refused = await post("/challenges", ada_token, {"kind": "gnono", "options": {"hand_size": 0}})
    problem(refused, 422, "invalid_options")
    assert "hand_size" in refused.json()["detail"], "the option's reason"
    problem(
        await post("/challenges", ada_token, {"kind": "gnono", "seats": 11}), 422, "invalid_seats"
    )
    problem(await post("/challenges", ada_token, {"kind": "chess"}), 422, "unknown_kind")
    problem(await post("/challenges", None, {"kind": "mad"}), 401, "missing_token")
    problem(await post("/challenges", "not-a-token", {"kind": "mad"}), 403, "wrong_token")
    problem(await post(f"/challenges/{open_one}/accept", ada_token), 403, "own_challenge")
    problem(await post(f"/challenges/{open_one}/accept", cy_token), 403, "not_challenged")
    problem(await post(f"/challenges/{open_one}/decline", cy_token), 403, "not_challenged")
    problem(await post(f"/challenges/{open_one}/cancel", bo_token), 403, "not_your_challenge")
    problem(
        await post(f"/challenges/{open_one}/decline", bo_token, {"reason": "bored"}),
        400,
        "invalid_body",
    )
    problem(await post(f"/challenges/{taken}/accept", bo_token), 409, "challenge_accepted")
    problem(await post(f"/challenges/{dropped}/accept", bo_token), 409, "challenge_cancelled")
    problem(await post("/challenges/not-an-id/accept", bo_token), 404, "challenge_not_found")
    unknown = "00000000-0000-0000-0000-000000000000"
    problem(await post(f"/challenges/{unknown}/accept", bo_token), 404, "challenge_not_found")
    assert await stored_events(pool) == before, "nothing recorded for a refusal"


async def test_a_player_stream_needs_a_player_token_or_a_ticket_and_a_position(
    client: AsyncClient,
) -> None:
    handle, token = await register(client, "ada")
    for headers, status, code in (
        ({}, 401, "missing_token"),
        (bearer("not-a-token"), 403, "wrong_token"),
        (bearer(token) | {"Last-Event-ID": "12"}, 422, "invalid_last_event_id"),
        (bearer(token) | {"Last-Event-ID": "1-2-x"}, 422, "invalid_last_event_id"),
        (bearer(token) | {"Last-Event-ID": "1" * 65}, 422, "invalid_last_event_id"),
        ({"Last-Event-ID": "1" * 65}, 401, "missing_token"),
    ):
        problem(await client.get(STREAM, headers=headers), status, code)
    problem(await client.get(STREAM, params={"ticket": "made-up"}), 403, "invalid_ticket")
    problem(await client.post("/players/me/tickets"), 401, "missing_token")
    ticket = ok(await client.post("/players/me/tickets", headers=bearer(token)), 201)
    assert (ticket["handle"], ticket["expires_in"]) == (handle, 60)
    async with open_stream(client, STREAM, {"ticket": ticket["ticket"]}) as news:
        assert news.status == 200
        _, bo_token = await register(client, "bo")
        challenge_id = await challenge(client, bo_token, challenged=handle)
        assert (await notice(news, "challenge_issued"))["challenge_id"] == challenge_id

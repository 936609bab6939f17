"""The edges of the HTTP API: idempotency keys, pages, compression, conditional GETs,
query refusals and the headers of created resources."""

import random
import uuid
from typing import Any

from httpx import AsyncClient, Response

from tests.api.players import bearer, ok, open_table, play, view
from tests.api.test_refusals import problem, started_table


def key() -> dict[str, str]:
    return {"Idempotency-Key": f"k-{uuid.uuid4()}"}


def next_link(response: Response) -> str | None:
    link = response.headers.get("link")
    if link is None:
        return None
    target, relation = link.split(";")
    assert relation.strip() == 'rel="next"'
    return target.strip().removeprefix("<").removesuffix(">")


async def test_a_key_sent_again_with_another_body_is_refused(client: AsyncClient) -> None:
    headers = key()
    first = ok(await client.post("/games", json={"kind": "mad"}, headers=headers), 201)
    refused = await client.post("/games", json={"kind": "cno"}, headers=headers)
    problem(refused, 422, "idempotency_key_reused")
    again = ok(await client.post("/games", json={"kind": "mad"}, headers=headers), 200)
    assert again["id"] == first["id"]
    seat_key = key()
    seat = {"name": "ada"}
    ok(await client.post(f"/games/{first['id']}/seats", json=seat, headers=seat_key), 201)
    other = await client.post(f"/games/{first['id']}/seats", json={"name": "bob"}, headers=seat_key)
    problem(other, 422, "idempotency_key_reused")
    assert [s["name"] for s in (await view(client, first["id"]))["seats"]] == ["ada"]


async def test_a_key_belongs_to_its_seat(client: AsyncClient) -> None:
    game_id, tokens = await open_table(client, "gnono", 2)
    shared = key()
    start = {"type": "start_game"}
    headers = {**bearer(tokens[0]), **shared}
    first = ok(await client.post(f"/games/{game_id}/commands", json=start, headers=headers))
    other = await client.post(
        f"/games/{game_id}/commands", json=start, headers={**bearer(tokens[1]), **shared}
    )
    problem(other, 409, "already_started")  # another seat's key is its own: decided, refused
    again = ok(await client.post(f"/games/{game_id}/commands", json=start, headers=headers))
    assert again == first


async def test_events_come_a_page_at_a_time(client: AsyncClient) -> None:
    game_id, _ = await open_table(client, "mad", 4)
    everything = ok(await client.get(f"/games/{game_id}/events"))
    assert [e["version"] for e in everything] == [1, 2, 3, 4, 5]
    first = await client.get(f"/games/{game_id}/events", params={"limit": 2})
    assert [e["version"] for e in ok(first)] == [1, 2]
    pages, link = [ok(first)], next_link(first)
    assert link == f"/games/{game_id}/events?limit=2&after=2", "the query, `after` moved on"
    while link is not None:
        answer = await client.get(link)
        pages.append(ok(answer))
        link = next_link(answer)
    assert [[e["version"] for e in each] for each in pages] == [[1, 2], [3, 4], [5]]
    assert next_link(await client.get(f"/games/{game_id}/events")) is None


async def test_a_finished_log_pages_and_answers_304_when_unchanged(client: AsyncClient) -> None:
    game_id, tokens = await open_table(client, "mad", 2)
    final = await play(client, game_id, tokens, random.Random(5), 5_000)
    whole = await client.get(f"/games/{game_id}/log")
    records = ok(whole)["events"]
    assert len(records) == final["version"]
    first = await client.get(f"/games/{game_id}/log", params={"limit": 3})
    assert [r["version"] for r in ok(first)["events"]] == [1, 2, 3]
    second = ok(await client.get(str(next_link(first))))
    assert second["seed"] == ok(whole)["seed"]
    assert [r["version"] for r in second["events"]] == [4, 5, 6]
    etag = whole.headers["etag"]
    unchanged = await client.get(f"/games/{game_id}/log", headers={"If-None-Match": etag})
    assert (unchanged.status_code, unchanged.content) == (304, b"")


async def test_large_answers_are_gzipped(client: AsyncClient) -> None:
    game_id, _ = await started_table(client)
    answer = await client.get(f"/games/{game_id}/events", headers={"Accept-Encoding": "gzip"})
    assert len(answer.content) > 1024
    assert answer.headers["content-encoding"] == "gzip"
    small = await client.get("/health", headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in small.headers


async def test_a_view_answers_304_until_the_game_changes(client: AsyncClient) -> None:
    game_id, tokens = await open_table(client, "gnono", 2)
    seen = await client.get(f"/games/{game_id}", headers=bearer(tokens[0]))
    etag = seen.headers["etag"]
    same = await client.get(
        f"/games/{game_id}", headers={**bearer(tokens[0]), "If-None-Match": etag}
    )
    assert (same.status_code, same.content) == (304, b"")
    other_viewer = await client.get(f"/games/{game_id}", headers={"If-None-Match": etag})
    assert other_viewer.status_code == 200, "the spectator's view has a tag of its own"
    start = {"type": "start_game"}
    ok(await client.post(f"/games/{game_id}/commands", json=start, headers=bearer(tokens[0])))
    changed = await client.get(
        f"/games/{game_id}", headers={**bearer(tokens[0]), "If-None-Match": etag}
    )
    assert changed.status_code == 200 and changed.headers["etag"] != etag


async def test_a_bad_query_parameter_is_named(client: AsyncClient) -> None:
    game_id, _ = await open_table(client, "gnono", 0)
    for params, name in [({"after": -1}, "after"), ({"limit": 1001}, "limit")]:
        answer = await client.get(f"/games/{game_id}/events", params=params)
        problem(answer, 400, "invalid_query")
        assert answer.json()["parameters"] == [name]
        assert f"`{name}`" in answer.json()["detail"]
    ok(await client.get(f"/games/{game_id}/events", params={"limit": 1000}))
    problem(await client.get("/lobby", params={"limit": "many"}), 400, "invalid_query")
    problem(await client.get("/lobby", params={"limit": 201}), 400, "invalid_query")
    ok(await client.get("/lobby", params={"limit": 200}))


async def test_unknown_filters_and_kinds_are_refused(client: AsyncClient) -> None:
    problem(await client.get("/tables", params={"status": "bogus"}), 422, "unknown_status")
    problem(await client.get("/tables", params={"kind": "nope"}), 422, "unknown_kind")
    problem(await client.get("/lobby", params={"kind": "nope"}), 422, "unknown_kind")
    problem(await client.get("/scoreboards/nope"), 422, "unknown_kind")
    ok(await client.get("/tables", params={"status": "playing", "kind": "gnono"}))
    for status in ("open", "finished", "cancelled"):
        ok(await client.get("/tables", params={"status": status}))


async def test_an_invalid_command_lists_the_commands_of_the_kind(client: AsyncClient) -> None:
    game_id, tokens = await started_table(client)
    sent = await client.post(
        f"/games/{game_id}/commands", json={"type": "castle"}, headers=bearer(tokens[0])
    )
    problem(sent, 400, "invalid_command")
    assert "start_game, play_card, draw_card" in sent.json()["detail"]


async def test_a_card_not_in_hand_is_named_as_players_name_it(client: AsyncClient) -> None:
    game_id, tokens, mover, held = await a_table_to_play_on(client)
    card = next(
        {"rank": "5", "colour": colour, "copy": copy}
        for colour in ("blue", "red", "green", "yellow")
        for copy in (0, 1)
        if {"rank": "5", "colour": colour, "copy": copy} not in held
    )
    move: dict[str, Any] = {"type": "play_card", "card": card}
    sent = await client.post(f"/games/{game_id}/commands", json=move, headers=bearer(tokens[mover]))
    problem(sent, 409, "card_not_in_hand")
    assert sent.json()["detail"] == f"{card['colour']} 5 is not in your hand"


async def a_table_to_play_on(client: AsyncClient) -> tuple[str, list[str], int, list[Any]]:
    """A started Gnono table whose first player may play a card (not choose a colour first):
    its id, tokens, the player's seat and hand."""
    while True:
        game_id, tokens = await started_table(client)
        views = [await view(client, game_id, token) for token in tokens]
        mover = next(seat for seat, seen in enumerate(views) if seen["legal_moves"])
        moves = {move["type"] for move in views[mover]["legal_moves"]}
        if "draw_card" in moves:
            return game_id, tokens, mover, views[mover]["game"]["hand"]


async def test_created_resources_say_where_they_are(client: AsyncClient) -> None:
    created = await client.post("/games", json={"kind": "gnono"})
    game_id = ok(created, 201)["id"]
    assert created.headers["location"] == f"/games/{game_id}"
    seat_key = key()
    seated = await client.post(f"/games/{game_id}/seats", json={"name": "ada"}, headers=seat_key)
    token = ok(seated, 201)["token"]
    assert seated.headers["location"] == f"/games/{game_id}"
    again = await client.post(f"/games/{game_id}/seats", json={"name": "ada"}, headers=seat_key)
    ok(again, 200)
    assert again.headers["location"] == f"/games/{game_id}", "a replay says it too"
    ticket = await client.post(f"/games/{game_id}/tickets", headers=bearer(token))
    ok(ticket, 201)
    assert "location" not in ticket.headers, "a ticket is no resource"
    player = await client.post("/players", json={"handle": "Ada Lovelace"})
    player_token = ok(player, 201)["token"]
    assert player.headers["location"] == "/players/Ada%20Lovelace"
    issued = await client.post("/challenges", json={"kind": "mad"}, headers=bearer(player_token))
    assert issued.headers["location"] == f"/challenges/{ok(issued, 201)['challenge_id']}"
    quick = await client.post("/quickplay", json={"kind": "mad", "name": "bo"})
    assert quick.headers["location"] == f"/games/{ok(quick, 201)['game_id']}"

"""Tournaments over HTTP, on one process running every role: an organiser's Swiss of MAD
for themselves and five bots runs to its end by itself, as its games' own logs say, its
live stream carrying every round and the finish; an arena of Gnono ends on time; every
refusal is a problem with its code."""

from collections import Counter
from itertools import combinations
from typing import Any

from httpx import AsyncClient

from tests.api.players import bearer, ok
from tests.api.sse import AnyClient, open_stream
from tests.api.tournaments import finished, listed, organiser, swiss_of_bots


def assert_consistent(shown: Any, games: dict[str, Any]) -> None:
    """Each table's results are its game's standings; the points sum to the results'."""
    given = 0
    for played in shown["round_tables"]:
        for table in played["tables"]:
            standings = {s["seat"]: s["place"] for s in games[table["game_id"]]["standings"]}
            assert {r["seat"]: r["place"] for r in table["results"]} == standings
            assert [r["entry"] for r in table["results"]] == table["entries"]
            given += sum(r["points"] for r in table["results"])
        given += len(played["byes"]) * played["bye_points"]
    assert sum(row["points"] for row in shown["standings"]) == given


async def tables(client: AsyncClient, shown: Any) -> dict[str, Any]:
    """Each table's game, as its own view shows it."""
    ids = [t["game_id"] for played in shown["round_tables"] for t in played["tables"]]
    return {game_id: ok(await client.get(f"/games/{game_id}")) for game_id in ids}


async def test_a_swiss_of_mad_for_six_runs_to_its_end_by_itself(client: AnyClient) -> None:
    token = await organiser(client, "swiss-ada")
    clock = {"turn_seconds": 1, "grace_seconds": 0}  # the organiser never moves
    tournament_id = await swiss_of_bots(client, token, "mad", 5, 3, clock=clock)
    headers = bearer(token)
    started = ok(await client.post(f"/tournaments/{tournament_id}/start", headers=headers))
    assert started["status"] == "running" and len(started["round_tables"]) == 1
    async with open_stream(client, f"/tournaments/{tournament_id}/live", None) as stream:
        shown = await finished(client, tournament_id)
        heard = []
        while not heard or heard[-1].event != "tournament.finished":
            heard.append(await stream.message(timeout=15.0))
    assert shown["status"] == "finished" and len(shown["round_tables"]) == 3
    pairs = [
        frozenset(pair)
        for played in shown["round_tables"]
        for table in played["tables"]
        for pair in combinations(table["entries"], 2)
    ]
    assert len(pairs) == len(set(pairs)) == 9, "no two entries met twice"
    assert_consistent(shown, await tables(client, shown))
    heard = [message for message in heard if message.event]  # keep-alives aside
    kinds = Counter(message.event for message in heard)
    assert kinds["tournament.round_started"] == 3 and kinds["tournament.finished"] == 1
    assert [m.id for m in heard] == sorted(m.id for m in heard)
    audit = ok(await client.get(f"/tournaments/{tournament_id}/audit"))
    assert audit["ok"], audit
    await assert_told_each_table(client, token, shown)


async def assert_told_each_table(client: AnyClient, token: str, shown: Any) -> None:
    """The organiser's news told them of their table each round, by game id and seat."""
    mine = [
        (table["game_id"], table["entries"].index("swiss-ada"))
        for played in shown["round_tables"]
        for table in played["tables"]
        if "swiss-ada" in table["entries"]
    ]
    since = {"Last-Event-ID": "0-0-0", "Authorization": f"Bearer {token}"}
    told = []
    async with open_stream(client, "/players/me/live", None, **since) as stream:
        while len(told) < len(mine):
            notice = (await stream.message_of("tournament_table", timeout=15.0)).json()
            told.append((notice["game_id"], notice["seat"]))
    assert told == mine


async def test_a_tournament_replays_at_any_version_and_resumes_its_stream(
    client: AnyClient,
) -> None:
    token = await organiser(client, "replay-ada")
    tournament_id = await swiss_of_bots(client, token, "gnono", 3, 1, enter=False)
    ok(await client.post(f"/tournaments/{tournament_id}/start", headers=bearer(token)))
    shown = await finished(client, tournament_id)
    at_two = ok(await client.get(f"/tournaments/{tournament_id}", params={"at": 2}))
    assert (at_two["version"], at_two["status"], len(at_two["entries"])) == (2, "upcoming", 1)
    path = f"/tournaments/{tournament_id}/live"
    answer = await client.get(path, headers={"Last-Event-ID": str(shown["version"] - 1)})
    assert answer.text.count("event: ") == 1 and "tournament.finished" in answer.text


async def test_an_arena_of_gnono_for_five_bots_ends_on_time(client: AnyClient) -> None:
    token = await organiser(client, "arena-ada")
    body = {"kind": "gnono", "format": "arena", "minutes": 0.05, "options": {"bot_pace": 0}}
    body["options"] |= {"playout_score": 50}
    created = ok(await client.post("/tournaments", json=body, headers=bearer(token)), 201)
    tournament_id = created["tournament_id"]
    for _ in range(5):
        path = f"/tournaments/{tournament_id}/entries"
        ok(await client.post(path, json={"bot": "heuristic"}, headers=bearer(token)), 201)
    ok(await client.post(f"/tournaments/{tournament_id}/start", headers=bearer(token)))
    shown = await finished(client, tournament_id)
    assert shown["status"] == "finished" and shown["round_tables"]
    assert_consistent(shown, await tables(client, shown))
    audit = ok(await client.get(f"/tournaments/{tournament_id}/audit"))
    assert audit["ok"], audit


async def test_refusals_say_why(client: AnyClient) -> None:
    ada, bo = await organiser(client, "refuse-ada"), await organiser(client, "refuse-bo")
    body = {"kind": "mad", "format": "swiss", "rounds": 1, "max_entries": 2}

    async def refused(method: str, path: str, token: str | None, code: str, **more: Any) -> None:
        headers = bearer(token) if token else {}
        answer = await client.request(method, path, headers=headers, **more)
        assert answer.json()["code"] == code, answer.text

    await refused("post", "/tournaments", None, "missing_token", json=body)
    await refused("post", "/tournaments", ada, "unknown_kind", json={**body, "kind": "chess"})
    await refused("post", "/tournaments", ada, "invalid_tournament", json={**body, "rounds": None})
    await refused("get", "/tournaments/nope", None, "tournament_not_found")
    tournament_id = ok(await client.post("/tournaments", json=body, headers=bearer(ada)), 201)[
        "tournament_id"
    ]
    path = f"/tournaments/{tournament_id}"
    await refused("post", path + "/start", bo, "not_organiser")
    await refused("post", path + "/start", ada, "too_few_entries")
    await refused("post", path + "/entries", bo, "not_organiser", json={"bot": "heuristic"})
    await refused("post", path + "/entries", ada, "unknown_bot", json={"bot": "oracle"})
    await refused("delete", path + "/entries/me", bo, "not_entered")
    await refused("post", path + "/entries", bo, "malformed_json")
    ok(await client.post(path + "/entries", json={}, headers=bearer(ada)), 201)
    await refused("post", path + "/entries", ada, "already_entered", json={})
    ok(await client.post(path + "/entries", json={}, headers=bearer(bo)), 201)
    await refused("post", path + "/entries", ada, "tournament_full", json={"bot": "heuristic"})
    ok(await client.post(path + "/start", headers=bearer(ada)))
    await refused("post", path + "/start", ada, "tournament_started")
    await refused("get", "/tournaments", None, "unknown_status", params={"status": "later"})


async def test_a_tournament_starts_by_itself_at_its_start_time_or_is_called_off(
    client: AnyClient,
) -> None:
    token = await organiser(client, "timed-ada")
    due = await swiss_of_bots(client, token, "mad", 2, 1, enter=False, starts_in=5)
    lonely = await swiss_of_bots(client, token, "mad", 1, 1, enter=False, starts_in=5)
    assert (await finished(client, due))["status"] == "finished"
    assert (await finished(client, lonely))["status"] == "cancelled"
    await listed(client, lonely, "cancelled")


async def test_a_swiss_at_tables_of_three_gives_byes_worth_a_win(client: AnyClient) -> None:
    token = await organiser(client, "three-ada")
    options = {"bot_pace": 0, "playout_score": 50}
    tournament_id = await swiss_of_bots(
        client, token, "gnono", 4, 2, enter=False, seats=3, options=options
    )
    ok(await client.post(f"/tournaments/{tournament_id}/start", headers=bearer(token)))
    shown = await finished(client, tournament_id)
    byes = [entry for played in shown["round_tables"] for entry in played["byes"]]
    assert len(byes) == len(set(byes)) == 2, "one bye a round, never twice to one entry"
    assert {played["bye_points"] for played in shown["round_tables"]} == {4}
    assert_consistent(shown, await tables(client, shown))
    assert ok(await client.get(f"/tournaments/{tournament_id}/audit"))["ok"]

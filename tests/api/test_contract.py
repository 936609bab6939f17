"""The published OpenAPI document is the service's real contract: every operation of every
kind answers exactly as it says, refusals included, and its own examples fit its schemas."""

import asyncio
import gzip
import random
import re
import uuid
from datetime import UTC, datetime
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from api.contract.document import operations, refusal_codes
from api.http.auth import PLAYER_SCHEME, SEAT_SCHEME, TICKET_SCHEME
from api.http.described import BODY
from api.http.errors import PROBLEM, STATUS_BY_CODE
from api.main.openapi import unconnected_app
from commands.log.registry import GAMES
from tests.api.players import QUICK_OPTIONS
from tests.api.published import PublishedClient, assert_valid, published, sse_data
from tests.api.sse import AnyClient
from tests.api.tournaments import finished

MAX_COMMANDS = 5_000
SEAT = {SEAT_SCHEME: []}
TICKET = {TICKET_SCHEME: []}
PLAYER = {PLAYER_SCHEME: []}
SECURITY = {
    ("post", "/games/{game_id}/seats"): [PLAYER, SEAT, {}],
    ("post", "/games/{game_id}/forks"): [PLAYER, {}],
    ("post", "/quickplay"): [PLAYER, {}],
    ("post", "/games/{game_id}/commands"): [SEAT],
    ("post", "/games/{game_id}/tickets"): [SEAT],
    ("post", "/games/{game_id}/rematch"): [SEAT],
    ("get", "/games/{game_id}"): [SEAT, {}],
    ("get", "/games/{game_id}/events"): [SEAT, {}],
    ("get", "/games/{game_id}/live"): [SEAT, TICKET, {}],
    ("get", "/games/{game_id}/replay"): [SEAT, {}],
    **{
        key: [PLAYER]
        for key in operations(unconnected_app())
        if (key[1].startswith(("/players/me/", "/challenges", "/tournaments")) and key[0] == "post")
        or key == ("delete", "/tournaments/{tournament_id}/entries/me")
        or key[1]
        in (
            "/players/me/live",
            "/players/me/games",
            "/players/me/challenges",
            "/players/me/sandboxes",
        )
    },
    ("get", "/player"): [PLAYER],
}


def all_operations() -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (method, path, described)
        for path, item in published()["paths"].items()
        for method, described in item.items()
    ]


def test_every_schema_is_valid_json_schema() -> None:
    for schema in published()["components"]["schemas"].values():
        Draft202012Validator.check_schema(schema)


def refs(value: Any) -> set[str]:
    """The components `value` refers to."""
    if isinstance(value, dict):
        own = {value["$ref"].rsplit("/", 1)[1]} if isinstance(value.get("$ref"), str) else set()
        return own.union(*(refs(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(refs(item) for item in value))
    return set()


def test_every_component_is_referred_to_and_every_reference_resolves() -> None:
    schemas = published()["components"]["schemas"]
    used, pending = set(), refs(published()["paths"])
    while pending:
        name = pending.pop()
        assert name in schemas, f"{name} is referred to but not published"
        used.add(name)
        pending |= refs(schemas[name]) - used
    assert used == schemas.keys(), f"published but unused: {sorted(schemas.keys() - used)}"


def test_every_operation_is_described_with_examples_and_typed_bodies() -> None:
    assert {(method, path) for method, path, _ in all_operations()} == operations(
        unconnected_app()
    ).keys()
    for method, path, described in all_operations():
        what = f"{method.upper()} {path}"
        assert described.get("description"), f"{what} has no description"
        success = [status for status in described["responses"] if status.startswith("2")]
        assert success, what
        for status in success:
            for media, content in described["responses"][status]["content"].items():
                assert content.get("examples"), f"{what} has no example of {media}"
                assert content["schema"] != {}, f"{what} answers an untyped body"
        for status, response in described["responses"].items():
            if int(status) >= 400:
                assert list(response["content"]) == [PROBLEM], f"{what} {status}"
        if "requestBody" in described:
            body = described["requestBody"]["content"]["application/json"]
            assert body.get("examples"), f"{what} has no example of its body"


def test_the_examples_fit_the_schemas() -> None:
    for method, path, described in all_operations():
        what = f"{method.upper()} {path}"
        for status, response in described["responses"].items():
            for media, content in response.get("content", {}).items():  # none: 304
                examples = [e["value"] for e in content.get("examples", {}).values()]
                examples += [content["example"]] if "example" in content else []
                for example in examples:
                    if media.endswith("json"):
                        assert_valid(example, content["schema"], f"an example of {what} {status}")
        if "requestBody" in described:
            body = described["requestBody"]["content"]["application/json"]
            for name, example in body["examples"].items():
                assert_valid(example["value"], body["schema"], f"example {name} of {what}")


def test_the_seat_token_is_a_bearer_scheme_on_the_operations_that_take_one() -> None:
    schemes = published()["components"]["securitySchemes"]
    seat, ticket = schemes[SEAT_SCHEME], schemes[TICKET_SCHEME]
    assert (seat["type"], seat["scheme"]) == ("http", "bearer")
    assert (ticket["type"], ticket["in"], ticket["name"]) == ("apiKey", "query", "ticket")
    for method, path, described in all_operations():
        expected = SECURITY.get((method, path))
        assert described.get("security") == expected, f"{method.upper()} {path}"


def test_every_refusal_code_is_documented_somewhere() -> None:
    documented = {
        code
        for _, _, described in all_operations()
        for status, response in described["responses"].items()
        if int(status) >= 400
        for code in refusal_codes(response)
    }
    assert STATUS_BY_CODE.keys() <= documented


def test_every_operation_taking_a_body_lists_the_refusals_of_a_body() -> None:
    for method, path, described in all_operations():
        if "requestBody" in described:
            listed = {
                code
                for status, response in described["responses"].items()
                if int(status) >= 400
                for code in refusal_codes(response)
            }
            unread = set(BODY) - {"invalid_body"} - listed  # a command's junk: invalid_command
            assert not unread, f"{method.upper()} {path} does not list {sorted(unread)}"


def test_the_operations_that_record_by_an_idempotency_key_take_it_and_no_other() -> None:
    keyed = {
        (method, path)
        for method, path, described in all_operations()
        if any(each["name"] == "Idempotency-Key" for each in described.get("parameters", []))
    }
    assert keyed == {
        ("post", "/games"),
        ("post", "/games/{game_id}/seats"),
        ("post", "/games/{game_id}/commands"),
        ("post", "/games/{game_id}/forks"),
    }


def test_each_kind_has_its_own_components() -> None:
    schemas = published()["components"]["schemas"]
    for kind in GAMES:
        prefix = kind.capitalize()
        for suffix in ("Command", "Event", "Options", "View", "TableView", "CreateGame"):
            assert f"{prefix}{suffix}" in schemas
    table_view = schemas["TableView"]
    assert table_view["discriminator"]["propertyName"] == "kind"
    assert len(table_view["oneOf"]) == len(GAMES)


@pytest.mark.parametrize("kind", list(GAMES))
async def test_every_operation_answers_as_published(client: AnyClient, kind: str) -> None:
    api = PublishedClient(client)
    rules = GAMES[kind]
    seats = max(rules.min_seats, 2)
    players = [f"{kind}-{uuid.uuid4().hex[:6]}-{seat}" for seat in range(seats)]

    for health in ("/health", "/health/live", "/health/ready"):
        await api.ok("get", health)
    await api.ok("get", "/metrics")
    await api.ok("get", "/games/kinds")
    body = {"kind": kind, "options": QUICK_OPTIONS.get(kind, {})}
    once = {"Idempotency-Key": f"create-{uuid.uuid4()}"}
    created = await api.ok("post", "/games", 201, json_body=body, headers=once)
    assert await api.ok("post", "/games", 200, json_body=body, headers=once) == created
    game_id = created["id"]
    tokens, player_tokens = [], []
    for name in players:
        player = await api.ok("post", "/players", 201, json_body={"handle": name})
        player_tokens.append(player["token"])

        assert await api.ok("get", "/player", token=player["token"]) == {"handle": name}
        seat = {"entropy": f"dice {name}"}
        granted = await api.ok(
            "post",
            "/games/{game_id}/seats",
            201,
            json_body=seat,
            game_id=game_id,
            token=player["token"],
        )
        tokens.append(granted["token"])
    await api.refused("get", "/games/{game_id}/log", "game_not_over", game_id=game_id)
    await api.refused("get", "/games/{game_id}/audit", "game_not_over", game_id=game_id)

    final, decided = await play(api, game_id, tokens, random.Random(kind))
    assert final["status"] == "finished"

    for token in (*tokens, None):
        await api.ok("get", "/games/{game_id}/events", game_id=game_id, token=token)
        await api.ok("get", "/games/{game_id}/live", game_id=game_id, token=token)
        at = {"at": decided[len(decided) // 2]}  # a version a command left the game at
        await api.ok("get", "/games/{game_id}/replay", game_id=game_id, token=token, params=at)
    for seat, token in enumerate(tokens):
        await live_with_a_ticket(api, game_id, token, seat)
    await api.ok("get", "/games/{game_id}/log", game_id=game_id)
    await api.ok("get", "/games/{game_id}/audit", game_id=game_id)
    rematch = await api.ok(
        "post", "/games/{game_id}/rematch", 201, game_id=game_id, token=tokens[0]
    )
    seen = await api.ok("get", "/games/{game_id}", game_id=game_id, token=tokens[1])
    assert seen["rematch"] == rematch["game_id"]
    await read_models(api, kind, game_id, players[0])
    await study(api, game_id, decided[len(decided) // 2], player_tokens[0])
    await datasets(api, kind, game_id)
    await api.ok("post", "/quickplay", 201, json_body={"kind": kind, "name": "guest"})
    await challenges_and_news(api, kind, players, player_tokens)
    await tournaments(api, kind, player_tokens)

    missing = {
        (method, path)
        for method, path, _ in all_operations()
        if not any(seen[:2] == (method, path) and seen[2] < 300 for seen in api.seen)
    }
    assert not missing, f"operations not exercised: {sorted(missing)}"


async def challenges_and_news(
    api: PublishedClient, kind: str, handles: list[str], tokens: list[str]
) -> None:
    """A challenge declined, one cancelled and one accepted; the challenged player's tables,
    ticket and stream, which heard all three from its first notice."""
    seats = max(GAMES[kind].min_seats, 2)
    body = {"kind": kind, "challenged": handles[1], "seats": seats, "bots": seats > 2}
    body["options"] = QUICK_OPTIONS.get(kind, {})
    ids = [
        (await api.ok("post", "/challenges", 201, json_body=body, token=tokens[0]))["challenge_id"]
        for _ in range(3)
    ]
    path = "/challenges/{challenge_id}"
    reason = {"reason": "later"}
    await api.ok("post", path + "/decline", json_body=reason, token=tokens[1], challenge_id=ids[0])
    await api.ok("post", path + "/cancel", token=tokens[0], challenge_id=ids[1])
    await api.ok("get", "/players/me/challenges", token=tokens[1])
    await api.ok("get", path, challenge_id=ids[2])
    await api.ok("post", path + "/accept", 201, token=tokens[1], challenge_id=ids[2])
    await api.ok("get", "/players/me/games", token=tokens[1])
    ticket = await api.ok("post", "/players/me/tickets", 201, token=tokens[1])
    since = {"Last-Event-ID": "0-0-0"}
    params = {"ticket": ticket["ticket"]}
    notice = await api.first_message("/players/me/live", "challenge_accepted", params, since)
    assert notice["challenge_id"] == ids[2]


async def tournaments(api: PublishedClient, kind: str, tokens: list[str]) -> None:
    """A Swiss of one round for two bots, entered by another player who withdraws, started by
    its organiser and played to its end; its list, standings, stream and audit."""
    options = {**QUICK_OPTIONS.get(kind, {}), "bot_pace": 0}
    body = {"kind": kind, "format": "swiss", "rounds": 1, "options": options}
    created = await api.ok("post", "/tournaments", 201, json_body=body, token=tokens[0])
    path = {"tournament_id": created["tournament_id"]}
    entries = "/tournaments/{tournament_id}/entries"
    for _ in range(2):
        bot = {"bot": "random"}
        await api.ok("post", entries, 201, json_body=bot, token=tokens[0], **path)
    await api.ok("post", entries, 201, json_body={}, token=tokens[1], **path)
    await api.ok("delete", entries + "/me", token=tokens[1], **path)
    await api.ok("post", "/tournaments/{tournament_id}/start", token=tokens[0], **path)
    await finished(api.client, path["tournament_id"])  # the stream then has it all at once
    await api.first_message("/tournaments/{tournament_id}/live", "tournament.finished", **path)
    await api.ok("get", "/tournaments/{tournament_id}", params={"at": 2}, **path)
    await api.ok("get", "/tournaments/{tournament_id}/audit", **path)
    await api.ok("get", "/tournaments", params={"status": "running"})
    await api.ok("get", "/tournaments/{tournament_id}/standings", **path)


async def play(
    api: PublishedClient, game_id: str, tokens: list[str], rng: random.Random
) -> tuple[Any, list[int]]:
    """Random legal moves until the game ends, every view and answer checked; returns the
    final view and the versions the commands left the game at."""
    decided = []
    for _ in range(MAX_COMMANDS):
        views = [
            await api.ok("get", "/games/{game_id}", game_id=game_id, token=token)
            for token in tokens
        ]
        movers = [seat for seat, seen in enumerate(views) if seen["legal_moves"]]
        if not movers:
            break
        seat = rng.choice(movers)
        moves = views[seat]["legal_moves"]
        # A card played rather than drawn where there is a choice: random Gnono runs long.
        move = rng.choice([m for m in moves if m["type"] != "draw_card"] or moves)
        sent = await api.call(
            "post", "/games/{game_id}/commands", json_body=move, token=tokens[seat], game_id=game_id
        )
        assert sent.status_code in (200, 409), sent.text  # a real-time rival may move first
        if sent.status_code == 200:
            decided.append(sent.json()["version"])
    return await api.ok("get", "/games/{game_id}", game_id=game_id), decided


async def live_with_a_ticket(api: PublishedClient, game_id: str, token: str, seat: int) -> None:
    """A ticket for the seat opens the finished game's stream, views included, as the seat."""
    issued = await api.ok("post", "/games/{game_id}/tickets", 201, game_id=game_id, token=token)
    assert issued["seat"] == seat
    params = {"ticket": issued["ticket"], "include": "view"}
    stream = await api.ok("get", "/games/{game_id}/live", game_id=game_id, params=params)
    data = sse_data(stream)
    view = published()["components"]["schemas"]["TableView"]
    assert_valid(data[-1], view, "the last message of a stream with views")
    assert (data[-1]["you"], data[-1]["status"]) == (seat, "finished")


async def read_models(api: PublishedClient, kind: str, game_id: str, player: str) -> None:
    """The read models, once the projections have caught up with the finished game."""
    await api.ok("get", "/lobby", params={"kind": kind})
    await api.first_message("/lobby/live", "lobby", params={"kind": kind})
    await api.ok("get", "/tables", params={"kind": kind, "status": "finished"})
    await api.ok("get", "/scoreboards/{kind}", kind=kind)
    await api.ok("get", "/ratings/{kind}", kind=kind)
    for _ in range(200):
        summary = await api.call("get", "/tables/{game_id}", game_id=game_id)
        record = await api.call("get", "/players/{name}", name=player)
        if summary.status_code == record.status_code == 200:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the read models did not catch up")


async def study(api: PublishedClient, game_id: str, at: int, player: str) -> None:
    """A sandbox forked by a player at a version a command left the game at, its hints, and
    the lists of sandboxes once the projection has it."""
    fork = {"at": at}
    opened = await api.ok(
        "post", "/games/{game_id}/forks", 201, json_body=fork, game_id=game_id, token=player
    )
    seen = await api.ok("get", "/games/{game_id}", game_id=opened["id"], token=opened["token"])
    hints = {"seat": seen["you"], "milliseconds": 10}
    await api.ok("get", "/games/{game_id}/hints", game_id=opened["id"], params=hints)
    for _ in range(200):
        forks = await api.ok("get", "/games/{game_id}/forks", game_id=game_id)
        mine = await api.ok("get", "/players/me/sandboxes", token=player)
        if forks["items"] and mine["items"]:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the sandboxes' read model did not catch up")


async def datasets(api: PublishedClient, kind: str, game_id: str) -> None:
    """The list of datasets, and this month's of the kind, once it holds the finished game."""
    month = datetime.now(UTC).strftime("%Y-%m")
    for _ in range(200):
        listed = await api.ok("get", "/datasets", params={"kind": kind})
        if any(each["month"] == month for each in listed):
            break
        await asyncio.sleep(0.05)
    path = {"kind": kind, "file": f"{month}.ndjson.gz"}
    answer = await api.call("get", "/datasets/{kind}/{file}", **path)
    assert answer.status_code == 200, answer.text
    assert game_id.encode() in gzip.decompress(answer.content)


async def test_refusals_are_published_problems(client: AnyClient) -> None:
    api = PublishedClient(client)
    created = await api.ok("post", "/games", 201, json_body={"kind": "gnono"})
    game_id = created["id"]
    tokens = [
        (
            await api.ok(
                "post", "/games/{game_id}/seats", 201, json_body={"name": name}, game_id=game_id
            )
        )["token"]
        for name in ("ada", "bo")
    ]
    start = {"type": "start_game"}
    unknown = str(uuid.uuid4())
    commands = "/games/{game_id}/commands"
    await api.refused("post", "/games", "invalid_body", content=b'{"kind": "gnono", "x": 1}')
    await api.refused("post", "/games", "malformed_json", content=b"{", game_id=game_id)
    await api.refused("post", "/games", "unknown_kind", content=b'{"kind": "chess"}')
    options = b'{"kind": "gnono", "options": {"hand_size": "many"}}'
    await api.refused("post", "/games", "invalid_options", content=options)
    await api.refused("post", commands, "missing_token", json_body=start, game_id=game_id)
    await api.refused(
        "post", commands, "wrong_token", json_body=start, token="nope", game_id=game_id
    )
    await api.refused(
        "post", commands, "game_not_found", json_body=start, token=tokens[0], game_id=unknown
    )
    await api.refused(
        "post",
        commands,
        "invalid_command",
        content=b'{"type": "x"}',
        token=tokens[0],
        game_id=game_id,
    )
    await api.refused(
        "post", commands, "malformed_json", content=b"{", token=tokens[0], game_id=game_id
    )
    draw = {"type": "draw_card"}
    await api.refused(
        "post", commands, "not_started", json_body=draw, token=tokens[0], game_id=game_id
    )
    await api.refused(
        "post", "/games/{game_id}/seats", "invalid_name", json_body={"name": " "}, game_id=game_id
    )
    await api.refused(
        "post", "/games/{game_id}/seats", "unknown_bot", content=b'{"bot": "x"}', game_id=game_id
    )
    await player_refusals(api, game_id)
    await api.refused("get", "/games/{game_id}", "game_not_found", game_id=unknown)
    await api.refused("get", "/games/{game_id}", "wrong_token", token="nope", game_id=game_id)
    await api.refused(
        "get", "/games/{game_id}/events", "invalid_query", params={"after": -1}, game_id=game_id
    )
    await api.refused(
        "get", "/games/{game_id}/replay", "version_not_found", params={"at": 99}, game_id=game_id
    )
    await api.refused("get", "/games/{game_id}/live", "game_not_found", game_id=unknown)
    tickets = "/games/{game_id}/tickets"
    await api.refused("post", tickets, "missing_token", game_id=game_id)
    await api.refused("post", tickets, "wrong_token", token="nope", game_id=game_id)
    await api.refused("post", tickets, "game_not_found", token=tokens[0], game_id=unknown)
    ticket = await api.ok("post", tickets, 201, token=tokens[0], game_id=game_id)
    forged = {"ticket": "0." + ticket["ticket"].split(".", 1)[1][::-1]}
    live = "/games/{game_id}/live"
    await api.refused("get", live, "invalid_ticket", params=forged, game_id=game_id)
    other = (await api.ok("post", "/games", 201, json_body={"kind": "gnono"}))["id"]
    elsewhere = {"ticket": ticket["ticket"]}
    await api.refused("get", live, "invalid_ticket", params=elsewhere, game_id=other)
    await api.refused("get", live, "invalid_query", params={"include": "all"}, game_id=game_id)
    await api.refused("get", "/lobby/live", "invalid_query", params={"limit": 0})
    await api.refused("get", "/tables/{game_id}", "game_not_found", game_id=unknown)
    await api.refused("get", "/players/{name}", "not_found", name=f"nobody {unknown}")
    await api.refused("get", "/lobby", "invalid_query", params={"limit": 0})
    await api.refused("get", "/lobby", "unknown_kind", params={"kind": "chess"})
    await api.refused("get", "/lobby/live", "unknown_kind", params={"kind": "chess"})
    await api.refused("get", "/tables", "unknown_status", params={"status": "bogus"})
    await api.refused("get", "/scoreboards/{kind}", "unknown_kind", kind="chess")
    await api.refused("get", "/ratings/{kind}", "unknown_kind", kind="chess")
    key = {"Idempotency-Key": f"key {unknown}"}
    await api.ok("post", "/games", 201, json_body={"kind": "mad"}, headers=key)
    await api.refused(
        "post", "/games", "idempotency_key_reused", json_body={"kind": "cno"}, headers=key
    )
    await api.ok("post", commands, json_body=start, token=tokens[0], game_id=game_id)
    await api.refused(
        "post", commands, "already_started", json_body=start, token=tokens[0], game_id=game_id
    )
    await api.refused(
        "post",
        "/games/{game_id}/seats",
        "table_not_open",
        json_body={"name": "cy"},
        game_id=game_id,
    )


async def player_refusals(api: PublishedClient, game_id: str) -> None:
    """Registering a handle, and taking a seat as a player, refused as published."""
    seats = "/games/{game_id}/seats"
    await api.refused("post", "/players", "invalid_handle", json_body={"handle": "bot:me"})
    handle = f"cy-{uuid.uuid4().hex[:8]}"
    token = (await api.ok("post", "/players", 201, json_body={"handle": handle}))["token"]
    await api.refused("post", "/players", "handle_taken", json_body={"handle": handle})
    await api.refused("get", "/player", "wrong_token", token="nope")
    await api.refused("post", seats, "wrong_token", json_body={}, token="nope", game_id=game_id)
    await api.ok("post", seats, 201, json_body={}, token=token, game_id=game_id)
    await api.refused("post", seats, "already_seated", json_body={}, token=token, game_id=game_id)


def test_every_operation_has_an_id_chosen_by_hand() -> None:
    ids = [described["operationId"] for _, _, described in all_operations()]
    assert len(set(ids)) == len(ids)
    assert all(re.fullmatch("[a-z]+(?:[A-Z][a-z]+)+", each) for each in ids), ids

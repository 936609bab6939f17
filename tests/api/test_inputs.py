"""Every input is bounded and checked at the edge: what is out of bounds is refused with a
stable code and nothing is recorded, never answered with a 500."""

import asyncio
from typing import Any

import asyncpg
import pytest
from httpx import AsyncClient

from api.http import bodies
from api.http.errors import HttpRefusal
from tests.api.players import ok, open_table, view
from tests.api.test_refusals import problem

JSON = {"content-type": "application/json"}


async def open_game(client: AsyncClient, kind: str = "gnono") -> str:
    return str(ok(await client.post("/games", json={"kind": kind}), 201)["id"])


async def games_recorded(pool: asyncpg.Pool) -> int:
    """Every game the store holds: the truth, not a read model that trails it."""
    count: int = await pool.fetchval("SELECT count(*) FROM games")
    return count


async def test_options_nested_deep_are_invalid_options(client: AsyncClient) -> None:
    deep = "[" * 1000 + "]" * 1000
    body = f'{{"kind": "gnono", "options": {{"a": {deep}}}}}'.encode()
    problem(await client.post("/games", content=body, headers=JSON), 422, "invalid_options")


@pytest.mark.parametrize(
    "options", [{"hand_size": {"a": {"b": 1}}}, {"playout_score": [[1]]}, {"a": [{"b": None}]}]
)
async def test_nested_options_are_invalid_options(
    client: AsyncClient, options: dict[str, Any]
) -> None:
    answer = await client.post("/games", json={"kind": "gnono", "options": options})
    problem(answer, 422, "invalid_options")


async def test_any_body_nested_deep_is_refused(client: AsyncClient) -> None:
    deep = "[" * 5000 + "]" * 5000
    body = f'{{"kind": "gnono", "x": {deep}}}'.encode()
    problem(await client.post("/games", content=body, headers=JSON), 400, "invalid_body")
    game_id, tokens = await open_table(client, "gnono", 2)
    for path, code, status in (
        ("seats", "invalid_body", 400),
        ("commands", "invalid_command", 400),
    ):
        headers = {**JSON, "Authorization": f"Bearer {tokens[0]}"}
        body = f'{{"type": "play_card", "card": {deep}}}'.encode()
        problem(
            await client.post(f"/games/{game_id}/{path}", content=body, headers=headers),
            status,
            code,
        )


@pytest.mark.parametrize("options", [{"playout_score": 10**18}, {"playout_score": 0}])
async def test_options_out_of_range_name_the_field(
    client: AsyncClient, options: dict[str, Any]
) -> None:
    answer = await client.post("/games", json={"kind": "gnono", "options": options})
    problem(answer, 422, "invalid_options")
    assert next(iter(options)) in answer.json()["detail"]


@pytest.mark.parametrize(
    ("kind", "options"),
    [
        ("cno", {"rounds": 51}),
        ("cno", {"copies": [1, 4, 4, 4, 4, 4, 4]}),
        ("mad", {"hand_sizes": [27, 9, 8, 7, 6]}),
        ("onexeno", {"hands": 21}),
        ("ecliptic", {"utc_offset_minutes": 841}),
        ("gnono", {"hand_size": 9}),
    ],
)
async def test_every_kind_checks_its_option_ranges(
    client: AsyncClient, kind: str, options: dict[str, Any]
) -> None:
    answer = await client.post("/games", json={"kind": kind, "options": options})
    problem(answer, 422, "invalid_options")
    assert next(iter(options)) in answer.json()["detail"]


@pytest.mark.parametrize(
    ("seat", "code"),
    [
        ({"name": "a\u0000b"}, "invalid_name"),
        ({"name": "a\nb"}, "invalid_name"),
        ({"name": "a\u007fb"}, "invalid_name"),
        ({"name": "x" * 41}, "invalid_name"),
        ({"name": "ada", "entropy": "e" * 257}, "invalid_entropy"),
        ({"name": "ada", "entropy": "dice\u0000"}, "invalid_entropy"),
        ({"name": "ada", "entropy": "dice\u001b[0m"}, "invalid_entropy"),
    ],
)
async def test_bad_names_and_entropy_are_refused_and_nothing_recorded(
    client: AsyncClient, seat: dict[str, str], code: str
) -> None:
    game_id = await open_game(client)
    problem(await client.post(f"/games/{game_id}/seats", json=seat), 422, code)
    assert (await view(client, game_id))["seats"] == []


async def test_entropy_up_to_the_limit_is_kept(client: AsyncClient) -> None:
    game_id = await open_game(client)
    seat = {"name": "ada", "entropy": "é" * 256}
    ok(await client.post(f"/games/{game_id}/seats", json=seat), 201)


async def test_a_body_over_the_cap_is_413_problem(client: AsyncClient, pool: asyncpg.Pool) -> None:
    before = await games_recorded(pool)
    body = b'{"kind": "gnono", "options": {"pad": "' + b"x" * 70_000 + b'"}}'
    problem(await client.post("/games", content=body, headers=JSON), 413, "body_too_large")
    game_id = await open_game(client)
    seat = {"name": "ada", "entropy": "e" * (9 * 1024 * 1024)}
    problem(await client.post(f"/games/{game_id}/seats", json=seat), 413, "body_too_large")
    assert (await view(client, game_id))["seats"] == []
    assert await games_recorded(pool) == before + 1


@pytest.mark.parametrize(
    "path",
    [
        "/games/%00",
        "/games/%00/events",
        "/games/not-a-uuid",
        "/games/%C3%A9%00x/log",
        "/tables/%00",
        "/games/6f1c2a3e-0000-4000-8000-000000000000",
    ],
)
async def test_a_path_that_names_no_game_is_not_found(client: AsyncClient, path: str) -> None:
    problem(await client.get(path), 404, "game_not_found")


async def test_a_seat_or_command_at_a_bad_game_id_is_not_found(client: AsyncClient) -> None:
    problem(await client.post("/games/%00/seats", json={"name": "ada"}), 404, "game_not_found")
    command = {"type": "start_game"}
    problem(await client.post("/games/%00/commands", json=command), 404, "game_not_found")


@pytest.mark.parametrize("after", [2**31, 2**63, 10**30, -1])
async def test_a_version_beyond_the_database_is_invalid_query(
    client: AsyncClient, after: int
) -> None:
    game_id, _ = await open_table(client, "mad", 2)
    for path in ("events", "log", "live"):
        answer = await client.get(f"/games/{game_id}/{path}", params={"after": str(after)})
        problem(answer, 400, "invalid_query")
    answer = await client.get(f"/games/{game_id}/replay", params={"at": str(after)})
    problem(answer, 400, "invalid_query")


async def test_a_player_name_that_no_seat_could_take_is_not_found(client: AsyncClient) -> None:
    problem(await client.get("/players/a%00b"), 404, "not_found")
    problem(await client.get("/players/" + "x" * 5000), 404, "not_found")


async def test_a_last_event_id_beyond_the_database_is_refused(client: AsyncClient) -> None:
    game_id, _ = await open_table(client, "mad", 2)
    answer = await client.get(f"/games/{game_id}/live", headers={"Last-Event-ID": str(2**31)})
    problem(answer, 400, "invalid_query")
    assert answer.json()["parameters"] == ["Last-Event-ID"], "the header as it is sent"


@pytest.mark.parametrize("offset", [2**63, 10**30, -1])
async def test_an_offset_beyond_the_database_is_invalid_query(
    client: AsyncClient, offset: int
) -> None:
    for path in ("/tables", "/lobby", "/scoreboards/gnono"):
        answer = await client.get(path, params={"offset": str(offset)})
        problem(answer, 400, "invalid_query")
        assert answer.json()["parameters"] == ["offset"]
        assert answer.json()["detail"].startswith("query parameter `offset`")


async def test_an_idempotency_key_is_bounded(client: AsyncClient) -> None:
    headers = {"Idempotency-Key": "k" * 201}
    answer = await client.post("/games", json={"kind": "mad"}, headers=headers)
    problem(answer, 400, "invalid_query")
    assert answer.json()["parameters"] == ["Idempotency-Key"]
    assert answer.json()["detail"].startswith("header parameter `Idempotency-Key`")


async def test_a_missing_version_is_invalid_query(client: AsyncClient) -> None:
    game_id, _ = await open_table(client, "mad", 2)
    answer = await client.get(f"/games/{game_id}/replay")
    problem(answer, 400, "invalid_query")
    assert answer.json()["parameters"] == ["at"]


async def test_a_body_that_never_ends_is_refused_in_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bodies, "BODY_SECONDS", 0.1)

    class NeverEnding:
        async def body(self) -> bytes:
            await asyncio.Event().wait()
            return b""

    with pytest.raises(HttpRefusal) as refused:
        await bodies.whole_body(NeverEnding())  # type: ignore[arg-type]
    assert refused.value.code == "body_timeout"


async def test_a_whole_number_given_as_a_float_counts_as_the_integer_it_is(
    client: AsyncClient,
) -> None:
    """The contract's `integer` takes `2.0` (JSON Schema does): a game's option and the
    table's setup alike, nullable or not."""
    body = {"kind": "ecliptic", "options": {"utc_offset_minutes": 60.0, "seats": 2.0}}
    game_id = ok(await client.post("/games", json=body), 201)["id"]
    seen = await view(client, game_id)
    assert seen["options"]["utc_offset_minutes"] == 60
    assert seen["setup"]["seats"] == 2
    fraction = {"kind": "ecliptic", "options": {"seats": 2.5}}
    problem(await client.post("/games", json=fraction), 422, "invalid_options")

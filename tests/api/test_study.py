"""Study over HTTP: a finished game forked into a sandbox, played to its end with the token of
every seat, audited against its source, counted nowhere; and hints, refused at a game played."""

import asyncio
import time
from typing import Any

import asyncpg
import msgspec
import pytest
from litestar.testing import AsyncTestClient

from commands.audit.report import AuditReport, audit
from commands.log import published
from commands.log.published import LogRecord
from infra.store.postgres_store import PostgresEventStore
from tests.api.players import bearer, ok, view
from tests.api.test_bots import bots, bots_seated, finished, new_table, start  # noqa: F401 (a fixture)
from tests.commands.tamper import data, relinked, with_data

AnyClient = AsyncTestClient[Any]
STEP = 10
READ_MODELS = ("scoreboards", "ratings", "sandboxes", "table_summaries", "finished_games")
_SOURCES: dict[str, tuple[str, list[str]]] = {}


async def source_game(client: AnyClient, kind: str) -> tuple[str, list[str]]:
    """A finished game of two heuristic bots and its seats' tokens, played once per test
    process."""
    if kind not in _SOURCES:
        game_id = await new_table(client, kind)
        tokens = await bots_seated(client, game_id, ["heuristic", "heuristic"])
        await start(client, game_id, tokens[0])
        await finished(client, game_id)
        _SOURCES[kind] = game_id, tokens
    return _SOURCES[kind]


async def forked(client: AnyClient, game_id: str, at: int, **headers: str) -> dict[str, Any]:
    opened: dict[str, Any] = ok(
        await client.post(f"/games/{game_id}/forks", json={"at": at}, headers=headers), 201
    )
    return opened


async def caught_up(pool: asyncpg.Pool, game_id: str) -> None:
    """Wait until the read models have read every event of `game_id`."""
    last = await pool.fetchrow(
        "SELECT tx_id::text::bigint AS tx, global_position FROM events WHERE stream_id = $1"
        " ORDER BY version DESC LIMIT 1",
        game_id,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        behind = await pool.fetchval(
            "SELECT count(*) FROM unnest($1::text[]) AS model(name)"
            " LEFT JOIN checkpoints c ON c.name = model.name"
            " WHERE c.name IS NULL OR (c.tx_id, c.global_position) < ($2, $3)",
            list(READ_MODELS),
            last["tx"],
            last["global_position"],
        )
        if behind == 0:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the read models did not catch up")


async def standing_counts(client: AnyClient, kind: str) -> Any:
    scores = ok(await client.get(f"/scoreboards/{kind}"))
    ratings = ok(await client.get(f"/ratings/{kind}"))
    return scores, ratings


async def play_out(client: AnyClient, game_id: str, token: str) -> dict[str, Any]:
    """Post the first legal move the token of every seat is offered until the game ends."""
    for _ in range(2_000):
        seen = await view(client, game_id, token)
        if not seen["legal_moves"]:
            return seen  # type: ignore[no-any-return]
        assert seen["every_seat"] is True
        move = seen["legal_moves"][0]
        ok(await client.post(f"/games/{game_id}/commands", json=move, headers=bearer(token)))
    raise AssertionError("the sandbox did not end")


@pytest.mark.parametrize("kind", ["mad", "gnono"])
@pytest.mark.usefixtures("bots")
async def test_a_finished_game_forked_at_a_step_is_played_to_its_end_and_audited(
    client: AnyClient, pool: asyncpg.Pool, kind: str
) -> None:
    source, tokens = await source_game(client, kind)
    await caught_up(pool, source)
    before = await standing_counts(client, kind)
    source_log = ok(await client.get(f"/games/{source}/log"))
    source_audit = ok(await client.get(f"/games/{source}/audit"))
    step = await a_step_in_play(client, source, tokens, STEP)
    opened = await forked(client, source, step)
    sandbox, token = opened["id"], opened["token"]
    seen = await view(client, sandbox, token)
    assert seen["sandbox"]["source"] == source and seen["sandbox"]["at"] == step
    assert seen["legal_moves"] == await seat_moves(client, source, step, tokens[seen["you"]])
    end = await play_out(client, sandbox, token)
    assert end["status"] == "finished"
    audit = ok(await client.get(f"/games/{sandbox}/audit"))
    assert audit["ok"] is True, audit["checks"]
    link = next(check for check in audit["checks"] if check["name"] == "source_link")
    assert source in link["detail"]
    assert ok(await client.get(f"/games/{source}/log")) == source_log
    assert ok(await client.get(f"/games/{source}/audit")) == source_audit
    await caught_up(pool, sandbox)
    assert await standing_counts(client, kind) == before
    listed = ok(await client.get(f"/games/{source}/forks"))["items"]
    assert any(row["game_id"] == sandbox and row["finished"] for row in listed)
    summaries = ok(await client.get("/tables", params={"kind": kind}))["items"]
    assert sandbox not in [row["game_id"] for row in summaries]
    lobby = ok(await client.get("/lobby", params={"kind": kind}))["items"]
    assert sandbox not in [row["game_id"] for row in lobby]


async def a_step_in_play(client: AnyClient, source: str, tokens: list[str], near: int) -> int:
    """The first version from `near` on at which a seat of the source had a move."""
    for at in range(near, near + 40):
        for token in tokens:
            if await seat_moves(client, source, at, token):
                return at
    raise AssertionError("no step in play")


async def seat_moves(client: AnyClient, source: str, at: int, token: str) -> list[Any]:
    """The legal moves the source's replay at `at` showed the seat of `token`."""
    replayed = await client.get(f"/games/{source}/replay", params={"at": at}, headers=bearer(token))
    moves: list[Any] = ok(replayed)["legal_moves"]
    return moves


def _hint(seat: int, at: int | None = None) -> dict[str, Any]:
    params: dict[str, Any] = {"seat": seat, "milliseconds": 10}
    return params if at is None else params | {"at": at}


@pytest.mark.usefixtures("bots")
async def test_hints_rank_exactly_the_seat_s_legal_moves_at_a_sandbox(
    client: AnyClient,
) -> None:
    source, tokens = await source_game(client, "mad")
    opened = await forked(client, source, await a_step_in_play(client, source, tokens, STEP))
    seen = await view(client, opened["id"], opened["token"])
    hints = ok(await client.get(f"/games/{opened['id']}/hints", params=_hint(seen["you"])))
    moves = [hint["move"] for hint in hints["moves"]]
    assert sorted(moves, key=str) == sorted(seen["legal_moves"], key=str)
    estimates = [hint["estimate"] for hint in hints["moves"]]
    assert estimates == sorted(estimates, reverse=True)
    assert all(hint["samples"] >= 1 for hint in hints["moves"])


async def test_hints_at_a_game_still_played_are_refused(client: AnyClient) -> None:
    game_id = await new_table(client, "mad", bot_pace=5)
    tokens = await bots_seated(client, game_id, ["heuristic", "heuristic"])
    await start(client, game_id, tokens[0])
    answer = await client.get(f"/games/{game_id}/hints", params=_hint(0))
    assert (answer.status_code, answer.json()["code"]) == (403, "not_a_sandbox")
    forking = await client.post(f"/games/{game_id}/forks", json={"at": 4})
    assert (forking.status_code, forking.json()["code"]) == (409, "not_finished")


@pytest.mark.usefixtures("bots")
async def test_hints_take_no_budget_beyond_the_cap(client: AnyClient) -> None:
    source, _ = await source_game(client, "mad")
    answer = await client.get(
        f"/games/{source}/hints", params={"seat": 0, "at": STEP, "milliseconds": 60_000}
    )
    assert (answer.status_code, answer.json()["code"]) == (400, "invalid_query")


@pytest.mark.parametrize(
    ("at", "code", "status"), [(10**6, "beyond_end", 404), (2, "not_in_play", 409)]
)
@pytest.mark.usefixtures("bots")
async def test_a_fork_where_no_seat_had_a_move_is_refused(
    client: AnyClient, at: int, code: str, status: int
) -> None:
    source, _ = await source_game(client, "mad")
    answer = await client.post(f"/games/{source}/forks", json={"at": at})
    assert (answer.status_code, answer.json()["code"]) == (status, code)


@pytest.mark.usefixtures("bots")
async def test_bots_answer_for_the_seats_handed_to_them(client: AnyClient) -> None:
    source, tokens = await source_game(client, "mad")
    opened = await forked(client, source, await a_step_in_play(client, source, tokens, STEP))
    sandbox, token = opened["id"], opened["token"]
    seen = await view(client, sandbox, token)
    handed = [None if seat == seen["you"] else "heuristic" for seat in range(2)]
    command = {"type": "hand_seats", "bots": handed}
    ok(await client.post(f"/games/{sandbox}/commands", json=command, headers=bearer(token)))
    mine, deadline = handed.index(None), time.monotonic() + 60
    while (seen := await view(client, sandbox, token))["status"] == "playing":
        assert time.monotonic() < deadline, "the sandbox did not end"
        if seen["you"] == mine and seen["legal_moves"]:
            move = seen["legal_moves"][0]
            ok(await client.post(f"/games/{sandbox}/commands", json=move, headers=bearer(token)))
        await asyncio.sleep(0.02)
    assert [seat["bot"] for seat in seen["seats"]] == handed
    assert seen["standings"], "the bot played its seat to the end"


@pytest.mark.usefixtures("bots")
async def test_a_sandbox_s_audit_holds_its_link_against_the_source_s_log(
    client: AnyClient, pool: asyncpg.Pool
) -> None:
    source, tokens = await source_game(client, "mad")
    opened = await forked(client, source, await a_step_in_play(client, source, tokens, STEP))
    await play_out(client, opened["id"], opened["token"])
    store = PostgresEventStore(pool)
    records = published.published(opened["id"], await store.read_stream(opened["id"]))
    source_log = published.published(source, await store.read_stream(source))
    assert audit(records, source_log).ok
    alone = audit(records)
    assert failed_checks(alone) == ["source_link"]
    assert "is needed" in next(c.detail for c in alone.checks if c.name == "source_link")
    assert failed_checks(audit(relinked(with_link(records, "00" * 32)), source_log)) == [
        "source_link"
    ]


def with_link(records: list[LogRecord], link: str) -> list[LogRecord]:
    """The log with another link in `table.forked` and in the command that opened it, as a
    careful cheat would change both (the chain is relinked after)."""
    opening = data(records[0])
    opening["sandbox"]["link"] = link
    command = records[0].metadata["command"] | {"link": link}
    first = with_data(records[0], opening)
    first = msgspec.structs.replace(first, metadata=first.metadata | {"command": command})
    return [first, *records[1:]]


def failed_checks(report: AuditReport) -> list[str]:
    return [check.name for check in report.checks if not check.ok]


@pytest.mark.usefixtures("bots")
async def test_a_sandbox_idle_for_a_week_refuses_moves_and_is_listed_no_more(
    client: AnyClient, pool: asyncpg.Pool
) -> None:
    source, tokens = await source_game(client, "mad")
    opened = await forked(client, source, await a_step_in_play(client, source, tokens, STEP))
    sandbox, token = opened["id"], opened["token"]
    await caught_up(pool, sandbox)
    listed = ok(await client.get(f"/games/{source}/forks", params={"limit": 200}))["items"]
    assert sandbox in [row["game_id"] for row in listed]
    await pool.execute(
        "UPDATE events SET recorded_at = recorded_at - interval '8 days' WHERE stream_id = $1",
        sandbox,
    )
    move = (await view(client, sandbox, token))["legal_moves"][0]
    answer = await client.post(f"/games/{sandbox}/commands", json=move, headers=bearer(token))
    assert (answer.status_code, answer.json()["code"]) == (410, "sandbox_expired")
    listed = ok(await client.get(f"/games/{source}/forks", params={"limit": 200}))["items"]
    assert sandbox not in [row["game_id"] for row in listed]


@pytest.mark.usefixtures("bots")
async def test_hints_at_a_finished_game_s_step_rank_the_moves_its_replay_offered(
    client: AnyClient,
) -> None:
    source, tokens = await source_game(client, "gnono")
    at = await a_step_in_play(client, source, tokens, STEP)
    for seat, token in enumerate(tokens):
        hints = ok(await client.get(f"/games/{source}/hints", params=_hint(seat, at)))
        moves = sorted((hint["move"] for hint in hints["moves"]), key=str)
        assert moves == sorted(await seat_moves(client, source, at, token), key=str)
        assert hints["version"] == at

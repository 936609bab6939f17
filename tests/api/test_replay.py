"""`GET /games/{id}/replay?at=N` over HTTP: the fold to N, redacted as the live view is."""

import random

import msgspec
from httpx import AsyncClient

from commands.log import codec, replay
from commands.log.registry import game_rules
from domain import table
from domain.decider import REFEREE, SPECTATOR
from infra.store.postgres_store import PostgresEventStore
from tests.api.players import bearer, ok, open_table, play, view
from tests.api.test_audit import finished_game


def as_json(value: object) -> object:
    """A value as a client receives it."""
    return msgspec.json.decode(msgspec.json.encode(value))


async def replayed(
    client: AsyncClient, game_id: str, at: int, token: str | None = None
) -> dict[str, object]:
    headers = bearer(token) if token else {}
    seen: dict[str, object] = ok(
        await client.get(f"/games/{game_id}/replay", params={"at": at}, headers=headers)
    )
    return seen


async def folded_view(
    store: PostgresEventStore, game_id: str, kind: str, at: int, viewer: int, over: bool
) -> object:
    """What the replay should show: the stored events folded to `at`, as `viewer` sees it."""
    stored = await store.read_stream(game_id)
    events = codec.decode_events(kind, stored)
    between = stored[at - 1].ends_command
    return as_json(replay.view_at(game_rules(kind), events, at, viewer, over, between))


async def test_a_live_replay_is_the_fold_to_that_version_as_the_caller_sees_it(
    client: AsyncClient, store: PostgresEventStore
) -> None:
    game_id, tokens = await open_table(client, "gnono", 3)
    now = (await play(client, game_id, tokens, random.Random(5), 12))["version"]
    for at in (1, 4, now // 2, now):
        for seat, token in [(0, tokens[0]), (2, tokens[2]), (SPECTATOR, None)]:
            expected = await folded_view(store, game_id, "gnono", at, seat, over=False)
            assert await replayed(client, game_id, at, token) == expected


async def test_a_live_replay_at_the_latest_version_is_the_current_view(
    client: AsyncClient,
) -> None:
    game_id, tokens = await open_table(client, "mad", 2)
    now = (await play(client, game_id, tokens, random.Random(8), 4))["version"]
    assert await replayed(client, game_id, now, tokens[1]) == await view(client, game_id, tokens[1])
    spectator = await replayed(client, game_id, now)
    assert spectator == await view(client, game_id)
    assert spectator["game"] != (await view(client, game_id, tokens[0]))["game"]


async def test_once_over_anyone_sees_every_hand_at_every_version(
    client: AsyncClient, store: PostgresEventStore
) -> None:
    game_id = await finished_game(client, "mad")
    rows = await store.read_stream(game_id)
    events = codec.decode_events("mad", rows)
    started = next(i for i, e in enumerate(events) if isinstance(e, table.GameStarted))
    at = started + 2
    then = table.fold(game_rules("mad"), events[:at])
    everything = as_json(game_rules("mad").view(then.game, REFEREE))
    assert (await replayed(client, game_id, at))["game"] == everything
    assert await replayed(client, game_id, at) == await folded_view(
        store, game_id, "mad", at, SPECTATOR, over=True
    )


async def test_a_replay_of_a_version_the_game_never_had_is_refused(client: AsyncClient) -> None:
    game_id, _ = await open_table(client, "ecliptic", 2)
    beyond = await client.get(f"/games/{game_id}/replay", params={"at": 4})
    assert (beyond.status_code, beyond.json()["code"]) == (404, "version_not_found")
    zero = await client.get(f"/games/{game_id}/replay", params={"at": 0})
    assert (zero.status_code, zero.json()["code"]) == (400, "invalid_query")
    stranger = await client.get(
        f"/games/{game_id}/replay", params={"at": 1}, headers=bearer("not-a-seat")
    )
    assert (stranger.status_code, stranger.json()["code"]) == (403, "wrong_token")


async def test_every_version_of_a_finished_game_replays_and_only_between_commands_offers_moves(
    client: AsyncClient, store: PostgresEventStore
) -> None:
    game_id = await finished_game(client, "ecliptic")
    stored = await store.read_stream(game_id)
    middles = [row.version for row in stored if not row.ends_command]
    assert middles, "an Ecliptic battle is settled by commands of several events"
    for row in stored:
        seen = await replayed(client, game_id, row.version)
        assert seen["version"] == row.version
        if not row.ends_command:
            assert seen["legal_moves"] == []

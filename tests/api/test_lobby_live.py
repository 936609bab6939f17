"""`GET /lobby/live`: the lobby page pushed whenever a table opens, fills or starts."""

import asyncio
import uuid
from datetime import UTC, datetime

import asyncpg
import msgspec

from api.live.hub import POLL_SECONDS, LiveHub
from api.live.lobby import LobbyFeeds
from commands.core.bus import News
from domain import table
from tests.api.players import bearer, ok, open_table
from tests.api.sse import AnyClient, SseReader, open_stream

LAG = 15.0
"""Seconds a lobby message may take: the read model trails by the projection lag."""


async def lobby_ids(stream: SseReader) -> set[str]:
    page = await stream.message_of("lobby", LAG)
    return {item["game_id"] for item in msgspec.json.decode(page.data)["items"]}


async def test_the_lobby_stream_shows_a_table_opened_by_another_client(client: AnyClient) -> None:
    async with open_stream(client, "/lobby/live", {"limit": 200}) as stream:
        await lobby_ids(stream)
        game_id, tokens = await open_table(client, "ecliptic", 1)
        while game_id not in await lobby_ids(stream):
            pass
        page = ok(await client.get("/lobby", params={"limit": 200}))
        assert game_id in {item["game_id"] for item in page["items"]}
        start = {"type": "start_game"}
        ok(await client.post(f"/games/{game_id}/seats", json={"name": "late"}), 201)
        ok(await client.post(f"/games/{game_id}/commands", json=start, headers=bearer(tokens[0])))
        while game_id in await lobby_ids(stream):
            pass


async def test_the_lobby_stream_follows_one_kind(client: AnyClient) -> None:
    async with open_stream(client, "/lobby/live", {"kind": "gnono", "limit": 200}) as stream:
        await stream.message_of("lobby", LAG)
        await open_table(client, "mad", 1)
        game_id, _ = await open_table(client, "gnono", 1)
        while True:
            page = msgspec.json.decode((await stream.message_of("lobby", LAG)).data)
            assert {item["kind"] for item in page["items"]} == {"gnono"}
            if game_id in {item["game_id"] for item in page["items"]}:
                break


async def test_a_table_started_just_before_its_lobby_feed_opened_leaves_before_the_poll(
    pool: asyncpg.Pool,
) -> None:
    """The start is heard before any stream follows the lobby, and the read model catches up
    only after the feed has read its first page: the feed reads again until it has, without
    waiting for the next poll."""
    hub = LiveHub(connected=lambda: True)
    kind, game_id = f"kind-{uuid.uuid4()}", str(uuid.uuid4())
    await pool.execute(
        "INSERT INTO lobby (game_id, kind, options, seats, min_seats, max_seats, created_at)"
        " VALUES ($1, $2, '{}', '{host}', 2, 2, $3)",
        game_id,
        kind,
        datetime.now(UTC),
    )
    hub.hear(News(game_id, table_events=(table.GameStarted(2, "now"),)))
    async with LobbyFeeds(hub, pool).following(kind, 10) as feed:
        assert feed.shown is not None and [t.game_id for t in feed.shown.items] == [game_id]
        await pool.execute("DELETE FROM lobby WHERE game_id = $1", game_id)
        async with asyncio.timeout(POLL_SECONDS / 2):
            while feed.shown.items:
                await feed.changed.wait()

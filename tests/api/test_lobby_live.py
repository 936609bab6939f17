"""`GET /lobby/live`: the lobby page pushed whenever a table opens, fills or starts."""

import msgspec

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

"""`GET /lobby/live`: the lobby page pushed whenever a table opens, fills or starts."""

import msgspec

from tests.api.players import bearer, ok, open_table
from tests.api.sse import AnyClient, SseReader, open_stream


async def lobby_ids(stream: SseReader) -> set[str]:
    page = await stream.message_of("lobby")
    return {item["game_id"] for item in msgspec.json.decode(page.data)["items"]}


async def test_the_lobby_stream_shows_a_table_opened_by_another_client(client: AnyClient) -> None:
    async with open_stream(client, "/lobby/live", {"limit": 200}) as stream:
        before = await lobby_ids(stream)
        game_id, tokens = await open_table(client, "ecliptic", 1)
        while game_id not in (seen := await lobby_ids(stream)):
            assert seen <= before | {game_id}
        page = ok(await client.get("/lobby", params={"limit": 200}))
        assert game_id in {item["game_id"] for item in page["items"]}
        start = {"type": "start_game"}
        ok(await client.post(f"/games/{game_id}/seats", json={"name": "late"}), 201)
        ok(await client.post(f"/games/{game_id}/commands", json=start, headers=bearer(tokens[0])))
        while game_id in await lobby_ids(stream):
            pass


async def test_the_lobby_stream_follows_one_kind(client: AnyClient) -> None:
    async with open_stream(client, "/lobby/live", {"kind": "gnono"}) as stream:
        first = msgspec.json.decode((await stream.message_of("lobby")).data)
        assert all(item["kind"] == "gnono" for item in first["items"])
        await open_table(client, "gnono", 1)
        second = msgspec.json.decode((await stream.message_of("lobby")).data)
        assert all(item["kind"] == "gnono" for item in second["items"])
        assert len(second["items"]) == min(len(first["items"]) + 1, 50)

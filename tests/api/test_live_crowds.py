"""Live streams in crowds: the caps per game and per client, one feed shared by a game's
streams, a batch written at once to a stream waiting for it, and a stream cut once it holds
too many batches unsent."""

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest
from litestar.testing import AsyncTestClient

from api.live.subscribers import KEEP_ALIVE, Subscriber
from api.main.app import create_app
from infra.process.settings import Settings, StreamCaps
from tests.api.players import all_events, bearer, open_table, play, view
from tests.api.registered import register
from tests.api.sse import AnyClient, SseReader, open_stream
from tests.api.test_refusals import problem

CAPS = StreamCaps(per_game=2, per_client=3)


@pytest.fixture(scope="module")
async def capped(settings: Settings) -> AsyncIterator[AnyClient]:
    """The API alone, with its live streams capped at CAPS."""
    app = create_app(replace(settings, stream_caps=CAPS), roles=())
    async with AsyncTestClient(app) as test_client:
        yield test_client


async def test_streams_past_a_cap_are_refused_until_one_closes(capped: AnyClient) -> None:
    first, _ = await open_table(capped, "mad", 2)
    second, _ = await open_table(capped, "mad", 2)
    async with contextlib.AsyncExitStack() as open_streams:
        for _ in range(CAPS.per_game):
            opened = await open_streams.enter_async_context(
                open_stream(capped, f"/games/{first}/live")
            )
            assert opened.status == 200
        refused = await capped.get(f"/games/{first}/live")
        problem(refused, 429, "too_many_streams")
        assert int(refused.headers["retry-after"]) > 0
        async with open_stream(capped, f"/games/{second}/live") as third:
            assert third.status == 200
            problem(await capped.get(f"/games/{second}/live"), 429, "too_many_streams")
            problem(await capped.get("/lobby/live"), 429, "too_many_streams")
    async with open_stream(capped, f"/games/{first}/live") as again:
        assert again.status == 200


async def test_player_streams_count_in_the_cap_per_client(capped: AnyClient) -> None:
    _, token = await register(capped, "ada")
    async with contextlib.AsyncExitStack() as open_streams:
        for _ in range(CAPS.per_client):
            opened = await open_streams.enter_async_context(
                open_stream(capped, "/players/me/live", **bearer(token))
            )
            assert opened.status == 200
        problem(await capped.get("/lobby/live"), 429, "too_many_streams")
        problem(
            await capped.get("/players/me/live", headers=bearer(token)), 429, "too_many_streams"
        )


async def events_until(stream: SseReader, version: int) -> list[tuple[int, object]]:
    received: list[tuple[int, object]] = []
    while not received or received[-1][0] < version:
        read = await stream.message()
        if read.id is not None and read.event != "narration":
            received.append((read.id, read.json()))
    return received


async def test_every_stream_of_a_game_gets_each_batch_as_its_viewer_sees_it(
    client: AnyClient,
) -> None:
    game_id, tokens = await open_table(client, "gnono", 2)
    viewers = [None, None, None, tokens[0], tokens[0], tokens[1]]
    async with contextlib.AsyncExitStack() as open_streams:
        streams = [
            await open_streams.enter_async_context(
                open_stream(client, f"/games/{game_id}/live", **(bearer(token) if token else {}))
            )
            for token in viewers
        ]
        await play(client, game_id, tokens, random.Random(5), 8)
        latest = (await view(client, game_id))["version"]
        received = [await events_until(stream, latest) for stream in streams]
    for token, events in zip(viewers, received, strict=True):
        shown = await all_events(client, game_id, token)
        assert events == [(item["version"], item["event"]) for item in shown]
    assert received[0] != received[3], "a seat sees its own cards, a spectator does not"


def test_a_stream_too_far_behind_is_cut_and_holds_nothing() -> None:
    subscriber = Subscriber(seat=0, with_view=False, limit=2)
    batches = [object(), object(), object()]
    for batch in batches:
        subscriber.offer(batch)  # type: ignore[arg-type]
    assert subscriber.ended
    assert subscriber.take() == []


class Chunk:
    """A batch as a stream sees it: its encoded bytes."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def encoded(self, seat: int, with_view: bool) -> bytes:
        return self.data


async def test_a_batch_is_written_at_once_to_a_waiting_stream_else_queued_in_order() -> None:
    subscriber, written, server_takes = Subscriber(seat=0, with_view=False), [], [True]

    def write_now(chunk: bytes) -> bool:
        if server_takes[0]:
            written.append(chunk)
        return server_takes[0]

    subscriber.write_now = write_now
    waiting = asyncio.ensure_future(subscriber.wait())
    await asyncio.sleep(0)
    subscriber.offer(Chunk(b"first"))  # type: ignore[arg-type]
    await asyncio.sleep(0)
    assert written == [b"first"] and not waiting.done(), "written without waking the stream"
    subscriber.beat()
    subscriber.beat()
    assert written == [b"first", KEEP_ALIVE] and not subscriber.keep_alive_due
    server_takes[0] = False
    subscriber.offer(Chunk(b"second"))  # type: ignore[arg-type]
    await waiting
    server_takes[0] = True
    subscriber.offer(Chunk(b"third"))  # type: ignore[arg-type]
    assert [batch.data for batch in subscriber.take()] == [b"second", b"third"]  # type: ignore[attr-defined]
    assert written == [b"first", KEEP_ALIVE], "nothing overtakes a batch queued before it"

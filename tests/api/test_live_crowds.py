"""Live streams in crowds: the caps per game and per client, one feed shared by a game's
streams, and a stream cut once it holds too many batches unsent."""

import contextlib
import random
from collections.abc import AsyncIterator

import pytest
from litestar.testing import AsyncTestClient

from api.app import create_app
from api.live_feeds import Subscriber
from infra.settings import StreamCaps
from tests.api.players import all_events, bearer, open_table, play, view
from tests.api.sse import AnyClient, SseReader, open_stream
from tests.api.test_refusals import problem

CAPS = StreamCaps(per_game=2, per_client=3)


@pytest.fixture(scope="module")
async def capped(database_url: str, redis_url: str, stream: str) -> AsyncIterator[AnyClient]:
    """The API alone, with its live streams capped at CAPS."""
    app = create_app(database_url, redis_url, stream, run_workers=False, stream_caps=CAPS)
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


async def events_until(stream: SseReader, version: int) -> list[tuple[int, object]]:
    received: list[tuple[int, object]] = []
    while not received or received[-1][0] < version:
        read = await stream.message()
        if read.id is not None:
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

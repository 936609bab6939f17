"""A live stream's `Writer` under uvicorn, the server the service runs on: a chunk written at
once reaches the client in order with the awaited ones, and a client that does not read makes
`Writer.now` decline rather than buffer without bound."""

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator, Awaitable, Callable

import httpx
import uvicorn
from litestar.types import Receive, Scope, Send

from api.live.direct_streams import Writer

StreamBody = Callable[[Writer], Awaitable[None]]
CHUNK_BYTES = 256 * 1024
MOST_CHUNKS = 400
"""Chunks written at once to a client that reads nothing before `now` must have declined."""


@contextlib.asynccontextmanager
async def served(body: StreamBody) -> AsyncIterator[str]:
    """A uvicorn server (httptools, as `cardroom serve` runs) whose one answer is a stream
    written by `body`; yields its URL."""

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        start = {"type": "http.response.start", "status": 200, "headers": []}
        await send(start)  # type: ignore[arg-type]
        await body(Writer(send))
        await send({"type": "http.response.body", "body": b"", "more_body": False})

    config = uvicorn.Config(app, http="httptools", lifespan="off", log_level="warning")
    server = uvicorn.Server(config)
    with socket.create_server(("127.0.0.1", 0)) as listening:
        serving = asyncio.ensure_future(server.serve(sockets=[listening]))
        try:
            while not server.started:
                await asyncio.sleep(0.01)
            yield f"http://127.0.0.1:{listening.getsockname()[1]}/"
        finally:
            server.should_exit = True
            await serving


async def test_a_chunk_written_at_once_arrives_between_the_awaited_ones() -> None:
    written: list[bool] = []

    async def body(write: Writer) -> None:
        await write(b"one ")
        written.append(write.now(b"two "))
        await write(b"three")

    async with served(body) as url, httpx.AsyncClient(trust_env=False) as client:
        answer = await client.get(url)
    assert written == [True]
    assert answer.content == b"one two three"


async def test_a_client_that_does_not_read_makes_writing_at_once_decline() -> None:
    declined, chunks_written = asyncio.Event(), []

    async def body(write: Writer) -> None:
        for number in range(MOST_CHUNKS):
            chunk = bytes([number % 256]) * CHUNK_BYTES
            if not write.now(chunk):
                break
            chunks_written.append(chunk)
        declined.set()
        await write(b"end")

    async with (
        served(body) as url,
        httpx.AsyncClient(trust_env=False) as client,
        client.stream("GET", url) as answer,
    ):
        await asyncio.wait_for(declined.wait(), 30)
        received = await answer.aread()
    assert len(chunks_written) < MOST_CHUNKS, "the server took every chunk without a pause"
    assert received == b"".join(chunks_written) + b"end"

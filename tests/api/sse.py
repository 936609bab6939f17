"""Reading endless Server-Sent Event streams from the app in-process.

The test client buffers a whole response, which an SSE stream never ends; so a stream is
run on the client's own event loop (its blocking portal) with an ASGI `send` that hands each
chunk to the test as it comes, until the test leaves the `open_stream` block (a disconnect).
"""

import asyncio
import contextlib
import queue
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import anyio
import msgspec
from litestar.testing import AsyncTestClient
from litestar.testing.transport import TestClientTransport

AnyClient = AsyncTestClient[Any]


@dataclass
class Message:
    """One SSE message, or a comment (`: keep-alive`) alone."""

    event: str | None = None
    id: int | None = None
    last_event_id: str | None = None
    """The id as sent (a player stream's ids are positions, not versions)."""
    data: str = ""
    comments: list[str] = field(default_factory=list)

    def json(self) -> Any:
        return msgspec.json.decode(self.data)


class SseReader:
    def __init__(self, chunks: "queue.Queue[bytes]", status: int, headers: dict[str, str]) -> None:
        self._chunks = chunks
        self._pending = ""
        self.status = status
        self.headers = headers

    async def line(self, timeout: float) -> str:
        while "\n" not in self._pending:
            chunk = await asyncio.to_thread(self._chunks.get, timeout=timeout)
            self._pending += chunk.decode().replace("\r\n", "\n")
        line, self._pending = self._pending.split("\n", 1)
        return line

    async def message(self, timeout: float = 5.0) -> Message:
        """The next message; raises `queue.Empty` when none comes within `timeout`."""
        read = Message()
        while (line := await self.line(timeout)) or not (read.data or read.comments):
            name, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if name == "":
                read.comments.append(value)
            elif name == "data":
                read.data = f"{read.data}\n{value}" if read.data else value
            elif name == "event":
                read.event = value
            elif name == "id":
                read.last_event_id = value
                read.id = int(value) if value.isdigit() else None
        return read

    async def message_of(self, event: str, timeout: float = 5.0) -> Message:
        """The next message of type `event`, skipping others and keep-alives."""
        while (read := await self.message(timeout)).event != event:
            pass
        return read


def get_scope(
    client: AnyClient, path: str, params: dict[str, Any] | None = None, **headers: str
) -> dict[str, Any]:
    """The ASGI scope of a GET of `path`, to call the app with directly."""
    request = client.build_request("GET", path, params=params, headers=headers)
    scope = TestClientTransport(client).parse_request(request)
    scope.update(method="GET", http_version="1.1", extensions={})
    return scope


@contextlib.asynccontextmanager
async def open_stream(
    client: AnyClient, path: str, params: dict[str, Any] | None = None, **headers: str
) -> AsyncIterator[SseReader]:
    """An open GET stream of `path`; the connection is closed when the block is left."""
    scope = get_scope(client, path, params, **headers)
    portal = client.blocking_portal
    gone, chunks = portal.call(anyio.Event), queue.Queue[bytes]()
    started = queue.Queue[tuple[int, dict[str, str]]]()

    requests = [{"type": "http.request", "body": b"", "more_body": False}]

    async def receive() -> dict[str, Any]:
        if requests:
            return requests.pop()
        await gone.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            headers = {name.decode().lower(): value.decode() for name, value in message["headers"]}
            started.put((message["status"], headers))
        elif message.get("body"):
            chunks.put(message["body"])

    running = portal.start_task_soon(client.app, scope, receive, send)
    try:
        yield SseReader(chunks, *await asyncio.to_thread(started.get, timeout=10))
    finally:
        portal.call(gone.set)
        await asyncio.to_thread(running.result, 10)

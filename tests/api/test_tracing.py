"""Traces (`infra.process.tracing`): one command followed by one trace, from the HTTP request of one
API process through the append, the relay, every projection and the live push of another
process, all of it recorded by an in-memory exporter; and nothing written while tracing is
off."""

from collections.abc import Iterator

import asyncpg
import msgspec
import pytest
from litestar.testing import AsyncTestClient
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind

from api.main.app import create_app
from infra.process import tracing
from infra.process.settings import Settings
from tests.api.players import bearer, ok, open_table
from tests.api.sse import AnyClient, open_stream
from tests.api.test_live import events_until
from tests.projections.settle import READ_MODELS, settled

START = {"type": "start_game"}


@pytest.fixture
def exported() -> Iterator[InMemorySpanExporter]:
    """Tracing on, for this test, into memory."""
    exporter = InMemorySpanExporter()
    provider = tracing.tracer_provider("test")
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    tracing.install(provider)
    try:
        yield exporter
    finally:
        tracing.uninstall()
        provider.shutdown()


def named(spans: list[ReadableSpan], name: str) -> list[ReadableSpan]:
    return [each for each in spans if each.name == name]


def children(
    trace: list[ReadableSpan], parent: ReadableSpan, name: str | None = None
) -> list[ReadableSpan]:
    """The spans of `trace` whose parent is `parent` (named `name`, if given)."""
    return [
        each
        for each in trace
        if each.parent is not None
        and each.parent.span_id == parent.context.span_id
        and name in (None, each.name)
    ]


async def metadata(pool: asyncpg.Pool, game_id: str, version: int) -> dict[str, object]:
    text = await pool.fetchval(
        "SELECT metadata::text FROM events WHERE stream_id = $1 AND version = $2", game_id, version
    )
    decoded: dict[str, object] = msgspec.json.decode(text)
    return decoded


async def test_a_command_is_one_trace_from_its_request_to_the_relay_projections_and_live_push(
    settings: Settings, pool: asyncpg.Pool, exported: InMemorySpanExporter
) -> None:
    api = create_app(settings, roles=())
    other = create_app(settings)  # another process: the relay, the projections, its streams
    async with AsyncTestClient(api) as client, AsyncTestClient(other) as elsewhere:
        game_id, tokens = await open_table(client, "gnono", 2)
        path = f"/games/{game_id}/live"
        async with open_stream(elsewhere, path, {"include": "view"}, **bearer(tokens[1])) as stream:
            await stream.message_of("view")
            await settled(pool)  # the table's earlier commands are relayed and projected
            exported.clear()
            sent = await client.post(
                f"/games/{game_id}/commands", json=START, headers=bearer(tokens[0])
            )
            version = ok(sent)["version"]
            await events_until(stream, version)
        await settled(pool)
    spans = list(exported.get_finished_spans())
    assert not [each.name for each in spans if each.parent is None and each.kind is SpanKind.CLIENT]
    (request,) = [each for each in spans if each.name == "POST /games/{game_id}/commands"]
    assert request.kind is SpanKind.SERVER
    trace = [each for each in spans if each.context.trace_id == request.context.trace_id]
    (append,) = children(trace, request, "cardroom.append")
    statements = [each.name for each in children(trace, append) if each.kind is SpanKind.CLIENT]
    assert "WITH" in statements  # asyncpg's span of the append's one statement
    assert children(trace, append, "cardroom.relay")
    published = [
        child for each in named(spans, "cardroom.relay") for child in children(spans, each)
    ]
    assert published and all(each.name.startswith("XADD") for each in published)  # redis's
    projected = children(trace, append, "cardroom.project")
    assert set(READ_MODELS) <= {each.attributes["cardroom.read_model"] for each in projected}  # type: ignore[index]
    assert children(trace, append, "cardroom.live.push")  # the other process's stream
    written = (await metadata(pool, game_id, version))["traceparent"]
    assert f"{append.context.trace_id:032x}-{append.context.span_id:016x}" in str(written)


async def test_an_append_writes_no_trace_context_while_tracing_is_off(
    client: AnyClient, pool: asyncpg.Pool
) -> None:
    game_id, tokens = await open_table(client, "gnono", 2)
    version = ok(
        await client.post(f"/games/{game_id}/commands", json=START, headers=bearer(tokens[0]))
    )["version"]
    assert tracing.provider() is None
    assert "traceparent" not in await metadata(pool, game_id, version)

"""Traces leave a real process by OTLP: a command appended here while tracing is on, then a
`cardroom work relay` process with `CARDROOM_TRACES_ENDPOINT` set publishes it, and the relay's
span reaches a local OTLP/HTTP receiver as the service `cardroom-relay`, in the trace of the
append that wrote the event (its context read from the event's metadata)."""

import threading
import uuid
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer

import asyncpg
import pytest
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from commands.core.handler import CommandHandler
from infra.process import tracing
from infra.process.embedded import free_port
from infra.store.postgres_store import PostgresEventStore
from tests.e2e.test_workers import sample, wait_until, worker
from tests.servers import fresh_database


class Receiver(BaseHTTPRequestHandler):
    """An OTLP/HTTP traces receiver keeping every export request it is sent."""

    received: list[tuple[str, bytes]]

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        self.received.append((self.path, body))
        self.send_response(200)
        self.send_header("Content-Type", "application/x-protobuf")
        self.end_headers()

    def log_message(self, *_: object) -> None:
        pass


@pytest.fixture
def receiver() -> Iterator[tuple[str, list[tuple[str, bytes]]]]:
    received: list[tuple[str, bytes]] = []
    handler = type("Kept", (Receiver,), {"received": received})
    server = HTTPServer(("127.0.0.1", free_port()), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/v1/traces", received
    finally:
        server.shutdown()
        server.server_close()


async def traced_table(database_url: str) -> int:
    """Open a table with tracing on in this process; the trace id of its append (tracing is
    on for the whole process meanwhile: spans of other tests' services are left out)."""
    exported = InMemorySpanExporter()
    provider = tracing.tracer_provider("test")
    provider.add_span_processor(SimpleSpanProcessor(exported))
    tracing.install(provider)
    pool = await asyncpg.create_pool(database_url, min_size=1, max_size=2)
    try:
        with provider.get_tracer("test").start_as_current_span("test") as root:
            await CommandHandler.over(PostgresEventStore(pool)).create("mad", {}, None)
    finally:
        await pool.close()
        tracing.uninstall()
    trace_id = root.get_span_context().trace_id
    spans = exported.get_finished_spans()
    assert [s.name for s in spans if s.context.trace_id == trace_id].count("cardroom.append") == 1
    return trace_id


async def test_a_relay_process_exports_its_span_in_the_appends_trace_by_otlp(
    postgres_url: str,
    redis_url: str,
    receiver: tuple[str, list[tuple[str, bytes]]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    endpoint, received = receiver
    monkeypatch.setenv("CARDROOM_TRACES_ENDPOINT", endpoint)
    stream = f"cardroom:test:{uuid.uuid4().hex[:8]}:events"
    async with fresh_database(postgres_url) as database_url:
        trace_id = await traced_table(database_url)
        with worker("work relay", database_url, redis_url, stream) as relay:
            wait_until(
                lambda: sample(relay.metrics(), "cardroom_relayed_events_total") >= 1,
                relay.process,
            )
            relay.stop()  # the spans still batched are sent as the process exits
    assert received and {path for path, _ in received} == {"/v1/traces"}
    spans = []
    for _, body in received:
        request = ExportTraceServiceRequest.FromString(body)
        for resource in request.resource_spans:
            service = {a.key: a.value.string_value for a in resource.resource.attributes}
            assert service["service.name"] == "cardroom-relay"
            spans += [span for scope in resource.scope_spans for span in scope.spans]
    relayed = [span for span in spans if span.name == "cardroom.relay"]
    assert [int.from_bytes(span.trace_id, "big") for span in relayed] == [trace_id]

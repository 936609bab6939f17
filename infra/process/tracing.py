"""Traces of a command's trip (OpenTelemetry), off unless `CARDROOM_TRACES_ENDPOINT` is set.

On, a process exports its spans by OTLP over HTTP: the HTTP request (Litestar's plugin, added
by the composition root), `cardroom.append` (the append, with the asyncpg instrumentation's
span of its statement inside), then, wherever they run, `cardroom.relay` (the batch published,
with the redis instrumentation's pipeline span), `cardroom.project` (a read model's batch
applied, its `cardroom.read_model` named) and `cardroom.live.push` (a live feed offering a
batch to its streams).

The context crosses processes inside the event itself: the append writes the W3C
`traceparent` of its span into each event's metadata, which the Redis stream's entry carries
with the event, so the relay, every projection and every live feed start their span as a
child of the append that wrote the events, one span per traced command in a batch (a batch
of many commands is then seen in each command's trace). A command appended by a bot or clock
worker starts a trace of its own at its append. A trace that would begin with a client call
of its own (a worker polling Redis or Postgres, a migration) is not sampled: it is noise.

Off, nothing is installed: the helpers return at their first line, no metadata is read or
written, and the exporter is never imported.
"""

import atexit
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any

import msgspec
from opentelemetry import trace
from opentelemetry.context import Context
from opentelemetry.instrumentation.asyncpg import AsyncPGInstrumentor
from opentelemetry.instrumentation.redis import RedisInstrumentor
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider as SdkTracerProvider
from opentelemetry.sdk.trace.sampling import Decision, ParentBased, Sampler, SamplingResult
from opentelemetry.trace import Link, Span, SpanKind, Status, StatusCode, Tracer, TracerProvider
from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator
from opentelemetry.trace.span import TraceState
from opentelemetry.util.types import Attributes

from commands.log.store import StoredEvent
from infra.process.variables import Variable, read_url

TRACES_ENDPOINT: Variable[str | None] = Variable(
    "CARDROOM_TRACES_ENDPOINT",
    None,
    "an OTLP/HTTP traces endpoint (e.g. `http://127.0.0.1:4318/v1/traces`) the process "
    "exports its spans to, as `cardroom-<role>`; unset, nothing is traced (docs/operations.md)",
    read_url("http", "https"),
    shown="off",
)
TRACEPARENT = "traceparent"
"""The key of an event's metadata holding the trace context of the append that wrote it."""

_propagator = TraceContextTextMapPropagator()
_NOTHING = nullcontext()
"""What a helper returns when there is nothing to trace: no generator, no span object."""
_installed: tuple[TracerProvider, Tracer] | None = None


class _Traced(msgspec.Struct):
    traceparent: str | None = None


_decode_traced = msgspec.json.Decoder(_Traced).decode


class _NoLoneClientCalls(Sampler):
    """Samples every trace but one that a client call begins (`ParentBased` makes every other
    span follow its parent's decision)."""

    def should_sample(
        self,
        parent_context: Context | None,
        trace_id: int,
        name: str,
        kind: SpanKind | None = None,
        attributes: Attributes = None,
        links: Sequence[Link] | None = None,
        trace_state: TraceState | None = None,
    ) -> SamplingResult:
        if kind is SpanKind.CLIENT:
            return SamplingResult(Decision.DROP)
        return SamplingResult(Decision.RECORD_AND_SAMPLE, attributes)

    def get_description(self) -> str:
        return "NoLoneClientCalls"


def tracer_provider(role: str) -> SdkTracerProvider:
    """The tracer provider of a process of this role, sampling as the module says; its spans
    go nowhere until a span processor is added."""
    return SdkTracerProvider(
        resource=Resource.create({"service.name": f"cardroom-{role}"}),
        sampler=ParentBased(root=_NoLoneClientCalls()),
    )


def start(endpoint: str | None, role: str) -> None:
    """Export this process's spans to `endpoint` by OTLP, as the service `cardroom-<role>`;
    nothing when `endpoint` is None. The exporter (protobuf and an HTTP client) is imported
    here so that a process that does not trace never loads it."""
    if endpoint is None:
        return
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    provider = tracer_provider(role)
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter(endpoint=endpoint)))
    atexit.register(provider.shutdown)  # sends the spans still buffered
    install(provider)


def install(provider: TracerProvider) -> None:
    """Trace with `provider` (tests give one that keeps spans in memory): the asyncpg and
    redis clients are instrumented, and `provider()` tells the composition root to add the
    HTTP plugin."""
    global _installed
    AsyncPGInstrumentor().instrument(tracer_provider=provider)  # type: ignore[no-untyped-call]
    RedisInstrumentor().instrument(tracer_provider=provider)
    _installed = (provider, provider.get_tracer("cardroom"))


def uninstall() -> None:
    global _installed
    if _installed is not None:
        AsyncPGInstrumentor().uninstrument()  # type: ignore[no-untyped-call]
        RedisInstrumentor().uninstrument()
        _installed = None


def provider() -> TracerProvider | None:
    """The tracer provider when tracing is on, else None."""
    return None if _installed is None else _installed[0]


def traceparent() -> str | None:
    """The current span's context as a W3C `traceparent`; None when tracing is off."""
    if _installed is None:
        return None
    carrier: dict[str, str] = {}
    _propagator.inject(carrier)
    return carrier.get(TRACEPARENT)


def traceparents(rows: Iterable[StoredEvent]) -> list[str]:
    """The distinct trace contexts the rows' appends wrote, in order; none when tracing is off."""
    if _installed is None:
        return []
    found = (_decode_traced(row.metadata).traceparent for row in rows)
    return list(dict.fromkeys(parent for parent in found if parent))


def rename(name: str, route: str) -> None:
    """Name the current span (a request's, once routed) and set its `http.route`."""
    current = trace.get_current_span()
    current.update_name(name)
    current.set_attribute("http.route", route)


def span(name: str, **attributes: Any) -> AbstractContextManager[Any]:
    """A span of the current trace around the block, made current (nothing when off)."""
    if _installed is None:
        return _NOTHING
    return _installed[1].start_as_current_span(name, attributes=_named(attributes))


def following(name: str, parents: Sequence[str], **attributes: Any) -> AbstractContextManager[Any]:
    """A span around the block in each trace of `parents` (W3C `traceparent`s), the child of
    the span each names, the first of them current; nothing when tracing is off or no parent
    is given."""
    if _installed is None or not parents:
        return _NOTHING
    contexts = [_propagator.extract({TRACEPARENT: parent}) for parent in parents]
    named = _named(attributes)
    return _spans([_installed[1].start_span(name, each, attributes=named) for each in contexts])


@contextmanager
def _spans(spans: list[Span]) -> Iterator[None]:
    try:
        with trace.use_span(spans[0], end_on_exit=False):  # the clients' spans nest in it
            yield
    except BaseException as error:
        for each in spans:
            each.record_exception(error)
            each.set_status(Status(StatusCode.ERROR, type(error).__name__))
        raise
    finally:
        for each in spans:
            each.end()


def _named(attributes: dict[str, Any]) -> dict[str, Any]:
    return {f"cardroom.{key}": value for key, value in attributes.items()}

"""A client that checks every request it sends and every answer it gets against the published
OpenAPI document: the status must be documented for the operation, and so must the media
type, and the body must validate against the published schema (so a refusal's `code` must be
in the operation's enum)."""

import functools
import json
from dataclasses import dataclass, field
from typing import Any

from httpx import Response
from jsonschema import Draft202012Validator

from api.contract.document import ITEM_SCHEMA
from api.main.openapi import document
from tests.api.sse import AnyClient, open_stream


@functools.cache
def published() -> dict[str, Any]:
    return document()


_validators: dict[int, Draft202012Validator] = {}


def validator(schema: dict[str, Any]) -> Draft202012Validator:
    """A validator of `schema` (a part of the published document, so its id is stable) that
    resolves `#/components/...` in the document."""
    if id(schema) not in _validators:
        root = {**schema, "components": published()["components"]}
        _validators[id(schema)] = Draft202012Validator(root)
    return _validators[id(schema)]


def assert_valid(instance: Any, schema: dict[str, Any], what: str) -> None:
    errors = sorted(validator(schema).iter_errors(instance), key=lambda error: error.path)
    assert not errors, f"{what} does not match its schema: {errors[0].message[:2000]}"


def operation(method: str, template: str) -> dict[str, Any]:
    operation: dict[str, Any] = published()["paths"][template][method]
    return operation


def sse_messages(text: str) -> list[dict[str, Any]]:
    """Every Server-Sent Event of a stream as its published component has it: `event`, `id`
    when it has one, and `data` decoded."""
    messages = []
    for block in text.replace("\r\n", "\n").split("\n\n"):
        fields: dict[str, Any] = {}
        for line in block.splitlines():
            name, _, value = line.partition(":")
            if name in ("event", "id", "data"):
                fields[name] = value.removeprefix(" ")
        if "data" in fields:
            messages.append({**fields, "data": json.loads(fields["data"])})
    return messages


def sse_data(text: str) -> list[Any]:
    """The `data` of every Server-Sent Event in a stream, decoded."""
    return [message["data"] for message in sse_messages(text)]


def stream_message(template: str) -> dict[str, Any]:
    """The schema of the messages of the stream `GET template` (its media type's item schema)."""
    described = operation("get", template)["responses"]["200"]["content"]["text/event-stream"]
    item: dict[str, Any] = described[ITEM_SCHEMA]
    return item


@dataclass
class PublishedClient:
    """Sends requests by operation (method and path template) and checks both ways."""

    client: AnyClient
    seen: set[tuple[str, str, int]] = field(default_factory=set)

    async def call(
        self,
        method: str,
        template: str,
        *,
        json_body: Any = None,
        content: bytes | None = None,
        token: str | None = None,
        headers: dict[str, str] | None = None,
        params: dict[str, Any] | None = None,
        **path: str,
    ) -> Response:
        described = operation(method, template)
        if json_body is not None:
            schema = described["requestBody"]["content"]["application/json"]["schema"]
            assert_valid(json_body, schema, f"the request to {method.upper()} {template}")
        sent_headers = dict(headers or {})
        if token is not None:
            sent_headers["Authorization"] = f"Bearer {token}"
        url = template.format(**path)
        response = await self.client.request(
            method.upper(),
            url,
            json=json_body,
            content=content,
            headers=sent_headers,
            params=params,
        )
        check(response, method, template)
        self.seen.add((method, template, response.status_code))
        return response

    async def ok(self, method: str, template: str, status: int = 200, **kwargs: Any) -> Any:
        response = await self.call(method, template, **kwargs)
        assert response.status_code == status, response.text
        media = response.headers["content-type"].split(";")[0]
        return response.json() if media.endswith("json") else response.text

    async def first_message(
        self,
        template: str,
        event: str,
        params: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
        **path: str,
    ) -> Any:
        """The `data` of the first `event` message of a stream that does not end (GET),
        the message checked against its published component."""
        url = template.format(**path)
        async with open_stream(self.client, url, params, **(headers or {})) as stream:
            assert str(stream.status) in operation("get", template)["responses"], stream.status
            assert stream.status == 200, stream.status
            message = await stream.message_of(event, timeout=15.0)
        data = message.json()
        sent = {"event": message.event, "data": data}
        if message.last_event_id is not None:
            sent["id"] = message.last_event_id
        assert_valid(sent, stream_message(template), f"a message of GET {template}")
        self.seen.add(("get", template, 200))
        return data

    async def refused(self, method: str, template: str, code: str, **kwargs: Any) -> Any:
        response = await self.call(method, template, **kwargs)
        assert response.json()["code"] == code, response.text
        return response.json()


def check(response: Response, method: str, template: str) -> None:
    """The answer is one the published document describes for this operation."""
    what = f"{method.upper()} {template} answering {response.status_code}"
    responses = operation(method, template)["responses"]
    assert str(response.status_code) in responses, f"{what} is undocumented: {response.text}"
    contents = responses[str(response.status_code)].get("content", {})
    media = response.headers.get("content-type", "").split(";")[0]
    assert media in contents, f"{what} sent {media}, documented {list(contents)}"
    described = contents[media]
    if media == "text/event-stream":
        for message in sse_messages(response.text):
            assert_valid(message, described[ITEM_SCHEMA], f"a message of {what}")
    elif media.endswith("json"):
        assert_valid(response.json(), described["schema"], what)

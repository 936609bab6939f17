"""Every answer carries the security headers: JSON, problems, the docs page; HTML pages get
the pages' Content-Security-Policy and hold nothing inline that it would block."""

import re

import pytest
from httpx import AsyncClient

from api.http.security_headers import API_POLICY, PAGE_POLICY, SECURITY_HEADERS

CSP = "content-security-policy"


@pytest.mark.parametrize("path", ["/health", "/games/kinds", "/games/nope", "/schema/swagger"])
async def test_every_answer_carries_the_security_headers(client: AsyncClient, path: str) -> None:
    answer = await client.get(path)
    assert answer.status_code < 500
    for name, value in SECURITY_HEADERS.items():
        assert answer.headers.get(name) == value, name


@pytest.mark.parametrize("path", ["/health", "/games/nope", "/schema/openapi.json"])
async def test_answers_that_are_no_page_allow_nothing(client: AsyncClient, path: str) -> None:
    assert (await client.get(path)).headers[CSP] == API_POLICY


@pytest.mark.parametrize("page", ["/schema", "/schema/swagger"])
async def test_the_docs_page_runs_under_the_pages_policy_with_nothing_inline(
    client: AsyncClient, page: str
) -> None:
    answer = await client.get(page)
    assert answer.headers[CSP] == PAGE_POLICY
    assert "default-src 'self'" in PAGE_POLICY
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", answer.text, re.DOTALL)
    assert scripts
    for attributes, body in scripts:
        assert "src=" in attributes or 'type="application/json"' in attributes, attributes
        assert "src=" not in attributes or not body.strip()
    assert "<style" not in answer.text
    assert not re.search(r"\sstyle=", answer.text)
    assert (await client.get("/schema/docs.js")).status_code == 200

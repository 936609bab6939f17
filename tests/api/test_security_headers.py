"""Every answer carries the security headers: JSON, problems, the docs page."""

import pytest
from httpx import AsyncClient

from api.security_headers import SECURITY_HEADERS


@pytest.mark.parametrize("path", ["/health", "/games/kinds", "/games/nope", "/schema/swagger"])
async def test_every_answer_carries_the_security_headers(client: AsyncClient, path: str) -> None:
    answer = await client.get(path)
    assert answer.status_code < 500
    for name, value in SECURITY_HEADERS.items():
        assert answer.headers.get(name) == value, name

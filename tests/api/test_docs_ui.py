"""The docs UI works offline: every script and stylesheet it loads is served by the service,
and browsers may call the service from the configured origins only."""

import re
from dataclasses import replace

import pytest
from httpx import AsyncClient, Response
from litestar.testing import AsyncTestClient

from api.contract.serving import DOCS_SCRIPT_PATH
from api.http.cors import ALLOWED_HEADERS, DOWNLOAD_HEADERS, EXPOSED_HEADERS
from api.main.app import create_app
from infra.process.rate_limit_settings import RateLimits
from infra.process.settings import LOCAL_ORIGINS, Settings

ASSET = re.compile(r"""<(?:script|link)\b[^>]*?\b(?:src|href)=["']([^"']+)["']""")


@pytest.mark.parametrize("page", ["/schema", "/schema/swagger"])
async def test_the_docs_page_loads_only_the_services_own_assets(
    client: AsyncClient, page: str
) -> None:
    html = await client.get(page)
    assert html.status_code == 200
    assert "text/html" in html.headers["content-type"]
    assets = ASSET.findall(html.text)
    assert len(assets) >= 4, assets  # the bundle, the preset, the stylesheet, the start
    for url in assets:
        assert url.startswith("/"), f"{page} loads {url} from elsewhere"
        served = await client.get(url)
        assert served.status_code == 200, url
        assert len(served.content) > (100 if url == DOCS_SCRIPT_PATH else 1000), url
    assert "cdn" not in html.text.lower()
    assert "GnonoTableView" in html.text, "the page shows the published document"


async def test_the_published_document_is_served(client: AsyncClient) -> None:
    served = await client.get("/schema/openapi.json")
    assert served.status_code == 200
    assert "GnonoCommand" in served.json()["components"]["schemas"]


def test_the_origins_setting() -> None:
    assert Settings.from_env({}).cors_origins == LOCAL_ORIGINS
    setting = "https://cards.example, http://localhost:3000/ ,"
    assert Settings.from_env({"CARDROOM_CORS_ORIGINS": setting}).cors_origins == (
        "https://cards.example",
        "http://localhost:3000",
    )


def preflight(origin: str) -> dict[str, str]:
    return {
        "Origin": origin,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type, idempotency-key",
    }


async def test_a_preflight_from_an_allowed_origin_succeeds(
    settings: Settings,
) -> None:
    app = create_app(replace(settings, cors_origins=("https://cards.example",)), roles=())
    async with AsyncTestClient(app) as client:
        answer = await client.options("/games", headers=preflight("https://cards.example"))
        assert answer.status_code in (200, 204), answer.text
        assert answer.headers["access-control-allow-origin"] == "https://cards.example"
        allowed = answer.headers["access-control-allow-headers"].lower()
        assert {header.lower() for header in ALLOWED_HEADERS} <= {
            header.strip() for header in allowed.split(",")
        }
        assert "POST" in answer.headers["access-control-allow-methods"]
        simple = await client.get("/games/kinds", headers={"Origin": "https://cards.example"})
        assert simple.headers["access-control-allow-origin"] == "https://cards.example"
        exposed = {
            h.strip().lower() for h in simple.headers["access-control-expose-headers"].split(",")
        }
        assert {header.lower() for header in EXPOSED_HEADERS} <= exposed


async def test_a_preflight_from_another_origin_is_refused(
    settings: Settings,
) -> None:
    app = create_app(replace(settings, cors_origins=("https://cards.example",)), roles=())
    async with AsyncTestClient(app) as client:
        answer = await client.options("/games", headers=preflight("https://evil.example"))
        assert answer.status_code >= 400
        assert "access-control-allow-origin" not in answer.headers
        simple = await client.get("/games/kinds", headers={"Origin": "https://evil.example"})
        assert "access-control-allow-origin" not in simple.headers


async def refused_creation(client: AsyncClient) -> Response:
    """A table asked for past the limit of one a minute. The sliding window weighs the minute
    before by how much of it is left, so just after a minute turns a second table may be let
    through; a third never is."""
    for _ in range(2):
        answer = await client.post("/games", json={"kind": "mad"})
        if answer.status_code == 429:
            return answer
    return answer


async def test_every_exposed_header_is_one_the_service_sends(settings: Settings) -> None:
    one_table = RateLimits(games="1/minute")
    app = create_app(replace(settings, rate_limits=one_table), roles=())
    sent: set[str] = set()
    async with AsyncTestClient(app) as client:
        created = await client.post("/games", json={"kind": "mad"})
        game_id = created.json()["id"]
        for seat in range(2):
            await client.post(f"/games/{game_id}/seats", json={"name": f"p{seat}"})
        answers = [
            created,
            await client.get(f"/games/{game_id}"),
            await client.get(f"/games/{game_id}/events", params={"limit": 1}),
            await refused_creation(client),
        ]
        for answer in answers:
            sent |= {name.lower() for name in answer.headers}
    games = set(EXPOSED_HEADERS) - set(DOWNLOAD_HEADERS)  # a dataset's: tests/api/test_datasets.py
    assert {header.lower() for header in games} <= sent

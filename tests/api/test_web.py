"""The service serves its web client: every page's address answers the one index.html, whose
assets come from the service itself, and none of it is in the published document."""

import re

import pytest
from httpx import AsyncClient

from api.main.openapi import document

GAME = "0b9d4f4e-5a56-4c1e-9a3f-1d2e3f4a5b6c"


@pytest.mark.parametrize(
    "path",
    ["/", f"/play/{GAME}", f"/replay/{GAME}", "/boards/gnono", "/people/ada", "/rules/mad"],
)
async def test_every_page_answers_the_client(client: AsyncClient, path: str) -> None:
    answer = await client.get(path)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert '<div id="app"></div>' in answer.text


async def test_the_page_loads_only_its_own_assets_and_no_inline_code(client: AsyncClient) -> None:
    page = (await client.get("/")).text
    loaded = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert sorted(loaded) == ["/assets/app.css", "/assets/app.js", "/assets/icon.svg"]
    assert "<style" not in page
    assert "style=" not in page
    assert re.findall(r"<script[^>]*>", page) == ['<script type="module" src="/assets/app.js">']
    for asset, kind in [("app.js", "text/javascript"), ("app.css", "text/css")]:
        answer = await client.get(f"/assets/{asset}")
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith(kind)


async def test_the_api_keeps_its_addresses_and_the_pages_stay_out_of_the_document(
    client: AsyncClient,
) -> None:
    assert (await client.get("/games/kinds")).headers["content-type"] == "application/json"
    missing = await client.get("/nowhere/at/all")
    assert missing.status_code == 404
    assert missing.headers["content-type"] == "application/problem+json"
    paths = document()["paths"]
    assert not [
        path
        for path in paths
        if path == "/"
        or path.split("/")[1] in {"play", "replay", "boards", "people", "rules", "assets"}
    ]


@pytest.mark.parametrize("path", ["/boards", "/foo", "/people/ada/games", "/play"])
async def test_a_browser_asking_for_a_page_nobody_answers_gets_the_client_with_404(
    client: AsyncClient, path: str
) -> None:
    answer = await client.get(path, headers={"Accept": "text/html,*/*;q=0.8"})
    assert answer.status_code == 404
    assert answer.headers["content-type"].startswith("text/html")
    assert '<div id="app"></div>' in answer.text


@pytest.mark.parametrize(
    ("path", "accept"),
    [
        ("/foo", "application/json"),
        ("/foo", "*/*"),
        ("/games/x/y/z", "text/html"),
        ("/lobby/x", "text/html"),
    ],
)
async def test_api_paths_and_other_clients_keep_their_problem(
    client: AsyncClient, path: str, accept: str
) -> None:
    answer = await client.get(path, headers={"Accept": accept})
    assert answer.status_code == 404
    assert answer.headers["content-type"].startswith("application/problem+json")
    assert answer.json()["code"] == "not_found"


BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
"""What a browser's address bar asks for."""


@pytest.mark.parametrize(
    "path",
    [
        "/lobby",
        "/tables",
        f"/tables/{GAME}",
        f"/games/{GAME}",
        f"/games/{GAME}/replay",
        "/scoreboards/gnono",
        "/ratings/mad",
        "/players/ada",
        "/datasets",
    ],
)
async def test_an_api_address_opened_in_a_browser_answers_the_client(
    client: AsyncClient, path: str
) -> None:
    page = await client.get(path, headers={"Accept": BROWSER})
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert '<div id="app"></div>' in page.text
    assert page.headers["vary"] == "Accept"
    assert "default-src 'self'" in page.headers["content-security-policy"]


@pytest.mark.parametrize("accept", ["application/json", "*/*", None])
async def test_an_api_client_keeps_the_json_of_those_addresses(
    client: AsyncClient, accept: str | None
) -> None:
    headers = {"Accept": accept} if accept else {}
    for path in ("/lobby", "/tables", "/datasets"):
        answer = await client.get(path, headers=headers)
        assert answer.status_code == 200, answer.text
        assert answer.headers["content-type"].startswith("application/json")
        assert "Accept" in [each.strip() for each in answer.headers["vary"].split(",")]

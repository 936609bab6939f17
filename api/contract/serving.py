"""Serving the published document: `/schema/openapi.json` and the docs UI, its assets served by
the service itself (no CDN)."""

import importlib.util
from pathlib import Path
from typing import Any

from litestar import Request, Router
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin, SwaggerRenderPlugin
from litestar.static_files import create_static_files_router

from api.contract.document import publish

ASSETS_PATH = "/schema/assets"
"""Where the docs UI's scripts and stylesheets are served from."""


class _Published:
    """The published document of the generated one Litestar hands to every renderer (it
    builds that once per app, so it is published once per app)."""

    def __init__(self) -> None:
        self._generated: dict[str, Any] | None = None
        self._published: dict[str, Any] = {}

    def __call__(self, generated: dict[str, Any]) -> dict[str, Any]:
        if generated is not self._generated:
            self._published = publish(generated)
            self._generated = generated
        return self._published


class ContractJson(JsonRenderPlugin):
    """`/schema/openapi.json`: the published document."""

    def __init__(self, published: _Published) -> None:
        super().__init__(path="/openapi.json")
        self._published = published

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        return super().render(request, self._published(openapi_schema))


class ContractSwagger(SwaggerRenderPlugin):
    """Swagger UI on the published document, its assets served by the service itself."""

    def __init__(self, published: _Published, path: list[str]) -> None:
        super().__init__(
            path=path,
            js_url=f"{ASSETS_PATH}/swagger-ui-bundle.js",
            css_url=f"{ASSETS_PATH}/swagger-ui.css",
            standalone_preset_js_url=f"{ASSETS_PATH}/swagger-ui-standalone-preset.js",
            favicon="",
        )
        self._published = published

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        return super().render(request, self._published(openapi_schema))


def swagger_assets() -> Path:
    """The Swagger UI distribution the `swagger-ui-py` package ships (read, not imported)."""
    spec = importlib.util.find_spec("swagger_ui")
    assert spec is not None and spec.submodule_search_locations, "swagger-ui-py is missing"
    return Path(next(iter(spec.submodule_search_locations))) / "static"


def assets_router() -> Router:
    return create_static_files_router(
        path=ASSETS_PATH, directories=[swagger_assets()], include_in_schema=False
    )


def openapi_config() -> OpenAPIConfig:
    """The OpenAPI config of the service: the docs UI at `/schema` and `/schema/swagger`,
    the published document at `/schema/openapi.json`."""
    published = _Published()
    return OpenAPIConfig(
        title="Cardroom",
        version="0.1.0",
        description=(
            "Event-sourced card games: create tables, take seats, play, replay. Every "
            "refusal is `application/problem+json` with a stable `code`."
        ),
        use_handler_docstrings=True,
        render_plugins=[ContractSwagger(published, ["/", "/swagger"]), ContractJson(published)],
    )

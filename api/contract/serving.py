"""Serving the published document: `/schema/openapi.json` and the docs UI, its assets served by
the service itself (no CDN).

The docs page holds no inline script or style, so it runs under the pages' strict
Content-Security-Policy (`api.http.security_headers`): the document sits in a JSON data block,
which `/schema/docs.js` hands to Swagger UI."""

import html
import importlib.util
from pathlib import Path
from typing import Any

from litestar import Request, Router, get
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin, SwaggerRenderPlugin
from litestar.openapi.spec import Components
from litestar.static_files import create_static_files_router

from api.contract.document import publish
from api.http.auth import SECURITY_SCHEMES

ASSETS_PATH = "/schema/assets"
"""Where the docs UI's scripts and stylesheets are served from."""


class _Publishing:
    """Renders the published document of the one Litestar generated, published once per
    app (Litestar generates it once per app)."""

    _generated: dict[str, Any] | None = None
    _published: dict[str, Any]

    def published(self, request: Request[Any, Any, Any], generated: dict[str, Any]) -> Any:
        if generated is not self._generated:
            self._generated, self._published = generated, publish(generated, request.app)
        return self._published


class ContractJson(_Publishing, JsonRenderPlugin):
    """`/schema/openapi.json`: the published document."""

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        return super().render(request, self.published(request, openapi_schema))


class ContractSwagger(_Publishing, SwaggerRenderPlugin):
    """Swagger UI on the published document, its assets served by the service itself."""

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        document = self.render_json(request, self.published(request, openapi_schema))
        # "</" cannot end the data block early once written as the JSON escape "<\/".
        return DOCS_PAGE.format(
            title=html.escape(openapi_schema["info"]["title"]),
            css=self.css_url,
            bundle=self.js_url,
            preset=self.standalone_preset_js_url,
            start=DOCS_SCRIPT_PATH,
            data=document.replace(b"</", b"<\\/").decode(),
        ).encode()


DOCS_SCRIPT_PATH = "/schema/docs.js"
DOCS_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link href="{css}" rel="stylesheet">
<script src="{bundle}" defer></script>
<script src="{preset}" defer></script>
<script src="{start}" defer></script>
</head>
<body>
<div id="swagger-container"></div>
<script type="application/json" id="openapi-document">{data}</script>
</body>
</html>
"""
DOCS_SCRIPT = """"use strict";
const spec = JSON.parse(document.getElementById("openapi-document").textContent);
window.ui = SwaggerUIBundle({
  spec,
  dom_id: "#swagger-container",
  deepLinking: true,
  showExtensions: true,
  showCommonExtensions: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
});
"""
"""Starts Swagger UI on the document of the page (deferred scripts run in order)."""


@get(DOCS_SCRIPT_PATH, media_type="text/javascript", include_in_schema=False)
async def docs_script() -> str:
    return DOCS_SCRIPT


def swagger_assets() -> Path:
    """The Swagger UI distribution the `swagger-ui-py` package ships (read, not imported)."""
    spec = importlib.util.find_spec("swagger_ui")
    assert spec is not None and spec.submodule_search_locations, "swagger-ui-py is missing"
    return Path(next(iter(spec.submodule_search_locations))) / "static"


def assets_router() -> Router:
    """The docs UI's scripts and stylesheets, and the script that starts it."""
    assets = create_static_files_router(
        path=ASSETS_PATH, directories=[swagger_assets()], include_in_schema=False
    )
    return Router("/", route_handlers=[assets, docs_script], include_in_schema=False)


def openapi_config() -> OpenAPIConfig:
    """The OpenAPI config of the service: the docs UI at `/schema` and `/schema/swagger`,
    the published document at `/schema/openapi.json`."""
    swagger = ContractSwagger(
        path=["/", "/swagger"],
        js_url=f"{ASSETS_PATH}/swagger-ui-bundle.js",
        css_url=f"{ASSETS_PATH}/swagger-ui.css",
        standalone_preset_js_url=f"{ASSETS_PATH}/swagger-ui-standalone-preset.js",
        favicon="",
    )
    return OpenAPIConfig(
        title="Cardroom",
        version="0.1.0",
        description=(
            "Event-sourced card games: create tables, take seats, play, replay. Every "
            "refusal is `application/problem+json` with a stable `code`."
        ),
        use_handler_docstrings=True,
        components=Components(security_schemes=SECURITY_SCHEMES),
        render_plugins=[swagger, ContractJson()],
    )

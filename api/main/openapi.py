"""The published OpenAPI document of the service, built without connecting to anything."""

from typing import Any

from litestar import Litestar

from api.contract.document import publish
from api.main.app import create_app
from infra.process.settings import Settings


def unconnected_app() -> Litestar:
    """The app as it is served, built without connecting to anything."""
    return create_app(Settings(database_url="postgresql://unused", redis_url="redis://unused"))


def document() -> dict[str, Any]:
    """The document `/schema/openapi.json` serves."""
    app = unconnected_app()
    return publish(app.openapi_schema.to_schema(), app)

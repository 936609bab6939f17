"""The published OpenAPI document of the service, built without connecting to anything."""

from typing import Any

from api.contract.document import publish
from api.main.app import create_app
from infra.settings import Settings


def document() -> dict[str, Any]:
    """The document `/schema/openapi.json` serves."""
    app = create_app(Settings(database_url="postgresql://unused", redis_url="redis://unused"))
    return publish(app.openapi_schema.to_schema())

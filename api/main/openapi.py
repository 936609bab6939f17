"""The published OpenAPI document of the service, built without connecting to anything."""

from typing import Any

from api.contract.document import publish
from api.main.app import create_app


def document() -> dict[str, Any]:
    """The document `/schema/openapi.json` serves."""
    app = create_app("postgresql://unused", "redis://unused")
    return publish(app.openapi_schema.to_schema())

"""Cross-origin requests: which origins a browser may call the service from.

CARDROOM_CORS_ORIGINS  comma-separated origins; unset allows a local frontend's dev server
                       (http://localhost:5173, http://127.0.0.1:5173) and the service's own
                       default origin (http://127.0.0.1:8000, http://localhost:8000).
"""

import os
from collections.abc import Mapping

from litestar.config.cors import CORSConfig

ENV = "CARDROOM_CORS_ORIGINS"
DEFAULT_ORIGINS = (
    "http://localhost:5173",
    "http://127.0.0.1:5173",
    "http://127.0.0.1:8000",
    "http://localhost:8000",
)
EXPOSED_HEADERS = ("Location", "ETag", "Retry-After", "Idempotency-Key")
"""Response headers a browser client may read."""
ALLOWED_HEADERS = ("Authorization", "Content-Type", "Idempotency-Key", "Last-Event-ID")


def allowed_origins(environ: Mapping[str, str] | None = None) -> list[str]:
    """The origins from CARDROOM_CORS_ORIGINS, or the local development defaults."""
    env = os.environ if environ is None else environ
    setting = env.get(ENV, "").strip()
    if not setting:
        return list(DEFAULT_ORIGINS)
    return [origin.strip().rstrip("/") for origin in setting.split(",") if origin.strip()]


def cors_config(origins: list[str] | None = None) -> CORSConfig:
    return CORSConfig(
        allow_origins=allowed_origins() if origins is None else origins,
        allow_methods=["GET", "POST", "OPTIONS"],
        allow_headers=list(ALLOWED_HEADERS),
        expose_headers=list(EXPOSED_HEADERS),
        allow_credentials=False,
        max_age=600,
    )

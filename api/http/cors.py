"""Cross-origin requests: which origins a browser may call the service from.

The origins are the settings' (`CARDROOM_CORS_ORIGINS`, see `infra.process.settings`);
unset, a local frontend's dev server and the service's own default origin.
"""

from collections.abc import Sequence

from litestar.config.cors import CORSConfig

DOWNLOAD_HEADERS = ("Accept-Ranges", "Content-Range")
"""The headers of a dataset's file that a script resuming a download reads."""
EXPOSED_HEADERS = (
    *DOWNLOAD_HEADERS,
    "Location",
    "ETag",
    "Link",
    "Retry-After",
    "RateLimit-Limit",
    "RateLimit-Remaining",
    "RateLimit-Reset",
    "X-Request-Id",
)
"""Response headers a browser client may read: each one the service sends but those every
browser shows anyway (tests send requests that get every one)."""
ALLOWED_HEADERS = (
    "Authorization",
    "Content-Type",
    "Idempotency-Key",
    "Last-Event-ID",
    "Range",
    "If-Range",
)


def cors_config(origins: Sequence[str]) -> CORSConfig:
    return CORSConfig(
        allow_origins=list(origins),
        allow_methods=["GET", "POST", "OPTIONS"],
        allow_headers=list(ALLOWED_HEADERS),
        expose_headers=list(EXPOSED_HEADERS),
        allow_credentials=False,
        max_age=600,
    )

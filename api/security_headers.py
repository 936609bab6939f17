"""Security headers on every answer: the service answers JSON, event streams and its own
docs page, never anything another site should frame, sniff or be told the referrer of."""

from litestar.datastructures import MutableScopeHeaders
from litestar.types import Message, Scope

SECURITY_HEADERS: dict[str, str] = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Content-Security-Policy": "frame-ancestors 'none'",
}
"""The CSP here forbids framing only: the docs page runs the docs UI's own inline start-up
script, and JSON answers run nothing."""


async def send_security_headers(message: Message, scope: Scope) -> None:
    """The `before_send` hook that adds the security headers to the start of every answer."""
    if message["type"] == "http.response.start":
        headers = MutableScopeHeaders.from_message(message)
        for name, value in SECURITY_HEADERS.items():
            headers.add(name, value)

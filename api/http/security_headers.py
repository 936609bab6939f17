"""Security headers on every answer: the service answers JSON, event streams and HTML pages
(the docs UI, the web client), none of which another site should frame, sniff or be told the
referrer of.

Each answer carries a Content-Security-Policy fit for what it is. An HTML page may load
scripts, styles, fonts and data only from the service itself (`default-src 'self'`): the
pages hold no inline script or style (the docs page keeps its document in a JSON data block
that its own script reads). Images may also be `data:` URLs, which the docs UI's stylesheet
uses for its icons. Anything else (JSON, event streams, assets) runs nothing and loads
nothing, so its policy allows nothing (`default-src 'none'`).
"""

from litestar.datastructures import MutableScopeHeaders
from litestar.types import Message, Scope

SECURITY_HEADERS: dict[str, str] = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
}
PAGE_POLICY = (
    "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
"""The Content-Security-Policy of HTML pages."""
API_POLICY = "default-src 'none'; frame-ancestors 'none'"
"""The Content-Security-Policy of every other answer."""


def content_security_policy(content_type: str | None) -> str:
    """The policy for an answer of this media type."""
    is_page = (content_type or "").lower().startswith("text/html")
    return PAGE_POLICY if is_page else API_POLICY


async def send_security_headers(message: Message, scope: Scope) -> None:
    """The `before_send` hook that adds the security headers to the start of every answer."""
    if message["type"] == "http.response.start":
        headers = MutableScopeHeaders.from_message(message)
        for name, value in SECURITY_HEADERS.items():
            headers.add(name, value)
        policy = content_security_policy(headers.get("content-type"))
        headers.add("Content-Security-Policy", policy)

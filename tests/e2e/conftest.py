"""The browser fixtures (tests/e2e/browser.py) for every end-to-end test."""

from tests.e2e.browser import browser, page, web_database_url, web_service

__all__ = ["browser", "page", "web_database_url", "web_service"]

"""A headless Chromium page for tests that drive the site through a real browser.

The browser is Debian's ``chromium`` package (``.ci/run`` installs it). Without it the tests
skip on a developer's machine, but fail when ``CI`` is set: CI must never pass a browser test
it did not run.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
# How long a step waits for what it expects: what it waits for is the same, only a loaded
# CI machine takes longer to show it (10 s once timed out with the machine shared).
TIMEOUT_MS = 20_000


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> Iterator[Browser]:
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    # Playwright's sync API keeps an event loop running in this thread; the ORM calls that
    # pytest-django makes here (flushing the database afterwards) would otherwise refuse.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    expect.set_options(timeout=TIMEOUT_MS)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()


def _page(browser: Browser, **options) -> Iterator[Page]:
    context = browser.new_context(accept_downloads=True, **options)
    context.set_default_timeout(TIMEOUT_MS)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    yield from _page(browser)


@pytest.fixture
def page_without_js(browser: Browser) -> Iterator[Page]:
    """A page with JavaScript off: every form must still work by full-page posts."""
    yield from _page(browser, java_script_enabled=False)

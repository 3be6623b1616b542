"""The site's frame in Chromium (issue #14): the footer's language menu can be seen and the
keyboard alone changes the language; the favicon loads under the page's
Content-Security-Policy."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# WCAG 2's contrast ratio between an element's text colour and the colour behind it (its own
# background, else the first ancestor's that is not transparent, else white).
CONTRAST = """(element) => {
  const rgb = (css) => css.match(/[\\d.]+/g).map(Number);
  const opaque = (css) => { const c = rgb(css); return c.length < 4 || c[3] > 0; };
  let behind = element;
  while (behind && !opaque(getComputedStyle(behind).backgroundColor)) {
    behind = behind.parentElement;
  }
  const back = behind ? getComputedStyle(behind).backgroundColor : "rgb(255, 255, 255)";
  const luminance = (css) => {
    const [r, g, b] = rgb(css).slice(0, 3).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(getComputedStyle(element).color), luminance(back)]
    .sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}"""
READABLE = 4.5  # WCAG AA for normal text


def contrast(element: Locator) -> float:
    return element.evaluate(CONTRAST)


def test_the_language_buttons_can_be_read(page: Page, live_server):
    page.goto(f"{live_server.url}/")
    buttons = page.locator("footer button")
    expect(buttons.first).to_be_visible()

    for button in buttons.all():
        assert contrast(button) >= READABLE, button.inner_text()


def test_the_keyboard_alone_changes_the_language(page: Page, live_server):
    page.goto(f"{live_server.url}/")

    page.locator("footer").get_by_role("button", name="Français").focus()
    page.keyboard.press("Enter")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("navigation").get_by_role("link", name="Campagnes")).to_be_visible()

    page.locator("footer").get_by_role("button", name="English").focus()
    page.keyboard.press("Space")
    expect(page.locator("html")).to_have_attribute("lang", "en")


def test_the_favicon_loads_under_the_content_security_policy(page: Page, live_server):
    """Headless Chromium fetches no favicon: an image of the same address stands in for it,
    under the same ``img-src`` directive, and /favicon.ico leads to the same file."""
    page.goto(f"{live_server.url}/")
    href = page.locator('link[rel="icon"]').get_attribute("href")

    loaded = page.evaluate(
        """(href) => new Promise((done) => {
          const image = new Image();
          image.onload = () => done(image.naturalWidth > 0);
          image.onerror = () => done(false);
          image.src = href;
        })""",
        href,
    )
    assert loaded

    response = page.goto(f"{live_server.url}/favicon.ico")
    assert response.ok and response.url.endswith(href)
    assert response.headers["content-type"] == "image/svg+xml"

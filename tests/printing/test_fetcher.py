import pytest

from printing.engine import BASE_URL, FETCHER, STATIC_DIR


def test_fetcher_reads_the_print_stylesheet():
    response = FETCHER.fetch(BASE_URL + "css/print.css")

    assert response.content_type == "text/css"
    assert b"@font-face" in response.read()


def test_fetcher_reads_the_shipped_fonts():
    response = FETCHER.fetch(BASE_URL + "fonts/saira-stencil-one-latin-400-normal.woff2")

    assert response.read(4) == b"wOF2"


def test_fetcher_allows_data_urls():
    assert FETCHER.fetch("data:text/plain,hello").read() == b"hello"


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:9/print.css",
        "https://example.com/font.woff2",
        "ftp://example.com/x.css",
        "file:///etc/passwd",
        STATIC_DIR.parent.as_uri() + "/config/settings.py",
        BASE_URL + "../config/settings.py",
        BASE_URL + "%2e%2e/config/settings.py",
        BASE_URL + "css/",
        BASE_URL + "css/missing.css",
        "file://example.com" + STATIC_DIR.as_posix() + "/css/print.css",
    ],
)
def test_fetcher_refuses_the_network_and_other_files(url):
    with pytest.raises(ValueError, match="refused|disallowed"):
        FETCHER.fetch(url)

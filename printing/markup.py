"""Our own templates' HTML read into the tree WeasyPrint lays out, six times faster.

WeasyPrint reads HTML with tinyhtml5, an HTML5 parser written in Python that looks at each
character: a tenth of the render of a squad sheet (17 of about 200 ms of CPU for the 13-model
sheet of the bench; bench/bench_print_styles.py). The PDFs' HTML is never a stranger's: it
comes from our templates, every tag closed, every user text escaped by Django. So
``parse`` builds the same ``xml.etree`` tree with the standard library's tokenizer
(``html.parser``, regular expressions) and the few rules of HTML5's tree construction our
templates meet: the whitespace it drops before ``<head>``, the text after ``</body>`` that
it moves into the body. Anything else that HTML5 would mend (an end tag that closes no open
element, a ``<tr>`` with no row group, text directly in a table, a paragraph holding a
block, a comment, a repeated attribute, a ``<base>``, a NUL) is ``Unsupported``, and
``document`` then hands the string to WeasyPrint's own parser: a template that strays is
slower, never laid out differently. tests/printing/test_markup.py holds both trees of every
kind of PDF equal.

Plain Python, no Django import (the print engine's fork server loads it without settings).
"""

from __future__ import annotations

import html.parser
import xml.etree.ElementTree as ET
from typing import Any

import cssselect2
from weasyprint import HTML

VOID = frozenset(
    ("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
     "track", "wbr")
)  # fmt: skip
# Start tags that close an open <p> in HTML5 (a paragraph holds no block): refused.
CLOSES_P = frozenset(
    ("address", "article", "aside", "blockquote", "details", "dialog", "dir", "div", "dl",
     "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
     "header", "hgroup", "hr", "li", "main", "menu", "nav", "ol", "p", "pre", "section",
     "summary", "table", "ul", "dd", "dt", "plaintext", "listing", "xmp")
)  # fmt: skip
# Where a start tag must be, as HTML5 would build it (else it inserts or moves elements).
PARENTS = {
    "tr": ("tbody", "thead", "tfoot"),
    "td": ("tr",),
    "th": ("tr",),
    "tbody": ("table",),
    "thead": ("table",),
    "tfoot": ("table",),
    "col": ("colgroup",),
    "colgroup": ("table",),
    "caption": ("table",),
    "li": ("ul", "ol"),
}
TABLE_PARTS = frozenset(("table", "tbody", "thead", "tfoot", "tr", "colgroup"))
WHITESPACE = " \t\n\f"


class Unsupported(ValueError):
    """HTML that HTML5's tree construction would mend: WeasyPrint's own parser reads it."""


class _Builder(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root: ET.Element | None = None
        self.open: list[ET.Element] = []
        self.body: ET.Element | None = None
        self.body_closed = False
        self.seen_head = False
        self.implied: set[int] = set()  # ids of the row groups and column groups HTML5 adds

    # --- placing text ---------------------------------------------------------------------

    def _append_text(self, parent: ET.Element, data: str) -> None:
        if len(parent):
            last = parent[-1]
            last.tail = (last.tail or "") + data
        else:
            parent.text = (parent.text or "") + data

    def handle_data(self, data: str) -> None:
        if self.body_closed:  # after </body>: HTML5 puts it at the end of the body
            if data.strip(WHITESPACE):
                raise Unsupported("text after </body>")
            self._append_text(self.body, data)
            return
        if not self.open:
            if data.strip(WHITESPACE):
                raise Unsupported("text outside <html>")
            return  # whitespace before <html>: dropped
        parent = self.open[-1]
        if parent.tag == "html" and not self.seen_head:
            if data.strip(WHITESPACE):
                raise Unsupported("text before <head>")
            return  # whitespace before <head>: dropped
        if parent.tag in TABLE_PARTS and data.strip(WHITESPACE):
            raise Unsupported(f"text directly in <{parent.tag}>")
        self._append_text(parent, data)

    # --- elements -------------------------------------------------------------------------

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.body_closed:
            raise Unsupported(f"<{tag}> after </body>")
        attributes = {name: value or "" for name, value in attrs}
        if len(attributes) != len(attrs):
            raise Unsupported(f"a repeated attribute in <{tag}>")
        if tag in ("base", "pre", "listing", "textarea", "plaintext", "xmp", "noscript"):
            raise Unsupported(f"<{tag}>")  # HTML5 reads these, or the newline after, its way
        parent = self._implied_for(tag)
        if parent is None:
            if tag != "html" or self.root is not None:
                raise Unsupported(f"<{tag}> outside <html>")
        elif tag in PARENTS and parent.tag not in PARENTS[tag]:
            raise Unsupported(f"<{tag}> in <{parent.tag}>")
        elif tag in CLOSES_P and any(e.tag == "p" for e in self.open):
            raise Unsupported(f"<{tag}> in an open <p>")
        elif parent.tag == "html" and tag not in ("head", "body"):
            raise Unsupported(f"<{tag}> directly in <html>")
        element = ET.Element(tag, attributes)
        if parent is None:
            self.root = element
        else:
            parent.append(element)
        if tag == "head":
            self.seen_head = True
        elif tag == "body":
            self.body = element
        if tag not in VOID:
            self.open.append(element)

    def _implied_for(self, tag: str) -> ET.Element | None:
        """The parent of a start tag ``tag``, after what HTML5 does of its own in a table: a
        column group it opened ends at anything but a column, a row group it opened ends at
        the next row group, and a row or a column directly in a table gets one."""
        parent = self.open[-1] if self.open else None
        if parent is None:
            return None
        if id(parent) in self.implied and (
            (parent.tag == "colgroup" and tag != "col")
            or (parent.tag == "tbody" and tag in ("tbody", "thead", "tfoot", "colgroup", "col"))
        ):
            self.open.pop()
            parent = self.open[-1]
        if parent.tag == "table" and tag in ("tr", "col"):
            group = ET.SubElement(parent, "tbody" if tag == "tr" else "colgroup")
            self.implied.add(id(group))
            self.open.append(group)
            parent = group
        return parent

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID:
            raise Unsupported(f"<{tag}/>")
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            raise Unsupported(f"</{tag}>")
        if tag == "table" and self.open and id(self.open[-1]) in self.implied:
            self.open.pop()  # the row group or column group HTML5 opened ends with its table
        if not self.open or self.open[-1].tag != tag:
            raise Unsupported(f"</{tag}> closes no open element")
        self.open.pop()
        if tag == "body":
            self.body_closed = True
        elif tag == "html" and not self.body_closed:
            raise Unsupported("</html> before </body>")

    def handle_comment(self, data: str) -> None:
        raise Unsupported("a comment")

    def handle_pi(self, data: str) -> None:
        raise Unsupported("a processing instruction")

    def unknown_decl(self, data: str) -> None:
        raise Unsupported("a CDATA section")

    def handle_decl(self, decl: str) -> None:
        if self.root is not None or decl.lower() != "doctype html":
            raise Unsupported(f"<!{decl}>")


def parse(markup: str) -> ET.Element:
    """The tree of ``markup`` (a whole document: ``<html>`` with ``<head>`` and ``<body>``),
    as tinyhtml5 builds it with ``namespace_html_elements=False``; ``Unsupported`` if HTML5
    would mend it."""
    if "\x00" in markup or "\r" in markup:
        raise Unsupported("a NUL or carriage return")  # HTML5 replaces them
    builder = _Builder()
    builder.feed(markup)
    builder.close()
    if builder.root is None or builder.body is None or not builder.body_closed or builder.open:
        raise Unsupported("not a whole document closed by </body></html>")
    return builder.root


class _Parsed(HTML):
    """A WeasyPrint document of a tree already built (what ``HTML.__init__`` keeps)."""

    def __init__(self, root: ET.Element, *, base_url: str, url_fetcher: Any) -> None:
        self.base_url = base_url  # no <base> (refused above): the document's URL
        self.url_fetcher = url_fetcher
        self.media_type = "print"
        self.wrapper_element = cssselect2.ElementWrapper.from_html_root(root, content_language=None)
        self.etree_element = self.wrapper_element.etree_element


def document(markup: str, *, base_url: str, url_fetcher: Any) -> HTML:
    """WeasyPrint's document of ``markup``: read by ``parse``, or by WeasyPrint's own parser
    when it is ``Unsupported``."""
    try:
        root = parse(markup)
    except Unsupported:
        return HTML(string=markup, base_url=base_url, url_fetcher=url_fetcher)
    return _Parsed(root, base_url=base_url, url_fetcher=url_fetcher)

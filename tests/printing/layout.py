"""Where WeasyPrint put each box of a printed document: for the tests that check nothing
runs off its page or out of its table cell (a long name, a wide panel).

``laid_out(html, system)`` lays the HTML out as the print engine does (print.css and the
game's own stylesheet, their fonts, the project's static files only) and returns
WeasyPrint's document; ``strays(document)`` lists the boxes that stick out, each as a line
that says which box, on which page, and by how much.
"""

from __future__ import annotations

from collections.abc import Iterator

from weasyprint import HTML
from weasyprint.formatting_structure import boxes

from printing import engine
from printing.styles import game_stylesheet

# Half a CSS pixel: rounding, never a visible overflow.
SLACK = 0.5


def laid_out(html: str, system: str | None = None):
    """The laid-out document of ``html``, a PDF of the game ``system`` (``None``: of no game,
    print.css alone); ``document.pages[i]._page_box`` is a page's tree."""
    fonts, sheets = engine.stylesheets(game_stylesheet(system))
    document = HTML(string=html, base_url=engine.BASE_URL, url_fetcher=engine.FETCHER)
    return document.render(stylesheets=sheets, font_config=fonts)


def _extent(box) -> tuple[float, float]:
    """The box's border box, left and right."""
    left = box.position_x + box.margin_left
    return left, left + box.border_width()


def _name(box) -> str:
    element = box.element
    tag = "" if element is None else f"<{element.tag} class={element.get('class')!r}>"
    text = getattr(box, "text", "")
    return f"{type(box).__name__}{tag} {text[:30]!r}"


def _walk(box, frame: tuple[float, float], cell) -> Iterator[tuple[object, tuple, object]]:
    """Each box below ``box`` with the area it must stay in (its page's content area, or its
    margin box for a footer) and its nearest table cell."""
    for child in getattr(box, "children", None) or ():
        child_frame, child_cell = frame, cell
        if isinstance(child, boxes.MarginBox):
            child_frame = _extent(child)
        yield child, child_frame, child_cell
        if isinstance(child, boxes.TableCellBox):
            child_cell = child
        yield from _walk(child, child_frame, child_cell)


def strays(document) -> list[str]:
    """Every box that sticks out of its page's content area (a footer: out of its margin
    box) or out of the table cell it is in, on every page of ``document``."""
    found = []
    for number, page in enumerate(document.pages, start=1):
        page_box = page._page_box
        content = (page_box.content_box_x(), page_box.content_box_x() + page_box.width)
        for box, frame, cell in _walk(page_box, content, None):
            if isinstance(box, boxes.MarginBox) or box.width is None:
                continue
            left, right = _extent(box)
            if isinstance(box, boxes.LineBox):  # as wide as its block: its text is checked
                continue
            areas = [("page", frame)]
            if cell is not None:
                areas.append(("cell", _extent(cell)))
            for where, (start, end) in areas:
                if left < start - SLACK or right > end + SLACK:
                    found.append(
                        f"page {number}: {_name(box)} spans {left:.1f}..{right:.1f}, "
                        f"out of its {where} {start:.1f}..{end:.1f}"
                    )
    return found

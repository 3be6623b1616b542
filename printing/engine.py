"""The print engine: HTML in, PDF bytes out, laid out in a child process with a time budget.

WeasyPrint's time grows with what a page lists, and a render that outlives the server's
worker timeout takes the worker down with it. Document limits (``rules.registry
.DocumentLimits``) keep the worst legal sheet to a couple of seconds; the budget is the net
under them. ``render(html, budget=seconds)`` lays the page out in a child process and kills
the child when the budget runs out, then raises ``RenderTooLong``: the worker that asked
stays whole, because the render never ran in it. (Stopping a render *inside* the worker, by
a signal or an asynchronous exception, can leave a library's lock held and hang the worker
for good.)

A process prints through one child of its own, which lays out one document after another
(``_Printer``), and is replaced when the budget stops it, when a render fails and after
``RENDERS_PER_CHILD`` documents. The children come from a ``multiprocessing`` fork server
started on the first print of a process. It has imported WeasyPrint, parsed
``static/css/print.css`` with its fonts and every game's stylesheet
(``static/css/systems/<code>.css``) and laid out pages (``printing.warm``), so a child starts
warm; a render in the child costs about what it costs in the worker, the PDF's trip through a
pipe (bench/bench_print.py prints both).

Each document is laid out with print.css (what every PDF shares: fonts, page, header, cards,
reference and report tables) and, when it is a game's, that game's own stylesheet only: a
sheet does not match its elements against the other games' rules. The caller finds the
game's file (``printing.styles``, through Django's static files finders); each file is parsed
once per thread and kept (``stylesheets``).

The HTML is read by ``printing.markup`` (the standard library's tokenizer, into the tree
WeasyPrint's own HTML5 parser would build; six times faster, a tenth of a sheet's render),
and by WeasyPrint's parser when it holds what HTML5 would mend.

Plain Python, no Django import: the fork server loads this module without settings. It
reads ``static/`` through ``StaticFilesOnly``, a URL fetcher that serves the project's own
static files and nothing else: no network, no other file.
"""

from __future__ import annotations

import gc
import mimetypes
import multiprocessing
import os
import threading
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from weasyprint import CSS
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse

from printing import markup

STATIC_DIR = (Path(__file__).resolve().parent.parent / "static").resolve()
BASE_URL = STATIC_DIR.as_uri() + "/"
STYLESHEET_URL = BASE_URL + "css/print.css"
WARM_MODULE = "printing.warm"  # imported once by the fork server: see the docstring
WARM_PAGE = "<p>Warm</p>"


class RenderTooLong(RuntimeError):
    """The render outlived its budget and was stopped."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"the render took more than {seconds:g} s and was stopped")
        self.seconds = seconds


class RenderFailed(RuntimeError):
    """The child process ended without a PDF (it crashed, or WeasyPrint raised)."""


# --- the URL fetcher ------------------------------------------------------------------------


class StaticFilesOnly(URLFetcher):
    """Fetch ``file:`` URLs under ``static/`` (and ``data:`` URLs); refuse everything else."""

    def __init__(self, root: Path = STATIC_DIR) -> None:
        super().__init__(allowed_protocols=("file", "data"))
        self.root = root.resolve()

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        parts = urlsplit(url)
        if parts.scheme == "data":
            return super().fetch(url, headers)
        if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
            raise ValueError(f"refused: {url} is not one of the project's static files")
        path = Path(unquote(parts.path)).resolve()
        if not path.is_relative_to(self.root) or not path.is_file():
            raise ValueError(f"refused: {url} is not one of the project's static files")
        content_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(path.as_uri(), path.read_bytes(), {"Content-Type": content_type})


FETCHER = StaticFilesOnly()
SYSTEMS_DIR = STATIC_DIR / "css" / "systems"  # the games' own stylesheets, as shipped
_styles = threading.local()


def _stylesheet() -> tuple[FontConfiguration, CSS]:
    """The parsed print.css and its fonts, loaded once per thread (decoding the fonts again
    for each document would double the time of a sheet)."""
    if not hasattr(_styles, "css"):
        fonts = FontConfiguration()
        _styles.css = CSS(url=STYLESHEET_URL, url_fetcher=FETCHER, font_config=fonts)
        _styles.fonts = fonts
        _styles.games = {}
    return _styles.fonts, _styles.css


def stylesheets(game: str | None = None) -> tuple[FontConfiguration, list[CSS]]:
    """The fonts and the parsed stylesheets of a document: print.css, then the game's own
    stylesheet when ``game`` (the path of its file) is given. Each file is parsed once per
    thread: parsing a game's rules again for each PDF would cost a tenth of its render."""
    fonts, css = _stylesheet()
    if game is None:
        return fonts, [css]
    path = str(Path(game).resolve())
    game_css = _styles.games.get(path)
    if game_css is None:
        game_css = CSS(filename=path, url_fetcher=FETCHER, font_config=fonts)
        _styles.games[path] = game_css
    return fonts, [css, game_css]


def preload() -> None:
    """Parse print.css and every game stylesheet shipped under ``static/css/systems/`` now
    (the fork server does, so that no child parses one)."""
    for path in sorted(SYSTEMS_DIR.glob("*.css")):
        stylesheets(str(path))


def html_to_pdf(html: str, game_stylesheet: str | None = None) -> bytes:
    """Lay ``html`` out with print.css (and the game's stylesheet, the path of its file, when
    given) and return the PDF, in this process, with no budget."""
    fonts, sheets = stylesheets(game_stylesheet)
    # WeasyPrint makes many short-lived objects: pausing the cyclic garbage collector while
    # it works saves about a sixth of the time (bench/bench_print.py); it runs again after.
    collecting = gc.isenabled()
    gc.disable()
    try:
        document = markup.document(html, base_url=BASE_URL, url_fetcher=FETCHER)
        return document.write_pdf(stylesheets=sheets, font_config=fonts)
    finally:
        if collecting:
            gc.enable()


# --- the child process ----------------------------------------------------------------------

_context_lock = threading.Lock()
_context: Any = None


def _forkserver() -> Any:
    global _context
    with _context_lock:
        if _context is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload([WARM_MODULE])
            _context = context
    return _context


# A child prints one document after another (``_serve``): forking one per document cost a
# sheet a seventh of its time when quiet (the fork, then a copy of each page of memory the
# render touched), and most of it on a busy machine. It is replaced after RENDERS_PER_CHILD
# documents (its memory stays what a fresh one's is), after a render that failed, and when the
# budget stops it.
RENDERS_PER_CHILD = 200


def _serve(connection: Any) -> None:  # in the child: until the parent closes its end
    while True:
        try:
            html, game_stylesheet = connection.recv()
        except (EOFError, OSError):
            return
        try:
            pdf = html_to_pdf(html, game_stylesheet)
        except BaseException as error:  # noqa: BLE001 - reported to the parent, which raises
            connection.send(("error", f"{type(error).__name__}: {error}"))
        else:
            connection.send(("pdf", pdf))


class _Printer:
    """This process's print child and its end of their pipe (one per process, made on the
    first print: ``_printer``)."""

    def __init__(self) -> None:
        self.pid = os.getpid()
        ours, theirs = _forkserver().Pipe(duplex=True)
        self.connection = ours
        self.process = _forkserver().Process(target=_serve, args=(theirs,), daemon=True)
        self.process.start()
        theirs.close()  # the child holds its own end: EOF on ours when it dies
        self.printed = 0

    def print(self, html: str, game_stylesheet: str | None, budget: float) -> tuple[str, Any]:
        self.connection.send((html, game_stylesheet))
        if not self.connection.poll(budget):
            raise RenderTooLong(budget)
        self.printed += 1
        return self.connection.recv()

    def stop(self) -> None:
        self.connection.close()
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.process.close()


_printer_lock = threading.Lock()
_printer: _Printer | None = None


def start(*, budget: float = 120) -> None:
    """Start the fork server now, warmed (``printing.warm``), and fork one child from it,
    instead of at the first print: a process that prints (the task worker) calls it as it
    starts, so that the first PDF a player waits for costs what any other does. The budget is
    wide: the server warms itself before it forks the first child, and a loaded machine is
    slow at it."""
    render(WARM_PAGE, budget=budget)


def render(html: str, *, budget: float | None, game_stylesheet: str | None = None) -> bytes:
    """``html`` as PDF bytes, laid out in a child process stopped after ``budget`` seconds,
    with print.css and ``game_stylesheet`` (the path of a game's own stylesheet), if any.

    ``budget=None`` (or 0) renders in this process, with no limit: for the command line,
    which prints a file on the player's own machine.
    """
    if not budget:
        return html_to_pdf(html, game_stylesheet)
    global _printer
    with _printer_lock:
        if _printer is not None and _printer.pid != os.getpid():  # a fork's copy: not ours
            _printer = None
        if _printer is None:
            _printer = _Printer()
        printer = _printer
        kind, value = "error", "the print process ended"
        try:
            kind, value = printer.print(html, game_stylesheet, budget)
        except (EOFError, OSError):
            value = f"the print process ended with code {printer.process.exitcode}"
        finally:
            if kind != "pdf" or printer.printed >= RENDERS_PER_CHILD:
                _printer = None  # stopped by the budget, failed or old: the next print forks anew
                printer.stop()
    if kind == "error":
        raise RenderFailed(value)
    return value

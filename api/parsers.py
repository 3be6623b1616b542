"""The API's one parser: JSON bodies, read as strictly as the documents.

Named in ``settings.REST_FRAMEWORK``, which DRF reads while it defines ``APIView``: this
module (and what it imports) must not import ``rest_framework.views`` (nor generics,
viewsets, decorators) at module level.
"""

from __future__ import annotations

import codecs
from typing import Any

from django.utils.http import parse_header_parameters
from django.utils.translation import gettext, gettext_noop
from rest_framework.exceptions import UnsupportedMediaType
from rest_framework.parsers import BaseParser

from api.errors import BodyRefused, RequestTooLarge, join_path
from rules.documents import DocumentError, Problem, loads

MAX_BODY = 512 * 1024  # the web import's limit


def _unstorable_text(data: Any) -> list[Problem]:
    """The path of every string (key or value) that no database can store: one holding NUL,
    which PostgreSQL refuses, or a lone UTF-16 surrogate, which is not Unicode text."""
    problems = []
    stack = [("", data)]
    while stack:  # not recursive: JSON may nest as deep as its parser allows
        path, value = stack.pop()
        if isinstance(value, dict):
            for key, item in reversed(value.items()):
                stack.append((join_path(path, key), key))
                stack.append((join_path(path, key), item))
        elif isinstance(value, list):
            stack.extend((join_path(path, i), item) for i, item in reversed(list(enumerate(value))))
        elif isinstance(value, str):
            if "\x00" in value:
                problems.append(Problem(path, gettext_noop("must not contain NUL characters")))
            elif not value.isascii():
                try:
                    value.encode()
                except UnicodeEncodeError:
                    problems.append(Problem(path, gettext_noop("is not valid Unicode text")))
    return list(dict.fromkeys(problems))


def _charset_refused(media_type: str | None) -> str | None:
    """The ``charset`` the Content-Type names when it is not UTF-8 (the one the API reads)."""
    charset = parse_header_parameters(media_type or "")[1].get("charset")
    if charset is None:
        return None
    try:
        return None if codecs.lookup(charset).name == "utf-8" else charset
    except LookupError:
        return charset


def utf8_text(raw: bytes) -> str:
    """The body as text: UTF-8, as ``docs/formats.md`` requires of every document, with no
    byte order mark; no other encoding is guessed (Python's JSON reader would take UTF-16
    and UTF-32 bodies for UTF-8 ones). A NUL byte, which no JSON text holds, is what UTF-16
    or UTF-32 text without a byte order mark looks like."""
    if raw.startswith(codecs.BOM_UTF8):
        problem = gettext_noop("starts with a byte order mark: send UTF-8 without one")
        raise BodyRefused([Problem("", problem)])
    try:
        if b"\x00" in raw:
            raise UnicodeError
        return raw.decode("utf-8")
    except UnicodeError:
        raise BodyRefused([Problem("", gettext_noop("not UTF-8 text"))]) from None


class StrictJSONParser(BaseParser):
    """JSON bodies, read as strictly as the documents: UTF-8 only (``utf8_text``; a
    Content-Type naming another charset is a 415), a duplicated key or NaN is refused with
    its path (``rules.documents.loads``), so is text no database can store, and a body over
    512 KB is a 413. Every endpoint of the API reads its body with it (the settings'
    ``DEFAULT_PARSER_CLASSES``; no view names another)."""

    media_type = "application/json"

    def parse(self, stream, media_type=None, parser_context=None) -> Any:
        raw = stream.read(MAX_BODY + 1)
        if len(raw) > MAX_BODY:
            raise RequestTooLarge()
        if charset := _charset_refused(media_type):
            message = gettext('The body must be UTF-8 JSON: charset "%(charset)s" is not read.')
            raise UnsupportedMediaType(media_type, message % {"charset": charset})
        text = utf8_text(raw)
        try:
            data = loads(text)  # exception_handler answers 400 with the paths (422: see it)
        except DocumentError as error:
            raise BodyRefused(error.problems) from None
        if b"\\u" in raw and (problems := _unstorable_text(data)):  # only escapes make them
            raise BodyRefused(problems)
        return data

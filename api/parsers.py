"""The API's one parser: JSON bodies, read as strictly as the documents.

Named in ``settings.REST_FRAMEWORK``, which DRF reads while it defines ``APIView``: this
module (and what it imports) must not import ``rest_framework.views`` (nor generics,
viewsets, decorators) at module level.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_noop
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


class StrictJSONParser(BaseParser):
    """JSON bodies, read as strictly as the documents: a duplicated key or NaN is refused
    with its path (``rules.documents.loads``), so is text no database can store, and a body
    over 512 KB is a 413."""

    media_type = "application/json"

    def parse(self, stream, media_type=None, parser_context=None) -> Any:
        raw = stream.read(MAX_BODY + 1)
        if len(raw) > MAX_BODY:
            raise RequestTooLarge()
        try:
            data = loads(raw)  # exception_handler answers 400 with the paths (422: see it)
        except DocumentError as error:
            raise BodyRefused(error.problems) from None
        if b"\\u" in raw and (problems := _unstorable_text(data)):  # only escapes make them
            raise BodyRefused(problems)
        return data

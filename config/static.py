"""What ``collectstatic`` ships: only what the site serves (issue #28, item 17).

The installed apps bring more static files than the site uses, and compressing them all
(gzip and Brotli, each under two names) took most of a minute of CPU at every ``make serve``.
Left out: source maps (a developer's tools fetch them; no page does), Redoc (``/api/docs/``
is Swagger UI), the browsable API's files (the API renders JSON only) and django-htmx's copy
of htmx (the pages load ``static/js/htmx.min.js``). In development Django's finders still
find every file.

With the maps gone, a stylesheet's ``sourceMappingURL`` comment names a file that is not
shipped: the storages below leave those comments as they are instead of hashing them (which
would stop ``collectstatic`` on the missing file); a browser asks for a map only while its
developer tools are open.
"""

from __future__ import annotations

from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import HashedFilesMixin, ManifestStaticFilesStorage
from whitenoise.storage import CompressedManifestStaticFilesStorage

NOT_SERVED = [
    "*.map",
    "drf_spectacular_sidecar/redoc/*",
    "rest_framework/*",
    "django_htmx/*",
]


class AppDirectoriesFinder(finders.AppDirectoriesFinder):
    """The apps' static files, less what is not served, for ``collectstatic`` (which lists
    them); a file asked for by name in development is still found."""

    def list(self, ignore_patterns):
        return super().list([*(ignore_patterns or []), *NOT_SERVED])


def _without_source_maps(patterns: tuple) -> tuple:
    def kept(pattern) -> bool:
        regex = pattern[0] if isinstance(pattern, tuple) else pattern
        return "sourceMappingURL" not in regex

    return tuple((glob, tuple(filter(kept, found))) for glob, found in patterns)


class ManifestStorage(ManifestStaticFilesStorage):
    """Hashed names, source map comments left alone."""

    patterns = _without_source_maps(HashedFilesMixin.patterns)


class CompressedManifestStorage(CompressedManifestStaticFilesStorage):
    """Hashed names and their gzip and Brotli copies (WhiteNoise), source map comments left
    alone; ``WHITENOISE_KEEP_ONLY_HASHED_FILES`` drops the unhashed copies."""

    patterns = _without_source_maps(HashedFilesMixin.patterns)

"""Renderers for downloads (a public JSON document, a PDF) and the negotiation they use, and
how the schema documents a PDF."""

from __future__ import annotations

import json

from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer


class DocumentRenderer(BaseRenderer):
    """A public JSON document exactly as the web export writes it (indented, UTF-8)."""

    media_type = "application/json"
    format = "json"
    charset = None

    def render(self, data, accepted_media_type=None, renderer_context=None) -> bytes:
        if data is None:
            return b""
        return json.dumps(data, ensure_ascii=False, indent=2).encode()


class PDFRenderer(BaseRenderer):
    media_type = "application/pdf"
    format = "pdf"
    charset = None
    render_style = "binary"

    def render(self, data, accepted_media_type=None, renderer_context=None) -> bytes:
        return data


class TextRenderer(BaseRenderer):
    """Plain text, UTF-8 (a squad to paste into a chat)."""

    media_type = "text/plain"
    format = "txt"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None) -> bytes:
        return data.encode() if isinstance(data, str) else data


class FirstRenderer(DefaultContentNegotiation):
    """For downloads: always the view's own format (errors are JSON through ``JSONErrors``)."""

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


PDF_RESPONSE = OpenApiResponse(OpenApiTypes.BINARY, description=_("The PDF, as an attachment."))

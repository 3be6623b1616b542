"""The API's paging: ``?page=N&page_size=M``.

Named in ``settings.REST_FRAMEWORK``, which DRF reads while it defines ``GenericAPIView``:
this module must not import ``rest_framework.views`` (nor generics, viewsets, decorators)
at module level.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from rest_framework import exceptions
from rest_framework.pagination import PageNumberPagination


class Pagination(PageNumberPagination):
    """``?page=N&page_size=M`` (20 by default, at most 100). A page or a page size that is
    not a whole number in range (``?page=``, ``?page=0``, ``?page=last``) is a 400, as the
    schema says; a page past the last one is a 404 (there is no such page)."""

    page_size = 20
    page_size_query_param = "page_size"
    max_page_size = 100
    last_page_strings = ()  # the schema says a number: ?page=last is not one

    def get_page_number(self, request, paginator) -> int:
        raw = request.query_params.get(self.page_query_param)
        if raw is None:
            return 1
        if not (raw.isascii() and raw.isdigit()) or int(raw) < 1:
            message = gettext("must be a whole number from 1")
            raise exceptions.ValidationError({self.page_query_param: [message]})
        return int(raw)

    def get_page_size(self, request) -> int:
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            return self.page_size
        try:
            size = int(raw)
        except ValueError:
            size = 0
        if not 1 <= size <= self.max_page_size:
            message = gettext("must be a whole number from 1 to %(max)d") % {
                "max": self.max_page_size
            }
            raise exceptions.ValidationError({self.page_size_query_param: [message]})
        return size

    def get_schema_operation_parameters(self, view) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            parameter["schema"]["minimum"] = 1
            if parameter["name"] == self.page_size_query_param:
                parameter["schema"]["maximum"] = self.max_page_size
        return parameters

"""The squads part of the REST API (issue #6), under ``/api/squads/``.

A squad is read and written as a whole ``squad-roster/1`` document: GET gives it with the
squad's id and version, PUT replaces it, import stores a new one, export gives the file of
the web export byte for byte. Users see and change their own squads only; anyone else gets
404, as on the web pages. Views parse input, call ``rosters.services`` or the rules, and
serialise; ``api.errors.exception_handler`` turns every error into the API's one shape.
The endpoints live in ``squads`` and ``shared``; ``common`` holds what they share.
A squad's sheet (``/api/squads/{id}/sheet/``) is printing's, at this prefix (``printing.api``).
"""

from rest_framework.routers import SimpleRouter

from rosters.api.common import (
    IF_MATCH_PATTERN,
    PUBLIC_ID,
    SQUAD,
    SQUAD_LINKS,
    etag,
    expected_version,
    member_notes_update,
    validation_result,
)
from rosters.api.packs import PackViewSet, SharedPackViewSet
from rosters.api.shared import SharedSquadViewSet
from rosters.api.squads import SquadViewSet

router = SimpleRouter()
router.register("packs/shared", SharedPackViewSet, basename="shared-pack")
router.register("packs", PackViewSet, basename="pack")
router.register("squads", SquadViewSet, basename="squad")
router.register("shared", SharedSquadViewSet, basename="shared-squad")
urlpatterns = router.urls

__all__ = [
    "IF_MATCH_PATTERN",
    "PUBLIC_ID",
    "SQUAD",
    "SQUAD_LINKS",
    "PackViewSet",
    "SharedPackViewSet",
    "SharedSquadViewSet",
    "SquadViewSet",
    "etag",
    "expected_version",
    "member_notes_update",
    "router",
    "urlpatterns",
    "validation_result",
]

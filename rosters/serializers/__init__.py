"""What the squads API reads and writes, as DRF serializers.

The ``squad-roster/1`` serializers *describe* the document for the OpenAPI schema; the API
reads documents with ``rules.documents.parse_roster``, the same strict parser as the web
import and the command line, so the three can never disagree. Codes (factions, types,
items, abilities) are listed from the registered game systems.
"""

from rosters.serializers.documents import (
    FACTION_HELP,
    SYSTEMS,
    ability_field,
    ability_schema,
    record_serializer_field,
    roster_document_schema,
    roster_document_serializer,
)
from rosters.serializers.notes import (
    NOTES_PATTERN,
    NotesChangeSerializer,
    NotesField,
    NotesFieldExtension,
    NotesSerializer,
)
from rosters.serializers.squads import (
    PrintingSerializer,
    SheetOptionsSerializer,
    SquadChangeSerializer,
    SquadCreateSerializer,
    SquadDetailSerializer,
    SquadSerializer,
    ValidationResultSerializer,
    ViolationSerializer,
    squad_create_schema,
)

__all__ = [
    "FACTION_HELP",
    "NOTES_PATTERN",
    "NotesChangeSerializer",
    "NotesField",
    "NotesFieldExtension",
    "NotesSerializer",
    "PrintingSerializer",
    "SYSTEMS",
    "SheetOptionsSerializer",
    "SquadChangeSerializer",
    "SquadCreateSerializer",
    "SquadDetailSerializer",
    "SquadSerializer",
    "ValidationResultSerializer",
    "ViolationSerializer",
    "ability_field",
    "ability_schema",
    "record_serializer_field",
    "roster_document_schema",
    "roster_document_serializer",
    "squad_create_schema",
]

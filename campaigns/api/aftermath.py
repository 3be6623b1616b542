"""A battle's aftermath in one step over the API (#31 item 3): ``GET`` what is pending per
side, ``POST`` a side's rolls to preview (nothing written) or keep it (one transaction).
Refusals: 403 (not the side's player nor the organiser), 409 (kept already, a battle not
confirmed, a squad that has fought since), 422 at ``rolls.<key>`` (a die it does not ask
for, a roll the dice cannot give)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import exceptions
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from api.errors import id_errors, unprocessable
from campaigns import selectors, services
from campaigns.api.common import BATTLE_NUMBER, CAMPAIGN_ID
from campaigns.models import Entry, HistoryEntry
from campaigns.serializers.aftermath import (
    AftermathOutlookSerializer,
    AftermathRequestSerializer,
    AftermathResultSerializer,
)
from campaigns.services import aftermath as aftermath_services
from core.errors import ServiceError


def _change(change: Any, system: str) -> dict[str, Any]:
    row = HistoryEntry(
        kind=change.kind, field=change.field or "", before=change.before, after=change.after,
        roll=change.roll, params=change.params,
    )  # fmt: skip
    return {
        "member": change.member, "kind": change.kind, "field": change.field,
        "before": change.before, "after": change.after, "roll": change.roll,
        "text": selectors.describe(row, system),
    }  # fmt: skip


POST_DESCRIPTION = _(
    "The side's serious injuries, experience and each advance under the battle's pack, with "
    "the dice given (rolled at the table) and the rest rolled by the server: previewed "
    "(preview: true, nothing written) or kept, in one transaction, as history entries of the "
    "battle that a void undoes. The side's player or the organiser (403); kept already, a "
    "battle not confirmed or a squad that has fought since: 409; a die it does not ask for or "
    "a roll the dice cannot give: 422 at rolls.<key>."
)
EXAMPLE = {"rolls": {"injury:Hollis": 4, "advance:Mak:1": 6}, "preview": True}
OPERATIONS = {"GET": "retrieve", "POST": "create"}


def _operation(method: str, summary: Any, description: Any, **more: Any) -> Any:
    """The schema of one method of the ``aftermath/`` action (its own operation id: the
    hand record's ``aftermath/{member_id}/`` has the default one)."""
    return extend_schema(
        methods=[method], operation_id=f"campaigns_battles_after_battle_{OPERATIONS[method]}",
        summary=summary, description=description, parameters=[CAMPAIGN_ID, BATTLE_NUMBER],
        **more,
    )  # fmt: skip


class AftermathActions:
    """The battle viewset's ``aftermath/`` action (``BattleViewSet``)."""

    @_operation(
        "GET", _("What a battle's aftermath asks of each side"),
        _("Per side: pending (to keep), done or none; under the battle's pack tables "
          "(injuries, experience) the dice it asks for, else the models to record by hand."),
        responses={200: AftermathOutlookSerializer, **id_errors()},
    )  # fmt: skip
    @_operation(
        "POST", _("Preview or keep a side's aftermath"), POST_DESCRIPTION,
        request=AftermathRequestSerializer,
        responses={200: AftermathResultSerializer, **id_errors(400, 403, 409, 413, 415, 422)},
        examples=[OpenApiExample("Rolled at the table", request_only=True, value=EXAMPLE)],
    )  # fmt: skip
    @action(detail=True, methods=["get", "post"], url_path="aftermath", url_name="after-battle")
    def after_battle(self, request: Request, id: str, number: str) -> Response:
        campaign = self._campaign()
        battle = self._battle(campaign, number)
        if request.method == "GET":
            sides = [_side(o) for o in aftermath_services.outlook(battle=battle)]
            return Response({"battle": battle.number, "sides": sides})
        serializer = AftermathRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        entry = None
        if "entry" in data:
            entry = Entry.objects.filter(pk=data["entry"], campaign=campaign).first()
            if entry is None:
                raise exceptions.ValidationError({"entry": [_("no such squad in this campaign")]})
        step = services.preview_aftermath if data["preview"] else services.keep_aftermath
        try:
            plan = step(battle=battle, user=request.user, rolls=data["rolls"], entry=entry)
        except ServiceError as error:  # a roll refused: 422; 403 / 409: the handler
            raise unprocessable(error) from None
        return Response({
            "entry": plan.entry.pk, "squad": plan.entry.squad.name,
            "kept": not data["preview"],
            "changes": [_change(c, campaign.system) for c in plan.changes],
            "rolls": [{"key": r.key, "roll": r.value, "by": r.by} for r in plan.rolls],
        })  # fmt: skip


def _side(o: aftermath_services.SideOutlook) -> dict[str, Any]:
    """One side of the outlook as ``SideAftermathSerializer`` says."""
    dice = o.plan.dice if o.plan else ()
    return {
        "entry": o.side.entry_id, "squad": o.side.entry.squad.name,
        "player": o.side.entry.player.get_username(), "state": o.state,
        "tables": bool(o.plan and o.plan.tables),
        "marked": list(o.plan.marked) if o.plan else [],
        "dice": [{"key": d.key, "member": d.member, "purpose": d.purpose, "dice": d.dice}
                 for d in dice],
    }  # fmt: skip

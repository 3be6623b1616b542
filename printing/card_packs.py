"""Which club pack a quick-reference card prints with (issue #30): the web page's and the
API's query parameters read once, here, so neither view holds the rule.

- ``pack=<id>``: the latest version of that pack, which the user owns, or reads by its share
  link (``token=<the link's token>``);
- ``campaign=<id>``: the exact version the campaign plays with (none: the card without a
  pack), for whoever may read the campaign.

Neither: no pack, the card as before. A pack or campaign the user may not read is missing
(404: its existence is not told); one of another game, or both parameters at once, a 400
naming the parameter. The card is cached by the version (``printing.pdf.reference_card_pdf``).
"""

from __future__ import annotations

from typing import Any

from django.db.models import F
from django.utils.translation import gettext as _

from campaigns import selectors
from campaigns.models import Campaign
from core.errors import Invalid, Missing
from rosters.models import PackVersion
from rosters.services.packs import can_read


def _number(field: str, value: str) -> int:
    if not value.isdigit() or len(value) > 18:
        raise Invalid(field, _("%(field)s must be a whole number.") % {"field": field})
    return int(value)


def card_pack(
    *,
    system: str,
    user: Any,
    pack: str | None = None,
    token: str | None = None,
    campaign: str | None = None,
) -> PackVersion | None:
    """The pack version a card of ``system`` prints with, from the request's parameters
    (strings as sent, or None when absent); one query for a pack, two for a campaign."""
    if pack is not None and campaign is not None:
        raise Invalid("pack", _("Give a pack or a campaign, not both."))
    if pack is not None:
        found = (
            PackVersion.objects.select_related("pack")
            .filter(pack_id=_number("pack", pack), number=F("pack__version"))
            .first()
        )
        if found is None or not can_read(found.pack, user, token):
            raise Missing("pack", _("No such pack, or it is not shared."))
        version = found
    elif campaign is not None:
        played = (
            Campaign.objects.select_related("pack_version__pack")
            .filter(pk=_number("campaign", campaign))
            .first()
        )
        if played is None or not selectors.can_read(played, user):
            raise Missing("campaign", _("No such campaign, or you may not read it."))
        version = played.pack_version
    else:
        return None
    if version is not None and version.pack.system != system:
        field = "pack" if pack is not None else "campaign"
        raise Invalid(
            field,
            _("This pack is for %(game)s, not for this card's game.")
            % {"game": version.pack.game_name},
        )
    return version

"""A campaign's pack (issue #30): the exact version it plays with, its house rules kept in
its own pack, and the organiser choosing another pack between battles.

**Decisions.** A campaign plays with one ``PackVersion`` (none: the game's defaults). A
battle is scored when it is applied (at once, or when confirmed) with the version the
campaign plays with then, and keeps it (``Battle.pack_version``), so a later edit or change
of pack alters no battle played, and a void undoes from the history, not the pack. The
organiser may therefore change the pack at any time, a battle waiting for confirmation
included (it will be scored with the pack of its confirmation, and says which). The house
rules the organiser edits (the settings form, the API's ``house_rules``) are written to the
campaign's own pack (made on the first edit, from the tables of the pack it plays with),
whose new version the campaign then plays with (``campaigns.receivers``).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from campaigns.models import Campaign
from core.errors import Invalid, Missing, NotAllowed
from rosters import services as roster_services
from rosters.models import Pack
from rosters.services.packs import can_read, latest
from rules import get_system
from rules.packs import house_tables, tables_from_house_rules


def _organised(campaign: Campaign, user: AbstractBaseUser) -> Campaign:
    """The campaign's row, locked, when ``user`` organises it."""
    locked = Campaign.objects.select_for_update().filter(pk=campaign.pk).first()
    if locked is None:
        raise Missing("campaign", _("This campaign was deleted meanwhile."))
    if user.pk != locked.organiser_id:
        raise NotAllowed("campaign", _("Only the organiser can change the campaign's pack."))
    return locked


def house_rules_write(*, campaign: Campaign, house_rules: dict[str, Any]) -> None:
    """The campaign's house rules (checked by the game's reader already) written to its own
    pack; nothing when they are the ones it plays with. Caller holds the campaign's lock."""
    if house_rules == campaign.house_rules:
        return
    system = get_system(campaign.system)
    try:
        held = tables_from_house_rules(system, house_rules)
    except ValueError:  # a table the game's reader knows and its packs do not: none today
        raise Invalid("house_rules", _("This game's packs cannot hold these tables.")) from None
    version = campaign.pack_version
    base = {} if version is None else dict(version.document.get("tables", {}))
    house_ids = {table.id for table in house_tables(system)}
    tables = {k: v for k, v in base.items() if k not in house_ids} | held
    own = campaign.own_pack
    if own is None:
        own = roster_services.pack_create(
            owner=campaign.organiser, system=campaign.system, house_rules=True,
            name=_("%(campaign)s (house rules)") % {"campaign": campaign.name[:80]},
            tables=tables,
        )  # fmt: skip
        campaign.own_pack = own
    else:
        own = roster_services.pack_update(pack=own, user=own.owner, tables=tables)
    campaign.pack_version = latest(own)
    Campaign.objects.filter(pk=campaign.pk).update(own_pack=own, pack_version=campaign.pack_version)


@transaction.atomic
def campaign_pack_set(
    *, campaign: Campaign, user: AbstractBaseUser, pack: Pack | None, token: str | None = None
) -> Campaign:
    """The campaign plays with the latest version of ``pack`` from now on (None: no pack,
    the game's defaults): the organiser's choice, of a pack of the campaign's game that
    they own or hold the share link of (``token``)."""
    campaign = _organised(campaign, user)
    version = None
    if pack is not None:
        if not can_read(pack, user, token):
            raise Invalid("pack", _("No such pack, or it is not shared."))
        if pack.system != campaign.system:
            raise Invalid(
                "pack", _("This pack is for %(game)s, not for the campaign's game.")
                % {"game": pack.game_name},
            )  # fmt: skip
        version = latest(pack)
    campaign.pack_version = version
    campaign.save(update_fields=["pack_version"])
    return campaign


@transaction.atomic
def campaign_own_pack(*, campaign: Campaign, user: AbstractBaseUser) -> Pack:
    """The campaign's own pack, for the organiser to edit its house rules: made when it has
    none, from the tables of the pack it plays with; the campaign plays with its latest
    version from then on (its pack's edits move it on: ``campaigns.receivers``)."""
    campaign = _organised(campaign, user)
    own = campaign.own_pack
    if own is None:
        version = campaign.pack_version
        own = roster_services.pack_create(
            owner=campaign.organiser, system=campaign.system, house_rules=True,
            name=_("%(campaign)s (house rules)") % {"campaign": campaign.name[:80]},
            tables={} if version is None else version.document.get("tables", {}),
        )  # fmt: skip
        campaign.own_pack = own
    campaign.pack_version = latest(own)
    campaign.save(update_fields=["own_pack", "pack_version"])
    return own

"""Issue #30 stage 2: each campaign's house rules become its own pack (nothing lost).

A campaign whose ``house_rules`` hold any table gets a pack of its game, owned by its
organiser and marked as the campaign's own, whose version 1 holds those tables as the game's
packs hold them (``rules.packs.tables_from_house_rules``, which ``house_rules_from_pack``
reverses exactly); the campaign plays with that version. A campaign without house rules
keeps none (the game's defaults). Reversed, the pack's tables go back into ``house_rules``.

The pure rules core is imported as it is today: its readers are the contract of both shapes.
"""

from django.db import migrations

from rules import get_system
from rules.packs import (
    house_rules_from_pack,
    pack_document,
    parse_pack,
    tables_from_house_rules,
)


def forwards(apps, schema_editor):
    Campaign = apps.get_model("campaigns", "Campaign")
    Pack = apps.get_model("rosters", "Pack")
    PackVersion = apps.get_model("rosters", "PackVersion")
    for campaign in Campaign.objects.exclude(house_rules={}).order_by("pk"):
        house = campaign.house_rules or {}
        if not any(value is not None for value in house.values()):
            continue
        system = get_system(campaign.system)
        name = f"{campaign.name} (house rules)"[:100]
        document = pack_document(system.code, name, 1, tables_from_house_rules(system, house))
        read = parse_pack(document)  # DocumentError: a table no pack could hold (none known)
        kept = {k: v for k, v in house.items() if v is not None}
        if house_rules_from_pack(system, read) != kept:
            raise ValueError(f"campaign {campaign.pk}: its house rules do not survive a pack")
        pack = Pack.objects.create(
            owner_id=campaign.organiser_id, system=system.code, name=name, house_rules=True
        )
        version = PackVersion.objects.create(pack=pack, number=1, document=document)
        campaign.own_pack = pack
        campaign.pack_version = version
        campaign.save(update_fields=["own_pack", "pack_version"])


def backwards(apps, schema_editor):
    Campaign = apps.get_model("campaigns", "Campaign")
    for campaign in Campaign.objects.exclude(pack_version=None).select_related("pack_version"):
        system = get_system(campaign.system)
        campaign.house_rules = house_rules_from_pack(
            system, parse_pack(campaign.pack_version.document)
        )
        campaign.save(update_fields=["house_rules"])


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0011_campaign_pack_fields")]

    operations = [migrations.RunPython(forwards, backwards)]

"""One enrolment per squad and campaign.

Before the constraint, two enrolments sent at the same moment could both pass the check. Any
such duplicate keeps its copy, its battles and its history; only its link back to the
original squad is cleared (the first enrolment keeps it), so nothing stored is lost.
"""

from django.db import migrations, models


def unlink_duplicates(apps, schema_editor):
    Entry = apps.get_model("campaigns", "Entry")
    seen = set()
    duplicates = []
    rows = Entry.objects.exclude(original=None).order_by("enrolled", "pk")
    for pk, campaign_id, original_id in rows.values_list("pk", "campaign_id", "original_id"):
        if (campaign_id, original_id) in seen:
            duplicates.append(pk)
        seen.add((campaign_id, original_id))
    Entry.objects.filter(pk__in=duplicates).update(original=None)


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0001_initial"),
        ("rosters", "0002_squad_in_campaign"),
    ]

    operations = [
        migrations.RunPython(unlink_duplicates, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="entry",
            constraint=models.UniqueConstraint(
                fields=("campaign", "original"), name="entry_once_per_squad"
            ),
        ),
    ]

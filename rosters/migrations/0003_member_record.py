"""A model's game-specific values move into one ``record`` (JSON) per model.

Black Sun kept three columns: ``rp``, ``cv_loss`` and ``assists`` (a foreign key to the model
assisted). They become the record ``{"rp": ..., "cv_loss": ..., "assists": <name or null>}``,
the keys of the squad-roster/1 document; names are unique in a squad, so the name says which
model as well as the key did. Going back restores the three columns from the record.

The migration names the keys itself rather than asking ``rules``: a migration must do the
same thing whatever the game code becomes later.
"""

from django.db import migrations, models

BATCH = 500


def columns_to_record(apps, schema_editor):
    Member = apps.get_model("rosters", "Member")
    names = dict(Member.objects.values_list("pk", "name"))
    batch = []
    rows = Member.objects.only("pk", "rp", "cv_loss", "assists_id").order_by("pk")
    for member in rows.iterator(chunk_size=BATCH):
        member.record = {
            "rp": member.rp,
            "cv_loss": member.cv_loss,
            "assists": names.get(member.assists_id) if member.assists_id else None,
        }
        batch.append(member)
        if len(batch) == BATCH:
            Member.objects.bulk_update(batch, ["record"])
            batch = []
    Member.objects.bulk_update(batch, ["record"])


def record_to_columns(apps, schema_editor):
    Member = apps.get_model("rosters", "Member")
    by_name = {
        (squad_id, name): pk
        for pk, squad_id, name in Member.objects.values_list("pk", "squad_id", "name")
    }
    batch = []
    for member in Member.objects.order_by("pk").iterator(chunk_size=BATCH):
        record = member.record or {}
        member.rp = record.get("rp", 0)
        member.cv_loss = record.get("cv_loss", 0)
        assists = record.get("assists")
        member.assists_id = by_name.get((member.squad_id, assists)) if assists else None
        batch.append(member)
        if len(batch) == BATCH:
            Member.objects.bulk_update(batch, ["rp", "cv_loss", "assists"])
            batch = []
    Member.objects.bulk_update(batch, ["rp", "cv_loss", "assists"])


class Migration(migrations.Migration):
    dependencies = [("rosters", "0002_squad_in_campaign")]

    operations = [
        migrations.AddField(
            model_name="member",
            name="record",
            field=models.JSONField(blank=True, default=dict, verbose_name="record"),
        ),
        migrations.RunPython(columns_to_record, record_to_columns, elidable=False),
        migrations.RemoveField(model_name="member", name="assists"),
        migrations.RemoveField(model_name="member", name="cv_loss"),
        migrations.RemoveField(model_name="member", name="rp"),
    ]

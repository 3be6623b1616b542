"""Issue #30 stage 2: a campaign plays with a pack version; a battle keeps the one it was
scored with. The house rules move into packs in 0012 and their column goes in 0013."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0010_rounds"),
        ("rosters", "0011_packs"),
    ]

    operations = [
        migrations.AddField(
            model_name="battle",
            name="pack_version",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="rosters.packversion",
            ),
        ),
        migrations.AddField(
            model_name="campaign",
            name="own_pack",
            field=models.OneToOneField(
                blank=True,
                editable=False,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="campaign",
                to="rosters.pack",
            ),
        ),
        migrations.AddField(
            model_name="campaign",
            name="pack_version",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="rosters.packversion",
                verbose_name="pack",
            ),
        ),
    ]

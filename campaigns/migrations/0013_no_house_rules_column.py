"""Issue #30 stage 2: a campaign's house rules live in its pack (0012); the column goes."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0012_house_rules_into_packs")]

    operations = [
        migrations.RemoveField(model_name="campaign", name="house_rules"),
    ]

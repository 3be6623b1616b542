"""Joins the two lines of session 13: campaign packs (0011–0013) and a round's challenges and
crews (0011_challenges_and_crews). Neither touches the other's tables."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0011_challenges_and_crews"),
        ("campaigns", "0013_no_house_rules_column"),
    ]

    operations = []

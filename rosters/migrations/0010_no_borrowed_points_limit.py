"""Issue #28, item 2: until now a squad of any game was created with the first game's limit
of 200 points (the form was filled with it), so a game whose rules give no limit shows and
checks one nobody chose. A 200 on a squad of such a game is that borrowed default: it goes.
A limit any other number, and every limit of a game that has 200 as its own, stays."""

from django.db import migrations

BORROWED = 200  # the limit every new squad was given, whatever its game


# The games registered when this ran whose rules give no limit of their own (a migration
# keeps its own list: the registry may change after it).
GAMES_WITHOUT_A_LIMIT = ("necromunda", "one-page-modern", "bolt-action")


def forward(apps, schema_editor):
    apps.get_model("rosters", "Squad").objects.filter(
        system__in=GAMES_WITHOUT_A_LIMIT, points_limit=BORROWED
    ).update(points_limit=None)


class Migration(migrations.Migration):
    dependencies = [("rosters", "0009_printed")]

    # Backwards there is nothing to restore: a limit nobody chose.
    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]

"""Issue #28, item 2: until now a campaign of any game was created with the first game's limit
of 200 points (the form was filled with it), so a game whose rules give no limit shows and
checks one nobody chose (a gang costed by a points table "cannot report a battle"). A 200
on a campaign of such a game is that borrowed default: it goes. A limit any other number,
and every limit of a game that has 200 as its own, stays."""

from django.db import migrations

BORROWED = 200  # the limit every new campaign was given, whatever its game


def games_without_that_limit() -> list[str]:
    from rules import systems  # the registry as it is: which games have no limit of their own

    return [s.code for s in systems() if s.default_points_limit != BORROWED]


def forward(apps, schema_editor):
    apps.get_model("campaigns", "Campaign").objects.filter(
        system__in=games_without_that_limit(), points_limit=BORROWED
    ).update(points_limit=None)


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0008_entry_withdrawn")]

    # Backwards there is nothing to restore: a limit nobody chose.
    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]

"""A drawn ability's placeholder detail was stored translated into the drawer's language
("à désigner" for a French reader): store it as the English text, which every page now
translates for its reader (rules.i18n.TO_BE_NAMED)."""

from django.db import migrations

TRANSLATED = ["à désigner"]  # the French catalogue's text for "to be named"


def forwards(apps, schema_editor):
    Ability = apps.get_model("rosters", "Ability")
    Ability.objects.filter(detail__in=TRANSLATED).update(detail="to be named")


class Migration(migrations.Migration):
    dependencies = [("rosters", "0006_squad_units")]
    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]

"""Issue #30 stage 2: club packs stored, each edit a new immutable version."""

import django.db.models.deletion
import rosters.models
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("rosters", "0010_no_borrowed_points_limit"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Pack",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("system", models.CharField(max_length=40, verbose_name="game system")),
                ("name", models.CharField(max_length=100, verbose_name="name")),
                ("shared", models.BooleanField(default=False, verbose_name="shared by link")),
                (
                    "share_token",
                    models.CharField(
                        default=rosters.models.new_share_token, max_length=40, unique=True
                    ),
                ),
                (
                    "house_rules",
                    models.BooleanField(
                        default=False, editable=False, verbose_name="a campaign's own pack"
                    ),
                ),
                ("version", models.PositiveIntegerField(default=1, editable=False)),
                ("created", models.DateTimeField(auto_now_add=True)),
                ("updated", models.DateTimeField(auto_now=True)),
                (
                    "owner",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="packs",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["name", "pk"],
            },
        ),
        migrations.CreateModel(
            name="PackVersion",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveIntegerField(verbose_name="version")),
                ("document", models.JSONField(verbose_name="document")),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "pack",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="versions",
                        to="rosters.pack",
                    ),
                ),
            ],
            options={
                "ordering": ["pack", "-number"],
            },
        ),
        migrations.AddConstraint(
            model_name="pack",
            constraint=models.CheckConstraint(
                condition=models.Q(("version__gte", 1)), name="pack_version_gte_1"
            ),
        ),
        migrations.AddConstraint(
            model_name="pack",
            constraint=models.CheckConstraint(
                condition=models.Q(("name", ""), _negated=True), name="pack_name_not_empty"
            ),
        ),
        migrations.AddConstraint(
            model_name="packversion",
            constraint=models.UniqueConstraint(
                fields=("pack", "number"), name="pack_version_unique"
            ),
        ),
        migrations.AddConstraint(
            model_name="packversion",
            constraint=models.CheckConstraint(
                condition=models.Q(("number__gte", 1)), name="pack_version_number_gte_1"
            ),
        ),
    ]

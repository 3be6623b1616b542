"""``manage.py seed_demo``: on an empty development database, a demo account with squads."""

import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from rosters.demo import demo_rosters
from rosters.services import squad_import


class Command(BaseCommand):
    help = "Create a 'demo' account owning one legal squad per faction (empty database only)."

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true", help="run even with DEBUG off")

    def handle(self, *args, **options):
        if not settings.DEBUG and not options["force"]:
            self.stdout.write("seed_demo: DEBUG is off, nothing done.")
            return
        users = get_user_model().objects
        if users.exists():
            self.stdout.write("seed_demo: the database has accounts already, nothing done.")
            return
        password = secrets.token_urlsafe(9)
        with transaction.atomic():
            user = users.create_user(username="demo", password=password)
            for roster in demo_rosters():
                squad_import(owner=user, roster=roster)
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo account created: log in as 'demo' with password '{password}'."
            )
        )

from django.apps import AppConfig
from django.core.management import call_command


def create_cache_tables(sender, using: str = "default", verbosity: int = 1, **kwargs) -> None:
    """Every ``migrate`` (``make run``, a deployment, the test databases) also creates the
    table of a database cache (settings.CACHES), if it is missing."""
    call_command("createcachetable", database=using, verbosity=verbosity)


class AccountsConfig(AppConfig):
    name = "accounts"

    def ready(self) -> None:
        from django.db.models.signals import post_migrate

        post_migrate.connect(create_cache_tables, sender=self, dispatch_uid="accounts.cache")

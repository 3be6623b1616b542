from django.apps import AppConfig


class PrintingConfig(AppConfig):
    name = "printing"

    def ready(self) -> None:
        from printing import receivers  # noqa: F401  (connects them)

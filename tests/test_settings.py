from django.db.backends.sqlite3.base import DatabaseWrapper

from config.settings import BASE_DIR, database_config


def test_default_database_is_sqlite_in_the_project_folder():
    config = database_config(None)

    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == str(BASE_DIR / "db.sqlite3")


def test_sqlite_uses_wal_and_immediate_transactions():
    options = database_config(None)["OPTIONS"]

    assert options["transaction_mode"] == "IMMEDIATE"
    assert "PRAGMA journal_mode=WAL" in options["init_command"]


def test_sqlite_options_apply_to_any_sqlite_url(tmp_path):
    config = database_config(f"sqlite:///{tmp_path / 'other.sqlite3'}")

    assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


def test_postgres_url_gets_no_sqlite_options():
    config = database_config("postgres://squads@db.example:5432/squads")

    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert config["NAME"] == "squads"
    assert config["HOST"] == "db.example"
    assert "transaction_mode" not in config.get("OPTIONS", {})
    assert "init_command" not in config.get("OPTIONS", {})


def test_a_real_sqlite_connection_opens_in_wal_mode(tmp_path, django_db_blocker):
    # A connection of its own on a file: the test database may be in memory or PostgreSQL.
    config = database_config(f"sqlite:///{tmp_path / 'wal.sqlite3'}")
    config.update(TIME_ZONE=None, CONN_HEALTH_CHECKS=False, AUTOCOMMIT=True)
    connection = DatabaseWrapper(config, alias="wal_check")
    try:
        with django_db_blocker.unblock(), connection.cursor() as cursor:
            cursor.execute("PRAGMA journal_mode")
            assert cursor.fetchone()[0] == "wal"
            cursor.execute("PRAGMA busy_timeout")
            assert cursor.fetchone()[0] == 5000
        assert connection.transaction_mode == "IMMEDIATE"
    finally:
        connection.close()


def test_a_server_error_is_logged_with_debug_off(capsys, settings):
    """Issue #10, item 12: with Django's default logging a 500 left no trace in production."""
    import logging
    import logging.config

    settings.DEBUG = False
    logging.config.dictConfig(settings.LOGGING)  # bound to the captured stderr
    try:
        raise ZeroDivisionError("boom")
    except ZeroDivisionError:
        logging.getLogger("django.request").exception("Internal Server Error: /x/")

    logged = capsys.readouterr().err
    assert "ERROR django.request Internal Server Error: /x/" in logged
    assert "ZeroDivisionError: boom" in logged

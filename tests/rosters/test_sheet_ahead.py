"""Sheets rendered ahead on the task queue (issue #13, printing/tasks.py): an edit of a squad
printed before enqueues a render of the version it made, once it commits; a burst of edits
renders once; the render fills the cache the download reads, so the download after an edit
does not render. A squad nobody printed costs no task."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from printing import pdf, tasks
from rosters import services
from rosters.models import Squad
from rules import get_system

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("database_queue")]


@pytest.fixture
def squad(user) -> Squad:
    """A squad whose sheet was downloaded before."""
    squad = services.squad_import(owner=user, roster=get_system("bolt-action").demo()[0])
    Squad.objects.filter(pk=squad.pk).update(printed=True)
    squad.refresh_from_db()
    return squad


def rename(squad: Squad, name: str) -> Squad:
    return services.squad_update(
        squad=squad, name=name, faction=squad.faction, points_limit=squad.points_limit
    )


def test_an_edit_enqueues_a_render_of_its_version_once_it_commits(
    squad, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as pending:
        rename(squad, "Kampfgruppe Weiss")
        assert not DBTaskResult.objects.exists()  # nothing before the commit
    for callback in pending:
        callback()
    task = DBTaskResult.objects.get()
    assert task.task_path == "printing.tasks.render_sheet"
    squad.refresh_from_db()
    assert task.args_kwargs["args"] == [squad.pk, squad.version, "en"]
    assert task.run_after > timezone.now() + timedelta(seconds=1)  # debounced


def test_a_burst_of_edits_renders_once_and_fills_the_downloads_cache(
    squad, django_capture_on_commit_callbacks, settings, monkeypatch
):
    settings.PRERENDER_DELAY_SECONDS = 0
    for name in ("A", "B", "C"):
        with django_capture_on_commit_callbacks(execute=True):
            squad = rename(squad, name)
    assert DBTaskResult.objects.count() == 3
    renders = []
    real = pdf.render_pdf
    monkeypatch.setattr(pdf, "render_pdf", lambda *a, **k: renders.append(1) or real(*a, **k))

    # What the worker does with each (CI's smoke test runs the real db_worker)
    queued = DBTaskResult.objects.order_by("enqueued_at")
    results = [tasks.render_sheet.call(*t.args_kwargs["args"]) for t in queued]
    assert sorted(results) == [tasks.RENDERED, tasks.STALE, tasks.STALE]  # the last edit's
    assert len(renders) == 1
    squad.refresh_from_db()
    body, _name = pdf.stored_squad_pdf(squad)  # the download: from the cache, no render
    assert body.startswith(b"%PDF") and len(renders) == 1


def test_a_render_for_a_squad_gone_or_changed_does_nothing(squad):
    assert tasks.render_sheet.call(squad.pk, squad.version + 1, "en") == tasks.STALE
    assert tasks.render_sheet.call(squad.pk + 1000, 1, "en") == tasks.GONE


def test_with_the_queue_off_nothing_is_enqueued(
    squad, django_capture_on_commit_callbacks, settings
):
    settings.PRERENDER_SHEETS = False
    with django_capture_on_commit_callbacks(execute=True):
        rename(squad, "Off")
    assert not DBTaskResult.objects.exists()


def test_a_game_with_no_sheet_is_not_an_error_for_the_worker(squad, monkeypatch):
    def no_sheet(*args, **kwargs):
        raise pdf.NotPrintable(squad.system)

    monkeypatch.setattr(tasks, "stored_squad_pdf", no_sheet)
    assert tasks.render_sheet.call(squad.pk, squad.version, "en") == tasks.NOT_PRINTABLE


def test_a_squad_never_printed_enqueues_nothing_until_its_first_download(
    user, django_capture_on_commit_callbacks
):
    squad = services.squad_import(owner=user, roster=get_system("bolt-action").demo()[0])
    assert not squad.printed
    with django_capture_on_commit_callbacks(execute=True):
        squad = rename(squad, "Never printed")
    assert not DBTaskResult.objects.exists()

    assert tasks.squad_pdf_or_on_its_way(squad) is None  # asked of the worker: on its way
    assert Squad.objects.get(pk=squad.pk).printed
    DBTaskResult.objects.all().delete()
    with django_capture_on_commit_callbacks(execute=True):
        squad = rename(squad, "Printed now")
    task = DBTaskResult.objects.get()
    assert task.args_kwargs["args"] == [squad.pk, squad.version, "en"]


def test_a_battle_renders_ahead_only_the_squads_printed_before(
    squad, user, django_capture_on_commit_callbacks
):
    other = services.squad_import(owner=user, roster=get_system("bolt-action").demo()[0])
    with django_capture_on_commit_callbacks(execute=True):
        services.squads_touch(squad_ids=[squad.pk, other.pk])
    task = DBTaskResult.objects.get()
    assert task.args_kwargs["args"][0] == squad.pk

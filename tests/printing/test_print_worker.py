"""The task worker starts ready to print (issue #28, item 13): ``manage.py print_worker``, which
``make serve`` and ``make run`` start, warms the print engine and renders every game's
quick-reference card (both papers, both languages) into the shared PDF cache before it takes
its first task, so that the first download of a card renders nothing, then works the queue as
``db_worker`` does."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation
from django_tasks_db.models import DBTaskResult

from printing import engine, pdf
from rosters import services
from rules import get_system
from tests.printing.conftest import page_sizes, pdf_text

# Transactional: the worker closes the database connection when it is done (as db_worker
# does between tasks), which on PostgreSQL would end a test wrapped in a transaction.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("database_queue")]


def never_rendered(*args, **kwargs):
    raise AssertionError("rendered in the request: the card was not in the cache")


def test_the_worker_warms_the_engine_and_renders_every_reference_card_ahead(
    client, user, monkeypatch
):
    started = []
    start = engine.start
    monkeypatch.setattr(engine, "start", lambda **kw: started.append(True) or start(**kw))
    squad = services.squad_import(owner=user, roster=get_system("black-sun").demo()[0])
    client.force_login(user)
    assert client.get(reverse("print:squad_sheet", args=[squad.pk])).status_code == 202

    call_command("print_worker", "--batch", "--no-startup-delay", verbosity=0)

    assert started == [True]
    assert not DBTaskResult.objects.ready().exists()  # then it worked the queue
    monkeypatch.setattr(pdf, "render_pdf", never_rendered)
    systems = pdf.reference_cards()
    assert len(systems) == 4  # the four games
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            for system in systems:
                for paper, size in (("a4", (595, 842)), ("letter", (612, 792))):
                    card = pdf.reference_card_pdf(system, paper=paper)  # from the cache
                    assert page_sizes(card)[0] == size, (system, paper, language)
    url = reverse("print:reference_card", args=["necromunda"]) + "?paper=letter"
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    cards = {}
    for language in ("en", "fr"):
        with translation.override(language):
            cards[language] = pdf_text(pdf.reference_card_pdf("black-sun"))
    assert "RÉFÉRENCE RAPIDE" in cards["fr"] and "RÉFÉRENCE RAPIDE" not in cards["en"]
    assert client.get(reverse("print:squad_sheet", args=[squad.pk])).status_code == 200


def test_a_warm_up_that_fails_leaves_the_worker_running(monkeypatch, caplog):
    def broken(**kwargs):
        raise engine.RenderFailed("no fonts")

    monkeypatch.setattr(engine, "start", broken)

    call_command("print_worker", "--batch", "--no-startup-delay", verbosity=0)

    assert "the print engine could not be warmed" in caplog.text

"""With the queue off (``TASK_QUEUE=off``) a download renders its PDF in its request; a web
worker's threads (gunicorn's gthread) then render one PDF at a time (``printing.pdf``), so
that the renders never outnumber the web workers (several at once in threads shared the
cores until each outlived the print budget: 503), while the other threads serve the pages.
A download that would wait behind ``PDF_WAITERS`` others answers that the PDF is on its way
(202, Retry-After) instead of holding the last threads of its worker."""

from __future__ import annotations

import threading
import time

import pytest
from django.urls import reverse

from printing import engine, pdf, tasks, waiting
from rosters import services
from rules import get_system

pytestmark = pytest.mark.django_db


@pytest.fixture
def queue_off(settings):
    settings.PRINT_ON_QUEUE = False
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "pdf": None}


def test_renders_in_threads_of_one_process_run_one_at_a_time(queue_off, monkeypatch):
    running, most = [0], [0]
    count = threading.Lock()

    def slow_render(html, **options):
        with count:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.2)  # long enough for the other threads to try
        with count:
            running[0] -= 1
        return b"%PDF-1.7 made up"

    monkeypatch.setattr(engine, "render", slow_render)
    threads = [
        threading.Thread(target=pdf.reference_card_pdf, args=("black-sun",), kwargs={"paper": p})
        for p in ("a4", "letter", "a4", "letter")
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert most[0] == 1
    assert pdf.renders_in_line() == 0


def test_a_download_behind_too_many_renders_answers_that_it_is_on_its_way(
    queue_off, settings, client, user, monkeypatch
):
    squad = services.squad_import(owner=user, roster=get_system("black-sun").demo()[0])
    client.force_login(user)
    settings.PDF_WAITERS = 1
    monkeypatch.setattr(pdf, "_in_line", 1)  # another thread of this process renders now
    monkeypatch.setattr(pdf, "_render_seconds", 1.0)  # as this process measured its renders
    response = client.get(reverse("print:squad_sheet", args=[squad.pk]))
    assert response.status_code == 202
    assert response["Retry-After"] == "2"  # the render in line, then its own
    monkeypatch.setattr(pdf, "_in_line", 0)
    response = client.get(reverse("print:squad_sheet", args=[squad.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"


def test_with_the_queue_off_retry_after_is_the_renders_in_line_of_this_process(
    queue_off, monkeypatch
):
    """As long as the renders ahead in this process and its own, as this process measured
    them lately; no wait on Redis is taken off (with the queue off nothing waits there)."""
    monkeypatch.setattr(waiting, "redis_client", lambda: object())  # Redis is there
    monkeypatch.setattr(pdf, "_in_line", 2)
    monkeypatch.setattr(pdf, "_render_seconds", 1.5)
    assert tasks.retry_after(wait=10) == 5  # (2 + 1) x 1.5 s, rounded up

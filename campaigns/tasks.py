"""The campaign report PDF, rendered by the task worker as the squads' sheets are
(``rosters.tasks``): a download that finds no PDF in the shared cache enqueues its render
once and answers that it is on its way (the page polls with htmx, the API answers 202 with
where to fetch it); a render the print budget stopped is remembered until a download has
said why. With the queue off (``TASK_QUEUE=off``) a download renders in its request.
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.utils import translation
from django.utils.translation import gettext
from django_tasks import task

from campaigns import printing, selectors
from campaigns.models import Campaign
from rosters.pdf import PrintTooLong
from rosters.tasks import (
    ASKED_PRIORITY,
    FAILED,
    FAILED_SECONDS,
    GONE,
    ON_ITS_WAY_SECONDS,
    RENDERED,
    STALE,
)


def _marks(key: str) -> tuple[str, str]:
    return f"on-its-way:{key}", f"failed:{key}"


@task()
def render_report(
    campaign_id: int, stamp: str, language: str, paper: str = "a4", page_url: str = ""
) -> str:
    """Render a campaign's report into the shared cache, unless the campaign changed since
    the download asked (``stale``: the next download asks for the new one) or is gone. A
    failure is remembered for the download to tell."""
    campaign = Campaign.objects.select_related("organiser").filter(pk=campaign_id).first()
    if campaign is None:
        return GONE
    with translation.override(language):
        on_its_way, failed = _marks(printing.report_key(campaign, stamp=stamp, paper=paper))
        try:
            if selectors.report_stamp(campaign) != stamp:
                return STALE
            printing.report_pdf(campaign, paper=paper, stamp=stamp, page_url=page_url)
        except PrintTooLong as error:
            cache.set(failed, error.message, FAILED_SECONDS)
            return FAILED
        except Exception:
            cache.set(failed, gettext("This PDF could not be printed."), ON_ITS_WAY_SECONDS)
            raise
        finally:
            cache.delete(on_its_way)
    return RENDERED


def report_on_its_way(campaign: Campaign, *, stamp: str, paper: str = "a4") -> bool:
    """Whether a download already asked the worker for this report, which is not there yet:
    a request that asks again costs nothing (no render, no count against the PDF limit)."""
    if not settings.PRINT_ON_QUEUE:
        return False
    key = printing.report_key(campaign, stamp=stamp, paper=paper)
    return cache.get(_marks(key)[0]) is not None and cache.get(key) is None


def report_pdf_or_on_its_way(
    campaign: Campaign, *, stamp: str, paper: str = "a4", page_url: str = ""
) -> bytes | None:
    """The campaign's report in the state ``stamp`` (``selectors.report_stamp``), or
    ``None`` when the worker is printing it (enqueued once; the immediate backend of the
    tests runs it at once). With the queue off it is rendered here. Raises ``PrintTooLong``
    for a render the budget stopped (in the worker: the message it left)."""
    if not settings.PRINT_ON_QUEUE:
        return printing.report_pdf(campaign, paper=paper, stamp=stamp, page_url=page_url)
    key = printing.report_key(campaign, stamp=stamp, paper=paper)
    pdf = cache.get(key)
    if pdf is not None:
        return pdf
    on_its_way, failed = _marks(key)
    if cache.get(failed) is None and cache.add(on_its_way, True, ON_ITS_WAY_SECONDS):
        language = translation.get_language() or settings.LANGUAGE_CODE
        render_report.using(priority=ASKED_PRIORITY).enqueue(
            campaign.pk, stamp, language, paper=paper, page_url=page_url
        )
        pdf = cache.get(key)  # there already if the backend ran the task at once
    message = cache.get(failed)
    if message is not None:  # said once: the next download asks the worker again
        cache.delete(failed)
        raise PrintTooLong("", message)
    return pdf
